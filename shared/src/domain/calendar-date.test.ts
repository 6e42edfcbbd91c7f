import {
  addCalendarDays,
  calendarDaysBetween,
  isAfterToday,
  isAfterTodaySomewhere,
  dayBegunEverywhere,
  normalizeDate,
  parseDate,
  readClock,
  toIsoDate,
} from './calendar-date';

describe('calendar dates', () => {
  it('parses dates and date-times', () => {
    expect(parseDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDate('2025-02-29')).toBeNull();
    expect(parseDate('2025-06-15T10:20:30.123+01:00')?.toISOString()).toBe(
      '2025-06-15T09:20:30.123Z',
    );
    expect(parseDate('2025-06-15 10:20')?.toISOString()).toBe('2025-06-15T10:20:00.000Z');
    expect(parseDate('2025-06-15T10:60')).toBeNull();
    expect(parseDate('June 15, 2025')).toBeNull();
  });

  it('accepts the years 1970 to 9999 only, written and in UTC', () => {
    expect(parseDate('1970-01-01')?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(parseDate('9999-12-31')?.toISOString()).toBe('9999-12-31T00:00:00.000Z');
    expect(parseDate('9999-12-31T23:59:59.999Z')?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(parseDate('1969-12-31T23:30:00-01:00')).toBeNull();
    for (const outside of [
      '1969-12-31',
      '1900-01-01',
      '0100-01-01',
      '0001-01-01',
      '0000-01-01',
      '10000-01-01',
      '+010000-01-01',
      '-000001-01-01',
      '+275760-09-13T00:00:00.000Z',
      '1970-01-01T00:30:00+01:00',
      '9999-12-31T23:00:00-05:00',
    ]) {
      expect([outside, parseDate(outside)]).toEqual([outside, null]);
      expect([outside, normalizeDate(outside)]).toEqual([outside, null]);
    }
    expect(normalizeDate('9999-12-31T10:00:00+14:00')).toBe('9999-12-30T20:00:00.000Z');
  });

  it('normalizes', () => {
    expect(normalizeDate(' 2025-06-15 ')).toBe('2025-06-15');
    expect(normalizeDate('2025-06-15T10:00Z')).toBe('2025-06-15T10:00:00.000Z');
    expect(normalizeDate('x')).toBeNull();
  });

  it('counts UTC calendar days', () => {
    const now = new Date('2025-06-15T23:59:59Z');
    expect(calendarDaysBetween(now, new Date('2025-06-16T00:00:00Z'))).toBe(1);
    expect(calendarDaysBetween(now, new Date('2025-06-15T00:00:00Z'))).toBe(0);
    expect(isAfterToday(new Date('2025-06-15T23:59:59Z'), now)).toBe(false);
    expect(isAfterToday(new Date('2025-06-16T00:00:00Z'), now)).toBe(true);
    // 03:55 UTC on the 16th is 19:55 on the 15th in Los Angeles: the 16th is still their tomorrow.
    const losAngelesEvening = new Date('2025-06-16T03:55:00Z');
    expect(isAfterToday(new Date('2025-06-16'), losAngelesEvening)).toBe(false);
    expect(isAfterTodaySomewhere(new Date('2025-06-16'), losAngelesEvening)).toBe(true);
    expect(isAfterTodaySomewhere(new Date('2025-06-15'), losAngelesEvening)).toBe(false);
    expect(dayBegunEverywhere(losAngelesEvening)).toBe('2025-06-15');
    // Once the 16th has begun in UTC-12 (at noon UTC), it is today everywhere.
    expect(isAfterTodaySomewhere(new Date('2025-06-16'), new Date('2025-06-16T12:00:00Z'))).toBe(
      false,
    );
    expect(addCalendarDays(now, 1)).toBe('2025-06-16');
    expect(toIsoDate(now)).toBe('2025-06-15');
  });

  it('reads a clock', () => {
    const date = new Date(0);
    expect(readClock(date)).toBe(date);
    expect(readClock(() => date)).toBe(date);
  });
});
