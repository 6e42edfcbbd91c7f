import {
  addCalendarDays,
  calendarDaysBetween,
  isAfterToday,
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
    expect(addCalendarDays(now, 1)).toBe('2025-06-16');
    expect(toIsoDate(now)).toBe('2025-06-15');
  });

  it('reads a clock', () => {
    const date = new Date(0);
    expect(readClock(date)).toBe(date);
    expect(readClock(() => date)).toBe(date);
  });
});
