/**
 * Dates as the product reads them: `YYYY-MM-DD` (a UTC calendar day) or a full ISO 8601 date-time.
 * Day arithmetic is in whole UTC calendar days. Years run from 1970 to 9999, written and once in
 * UTC, so every accepted date has one canonical form (`normalizeDate`) that reads back unchanged.
 */

/** A fixed instant, or a function read at validation time (so long-lived schemas stay current). */
export type Clock = Date | (() => Date);

export function readClock(clock: Clock): Date {
  return typeof clock === 'function' ? clock() : clock;
}

const MS_PER_DAY = 86_400_000;

/** The first and last calendar days a date may fall on (in UTC), for date inputs' min and max. */
export const EARLIEST_DATE = '1970-01-01';
export const LATEST_DATE = '9999-12-31';
const EARLIEST_YEAR = 1970;
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Within the years 1970 to 9999, as written and as an instant in UTC. */
function isInRange(writtenYear: number, instant: Date): boolean {
  const time = instant.getTime();
  return writtenYear >= EARLIEST_YEAR && time >= 0 && time <= LATEST_INSTANT;
}
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * The instant a date string names, or null when it is not a real date in one of the accepted
 * formats or falls outside the years 1970 to 9999 (written, or in UTC once its offset is
 * applied). A date without time is midnight UTC; a date-time without offset is read as UTC.
 */
export function parseDate(value: string): Date | null {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1, 4).map(Number) as [number, number, number];
    if (!isRealDay(year, month, day)) return null;
    const instant = new Date(Date.UTC(year, month - 1, day));
    return isInRange(year, instant) ? instant : null;
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return null;
  const [year, month, day, hour, minute] = dateTime.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(dateTime[6] ?? '0');
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const zoned = dateTime[7] ? text : `${text}Z`;
  const instant = new Date(zoned.replace(' ', 'T'));
  return !Number.isNaN(instant.getTime()) && isInRange(year, instant) ? instant : null;
}

/**
 * The canonical form of a valid date string: `YYYY-MM-DD` stays as it is; a date-time becomes
 * `toISOString()` (UTC, milliseconds). Null when invalid.
 */
export function normalizeDate(value: string): string | null {
  const text = value.trim();
  const instant = parseDate(text);
  if (!instant) return null;
  return DATE_ONLY.test(text) ? text : instant.toISOString();
}

/** The number of the UTC calendar day an instant falls on (days since 1970-01-01). */
export function utcDayNumber(date: Date): number {
  return Math.floor(date.getTime() / MS_PER_DAY);
}

/** Whole UTC calendar days from `from` to `to`: tomorrow is 1, today 0, yesterday -1. */
export function calendarDaysBetween(from: Date, to: Date): number {
  return utcDayNumber(to) - utcDayNumber(from);
}

/** Whether `date` falls on a UTC calendar day after the day of `now` (today is not after). */
export function isAfterToday(date: Date, now: Date): boolean {
  return calendarDaysBetween(now, date) > 0;
}

/** The earliest time zone's offset from UTC (UTC-12): where a day begins last. */
const LAST_ZONE_OFFSET_MS = -12 * 3_600_000;

/**
 * Whether `date` falls on a day after today somewhere on Earth: after the day it still is in the
 * last zone to begin it (UTC-12). Days are UTC calendar days, but a person picks dates on their own
 * calendar: in Los Angeles at 8 pm it is already tomorrow in UTC, and their tomorrow must still
 * count as the future.
 */
export function isAfterTodaySomewhere(date: Date, now: Date): boolean {
  return isAfterToday(date, lastZoneNow(now));
}

/** `YYYY-MM-DD` of the latest day that has begun everywhere: today in UTC-12, never the future. */
export function dayBegunEverywhere(now: Date): string {
  return toIsoDate(lastZoneNow(now));
}

function lastZoneNow(now: Date): Date {
  return new Date(now.getTime() + LAST_ZONE_OFFSET_MS);
}

/** `YYYY-MM-DD` of the UTC calendar day of an instant. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC calendar day `days` days after the day of `date`, as `YYYY-MM-DD`. */
export function addCalendarDays(date: Date, days: number): string {
  return toIsoDate(new Date((utcDayNumber(date) + days) * MS_PER_DAY));
}
