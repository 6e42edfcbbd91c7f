/**
 * The dates an imported file may hold, beyond the product's own `YYYY-MM-DD`: the forms the app
 * shows and spreadsheets write, turned into `YYYY-MM-DD` before the token schemas read them.
 *
 * - month names, in English, either way round: "Jan 5, 2027", "January 5 2027", "5 Jan 2027";
 * - numbers with `/`, `.` or `-`: "05/01/2027". Whether that is the 5th of January or the 1st of
 *   May is decided once per file: by a date of the file whose first number is above 12 (day
 *   first) or whose second is (month first); when every date could be either, by the importer's
 *   locale; a file that shows both orders has none, and its numeric dates are refused.
 *
 * Anything else is left as it is, for the schemas to accept (ISO dates and date-times) or refuse.
 */

export const NUMERIC_DATE_ORDERS = ['day-month-year', 'month-day-year'] as const;
export type NumericDateOrder = (typeof NUMERIC_DATE_ORDERS)[number];

/** How a file's numeric dates were read, for the preview to say. */
export interface NumericDates {
  readonly order: NumericDateOrder;
  /** `file`: one of its dates could be read one way only; `locale`: the importer's. */
  readonly from: 'file' | 'locale';
}

/** The token fields that hold dates. */
export const IMPORT_DATE_FIELDS = ['expiresAt', 'renewal_date'] as const;

const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const MONTH_FIRST = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A month's number (1 to 12) from its English name or its first three letters ("Sept" too). */
function monthOfName(name: string): number | null {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex(
    (month) => month === lower || (lower.length >= 3 && month.startsWith(lower)),
  );
  return index === -1 ? null : index + 1;
}

/** `YYYY-MM-DD` of a day, month and year, when they make a real date; else null. */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The order of a file's numeric dates: from the dates themselves, else `locale`; null when they
 * show both orders, or when none could tell and no locale order is given.
 */
export function numericDateOrderOf(
  values: readonly unknown[],
  locale: NumericDateOrder | undefined,
): NumericDates | null {
  let dayFirst = false;
  let monthFirst = false;
  let numeric = false;
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const match = NUMERIC.exec(value.trim());
    if (!match) continue;
    numeric = true;
    const [first, second] = [Number(match[1]), Number(match[2])];
    if (first > 12) dayFirst = true;
    if (second > 12) monthFirst = true;
  }
  if (!numeric || (dayFirst && monthFirst)) return null;
  if (dayFirst) return { order: 'day-month-year', from: 'file' };
  if (monthFirst) return { order: 'month-day-year', from: 'file' };
  return locale ? { order: locale, from: 'locale' } : null;
}

/** A date cell as `YYYY-MM-DD` when it is one of the forms above; else as it is. */
export function importDateValue(value: unknown, order: NumericDateOrder | null): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const numeric = NUMERIC.exec(text);
  if (numeric) {
    if (order === null) return value;
    const [first, second, year] = numeric.slice(1, 4).map(Number) as [number, number, number];
    const [day, month] = order === 'day-month-year' ? [first, second] : [second, first];
    return isoDay(year, month, day) ?? value;
  }
  const monthFirst = MONTH_FIRST.exec(text);
  const dayFirst = monthFirst ? null : DAY_FIRST.exec(text);
  const named = monthFirst
    ? { month: monthFirst[1], day: monthFirst[2], year: monthFirst[3] }
    : dayFirst
      ? { day: dayFirst[1], month: dayFirst[2], year: dayFirst[3] }
      : null;
  if (!named?.month) return value;
  const month = monthOfName(named.month);
  if (month === null) return value;
  return isoDay(Number(named.year), month, Number(named.day)) ?? value;
}
