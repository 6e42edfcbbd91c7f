/** The expiry badge: a status by whole UTC calendar days remaining. */
import { calendarDaysBetween, parseDate } from './calendar-date';

/** Under this many days: critical. */
export const CRITICAL_DAYS = 7;
/** Under this many days: warning. */
export const WARNING_DAYS = 30;
/** This many days or more: long-term. */
export const LONG_TERM_DAYS = 365;

export const EXPIRY_STATUSES = [
  'expired',
  'critical',
  'warning',
  'ok',
  'long_term',
  'invalid',
] as const;
export type ExpiryStatusKind = (typeof EXPIRY_STATUSES)[number];

export interface ExpiryStatus {
  readonly status: ExpiryStatusKind;
  /** Days from today to the expiry day (negative when expired); null for an invalid date. */
  readonly daysRemaining: number | null;
  /** "Expired", "Today", "1 day", "12 days", "Long-term" or "Invalid date". */
  readonly label: string;
}

function daysLabel(days: number): string {
  if (days === 0) return 'Today';
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * The status of a token expiring at `expiresAt` (`YYYY-MM-DD` or ISO date-time), seen at `now`:
 * expired before today; expiring today counts as 0 days left (critical, not expired).
 */
export function expiryStatus(expiresAt: string, now: Date): ExpiryStatus {
  const expiry = parseDate(expiresAt);
  if (!expiry) return { status: 'invalid', daysRemaining: null, label: 'Invalid date' };
  const days = calendarDaysBetween(now, expiry);
  if (days < 0) return { status: 'expired', daysRemaining: days, label: 'Expired' };
  if (days < CRITICAL_DAYS)
    return { status: 'critical', daysRemaining: days, label: daysLabel(days) };
  if (days < WARNING_DAYS)
    return { status: 'warning', daysRemaining: days, label: daysLabel(days) };
  if (days < LONG_TERM_DAYS) return { status: 'ok', daysRemaining: days, label: daysLabel(days) };
  return { status: 'long_term', daysRemaining: days, label: 'Long-term' };
}
