import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { daysLeftText } from './recent-alert-text';

const now = new Date('2026-03-10T15:00:00Z');

describe('daysLeftText', () => {
  it.each([
    [5, 'Expires in 5 days'],
    [1, 'Expires tomorrow'],
    [0, 'Expires today'],
    [-1, 'Expired yesterday'],
    [-2, 'Expired 2 days ago'],
  ])('%i days from now reads "%s"', (days, text) => {
    expect(daysLeftText(addCalendarDays(now, days), now)).toBe(text);
  });

  it('counts from the day of `now`, whatever the expiry time of day', () => {
    expect(daysLeftText('2026-03-15T23:00:00.000Z', now)).toBe('Expires in 5 days');
  });

  it('says nothing for an expiry that is not a date', () => {
    expect(daysLeftText('soon', now)).toBeNull();
  });
});
