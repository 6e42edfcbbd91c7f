import { importDateValue, numericDateOrderOf } from './import-dates';

describe('dates of an imported file', () => {
  it('reads month names either way round, abbreviated or not, in any case', () => {
    for (const text of [
      'Jan 5, 2027',
      'January 5 2027',
      '5 Jan 2027',
      '5 january 2027',
      'JAN. 5, 2027',
      '5th Jan 2027',
    ]) {
      expect({ text, read: importDateValue(text, null) }).toEqual({ text, read: '2027-01-05' });
    }
    expect(importDateValue('Sept 30, 2027', null)).toBe('2027-09-30');
  });

  it('reads numeric dates in the order given, with any separator', () => {
    expect(importDateValue('05/01/2027', 'day-month-year')).toBe('2027-01-05');
    expect(importDateValue('05/01/2027', 'month-day-year')).toBe('2027-05-01');
    expect(importDateValue('5.1.2027', 'day-month-year')).toBe('2027-01-05');
    expect(importDateValue('1-5-2027', 'month-day-year')).toBe('2027-01-05');
  });

  it('leaves alone what it cannot read for sure, for the schemas to accept or refuse', () => {
    expect(importDateValue('2027-01-05', 'day-month-year')).toBe('2027-01-05');
    expect(importDateValue('2027-01-05T10:00:00Z', null)).toBe('2027-01-05T10:00:00Z');
    expect(importDateValue('05/01/2027', null)).toBe('05/01/2027');
    expect(importDateValue('31/02/2027', 'day-month-year')).toBe('31/02/2027');
    expect(importDateValue('Feb 30, 2027', null)).toBe('Feb 30, 2027');
    expect(importDateValue('Smarch 5, 2027', null)).toBe('Smarch 5, 2027');
    expect(importDateValue(46_000, null)).toBe(46_000);
  });

  it("decides a file's numeric order from a date that can be read one way only", () => {
    expect(numericDateOrderOf(['01/02/2027', '25/12/2027'], 'month-day-year')).toEqual({
      order: 'day-month-year',
      from: 'file',
    });
    expect(numericDateOrderOf(['01/02/2027', '12/25/2027'], 'day-month-year')).toEqual({
      order: 'month-day-year',
      from: 'file',
    });
  });

  it("takes the importer's locale when every date could be either, and no order from a mixed file", () => {
    expect(numericDateOrderOf(['01/02/2027', '2027-03-04'], 'day-month-year')).toEqual({
      order: 'day-month-year',
      from: 'locale',
    });
    expect(numericDateOrderOf(['01/02/2027'], undefined)).toBeNull();
    expect(numericDateOrderOf(['25/12/2027', '12/25/2027'], 'day-month-year')).toBeNull();
    expect(numericDateOrderOf(['2027-01-05', null, 7], 'day-month-year')).toBeNull();
  });
});
