import { CRITICAL_DAYS, LONG_TERM_DAYS, WARNING_DAYS, expiryStatus } from './expiry-status';
import { addCalendarDays } from './calendar-date';

const now = new Date('2025-06-15T18:30:00Z');
const inDays = (days: number) => addCalendarDays(now, days);

describe('expiryStatus', () => {
  it('puts the thresholds at 7, 30 and 365 days', () => {
    expect([CRITICAL_DAYS, WARNING_DAYS, LONG_TERM_DAYS]).toEqual([7, 30, 365]);
  });

  it.each([
    [-400, 'expired', 'Expired'],
    [-1, 'expired', 'Expired'],
    [0, 'critical', 'Today'],
    [1, 'critical', '1 day'],
    [6, 'critical', '6 days'],
    [7, 'warning', '7 days'],
    [29, 'warning', '29 days'],
    [30, 'ok', '30 days'],
    [364, 'ok', '364 days'],
    [365, 'long_term', 'Long-term'],
    [3650, 'long_term', 'Long-term'],
  ])('%i days left is %s', (days, status, label) => {
    expect(expiryStatus(inDays(days), now)).toEqual({ status, daysRemaining: days, label });
  });

  it('counts whole UTC days for date-times', () => {
    expect(expiryStatus('2025-06-15T00:00:00Z', now).status).toBe('critical');
    expect(expiryStatus('2025-06-14T23:59:59Z', now).status).toBe('expired');
    expect(expiryStatus('2025-06-22T00:00:00Z', now)).toMatchObject({
      status: 'warning',
      daysRemaining: 7,
    });
  });

  it.each(['', 'soon', '2025-02-30', '2025-06-15T24:00'])('%p is invalid', (value) => {
    expect(expiryStatus(value, now)).toEqual({
      status: 'invalid',
      daysRemaining: null,
      label: 'Invalid date',
    });
  });
});
