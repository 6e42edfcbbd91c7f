/**
 * A workspace's delivery window (shared/src/domain/alerts.ts `DeliveryWindow`) on the clock: whether
 * an instant falls inside it, and when it next opens, in the window's time zone (daylight saving
 * time included) through Intl, with no time zone data of our own.
 */
import type { DeliveryWindow } from '@expiry-radar/shared/domain/alerts';

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 24 * 60;

interface LocalTime {
  /** The local calendar day as days since 1970-01-01. */
  readonly day: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  readonly weekday: number;
  /** Minutes since local midnight. */
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock at `instant` in the time zone, as minutes since 1970-01-01 00:00 local. */
function localMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const utc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute);
  return Math.floor(utc / MS_PER_MINUTE);
}

function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const minutes = localMinutes(instant, timeZone);
  const day = Math.floor(minutes / MINUTES_PER_DAY);
  // 1970-01-01 was a Thursday (ISO weekday 4).
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
  return { day, weekday, minute: minutes - day * MINUTES_PER_DAY };
}

/**
 * The instant the wall clock in the time zone shows `localMinute` (minutes since 1970-01-01
 * local). A time skipped by a daylight saving change moves forward by the gap (02:30 on a night
 * that jumps from 02:00 to 03:00 is 03:30), as Temporal's "compatible" disambiguation does.
 */
function instantOfLocal(localMinute: number, timeZone: string): Date {
  let guess = localMinute * MS_PER_MINUTE;
  for (let step = 0; step < 3; step += 1) {
    const offset = localMinutes(new Date(guess), timeZone) - Math.floor(guess / MS_PER_MINUTE);
    const next = (localMinute - offset) * MS_PER_MINUTE;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

function minuteOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** Whether the window is open at `now`. */
export function isWithinWindow(window: DeliveryWindow, now: Date): boolean {
  const local = localTimeOf(now, window.time_zone);
  const start = minuteOf(window.start);
  const end = minuteOf(window.end);
  const days = new Set(window.days);
  if (start < end) {
    return days.has(local.weekday) && local.minute >= start && local.minute < end;
  }
  // Past midnight: open from start on a listed day until end the next morning.
  if (local.minute >= start) return days.has(local.weekday);
  const yesterday = local.weekday === 1 ? 7 : local.weekday - 1;
  return local.minute < end && days.has(yesterday);
}

/** The next instant the window opens after `now` (or `now` itself when it opens then). */
export function nextWindowStart(window: DeliveryWindow, now: Date): Date {
  const local = localTimeOf(now, window.time_zone);
  const start = minuteOf(window.start);
  const days = new Set(window.days);
  for (let offset = 0; offset <= 7; offset += 1) {
    const weekday = ((local.weekday - 1 + offset) % 7) + 1;
    if (!days.has(weekday)) continue;
    if (offset === 0 && local.minute > start) continue;
    const opens = instantOfLocal((local.day + offset) * MINUTES_PER_DAY + start, window.time_zone);
    if (opens.getTime() >= now.getTime() - MS_PER_MINUTE) return opens;
  }
  // Unreachable with at least one day; a week on as a bound.
  return new Date(now.getTime() + 7 * MINUTES_PER_DAY * MS_PER_MINUTE);
}

/**
 * Whether an alert goes out now: always without a window; inside it; or outside it when it is
 * urgent (its window is the expiry day, or the token has expired) and the window lets urgent
 * alerts through.
 */
export function mayDeliverNow(
  window: DeliveryWindow | null | undefined,
  alert: { readonly threshold: number; readonly daysLeft: number },
  now: Date,
): boolean {
  if (!window || isWithinWindow(window, now)) return true;
  return window.urgent_any_time && (alert.threshold === 0 || alert.daysLeft <= 0);
}
