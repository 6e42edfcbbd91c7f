/**
 * The one way the app writes dates: in the user's locale through Intl.DateTimeFormat (the
 * browser's language and time zone), with the ISO form (YYYY-MM-DD, and HH:mm for a time) for
 * tooltips and for machines. Nothing to show is "—".
 *
 * Three kinds of value:
 * - `day`: a calendar day (a token's expiry, a renewal date), `YYYY-MM-DD` or an instant whose
 *   UTC day is the day; shown as that day wherever the user is.
 * - `date`: an instant shown as its date in the user's time zone (an invitation's day).
 * - `dateTime`: an instant with its time in the user's time zone (an audit event, an alert).
 * - `month`: a calendar month, `YYYY-MM` (usage is counted per month).
 */
import { parseDate, toIsoDate } from '@expiry-radar/shared/domain/calendar-date';

export const EMPTY_VALUE = '—';

export type DateKind = 'day' | 'date' | 'dateTime' | 'month';

export interface FormattedDate {
  /** What the user reads: "Jan 2, 2026", "2. Jan. 2026, 15:04". */
  readonly text: string;
  /** The ISO form for the tooltip: "2026-01-02", "2026-01-02 15:04", "2026-01". */
  readonly iso: string;
  /** For `<time dateTime>`: the ISO day, month or instant. */
  readonly machine: string;
}

const OPTIONS: Readonly<Record<DateKind, Intl.DateTimeFormatOptions>> = {
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  month: { year: 'numeric', month: 'long', timeZone: 'UTC' },
};

/** Formatters are costly to make and a table formats hundreds of dates: one per locale and kind. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(kind: DateKind, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, OPTIONS[kind]);
    formatters.set(key, formatter);
  }
  return formatter;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The ISO day (YYYY-MM-DD) of an instant in the browser's time zone. */
export function localIsoDate(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

function localIsoDateTime(instant: Date): string {
  return `${localIsoDate(instant)} ${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

function parseInstant(value: string): Date | undefined {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

function parseMonth(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return new Date(Date.UTC(Number(match[1]), month - 1, 1));
}

/**
 * The value in the user's locale with its ISO form; undefined for nothing (null, undefined, '').
 * A value that is not a date is shown as it is, with itself as the ISO form.
 */
export function formatDateValue(
  value: string | null | undefined,
  kind: DateKind,
  locale?: string,
): FormattedDate | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const asIs = { text: value, iso: value, machine: value };
  switch (kind) {
    case 'day': {
      const day = parseDate(value);
      if (!day) return asIs;
      const iso = toIsoDate(day);
      return { text: formatterOf(kind, locale).format(day), iso, machine: iso };
    }
    case 'month': {
      const month = parseMonth(value);
      return month
        ? { text: formatterOf(kind, locale).format(month), iso: value, machine: value }
        : asIs;
    }
    default: {
      const instant = parseInstant(value);
      if (!instant) return asIs;
      return {
        text: formatterOf(kind, locale).format(instant),
        iso: kind === 'date' ? localIsoDate(instant) : localIsoDateTime(instant),
        machine: instant.toISOString(),
      };
    }
  }
}

/** The text alone ("Jan 2, 2026"), or "—" for nothing: for places that take text only. */
export function formatDateText(
  value: string | null | undefined,
  kind: DateKind,
  locale?: string,
): string {
  return formatDateValue(value, kind, locale)?.text ?? EMPTY_VALUE;
}
