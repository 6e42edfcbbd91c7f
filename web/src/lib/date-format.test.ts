import { EMPTY_VALUE, formatDateText, formatDateValue, localIsoDate } from './date-format';

describe('dates in the user locale', () => {
  it('writes a calendar day in the locale, the same day in every time zone, ISO beside it', () => {
    expect(formatDateValue('2026-01-02', 'day', 'en-US')).toEqual({
      text: 'Jan 2, 2026',
      iso: '2026-01-02',
      machine: '2026-01-02',
    });
    expect(formatDateValue('2026-01-02', 'day', 'de-DE')?.text).toBe('02.01.2026');
    expect(formatDateValue('2026-01-02', 'day', 'en-GB')?.text).toBe('2 Jan 2026');
    // A stored instant is the day of its UTC date, as entered.
    expect(formatDateValue('2026-01-02T23:30:00.000Z', 'day', 'en-US')?.iso).toBe('2026-01-02');
  });

  it('writes an instant with its time in the browser zone, the ISO date and time beside it', () => {
    const iso = '2026-01-02T11:59:00.000Z';
    const instant = new Date(iso);
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${localIsoDate(instant)} ${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
    expect(formatDateValue(iso, 'dateTime', 'en-US')).toEqual({
      text: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        instant,
      ),
      iso: local,
      machine: iso,
    });
    expect(formatDateValue(iso, 'date', 'en-US')?.iso).toBe(localIsoDate(instant));
    expect(formatDateValue(iso, 'date', 'en-US')?.text).toMatch(/^Jan [1-3], 2026$/);
  });

  it('writes a month in the locale', () => {
    expect(formatDateValue('2026-07', 'month', 'en-US')).toEqual({
      text: 'July 2026',
      iso: '2026-07',
      machine: '2026-07',
    });
    expect(formatDateValue('2026-13', 'month', 'en-US')?.text).toBe('2026-13');
  });

  it('shows "—" for nothing and leaves what is not a date as it is', () => {
    for (const empty of [null, undefined, '', '  ']) {
      expect(formatDateValue(empty, 'day')).toBeUndefined();
      expect(formatDateText(empty, 'dateTime')).toBe(EMPTY_VALUE);
    }
    expect(EMPTY_VALUE).toBe('—');
    expect(formatDateValue('not a date', 'day')).toEqual({
      text: 'not a date',
      iso: 'not a date',
      machine: 'not a date',
    });
    expect(formatDateText('2026-02-30', 'day')).toBe('2026-02-30');
    expect(formatDateText('soon', 'dateTime')).toBe('soon');
  });

  it('follows the browser language when no locale is given', () => {
    const browser = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(formatDateText('2030-12-31', 'day')).toBe(browser.format(Date.UTC(2030, 11, 31)));
  });

  it('gives the ISO day of an instant in the browser zone', () => {
    expect(localIsoDate(new Date(2026, 0, 2, 23, 59))).toBe('2026-01-02');
    expect(localIsoDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
