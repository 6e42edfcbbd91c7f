/**
 * What an alert action means (pure): whether it holds the token's alerts (acknowledged: none
 * for this expiry; snoozed: none before the day), and which snooze dates are allowed (after
 * today, never past the expiry's day). Days are UTC calendar days, `YYYY-MM-DD`.
 */
import type { AlertActionKind } from '@expiry-radar/shared/api/alert-action-api-schemas';

const DAY_MS = 86_400_000;

export const ALERT_ACTION_REFUSALS = {
  snoozeNotFuture: 'Snooze until must be a date after today.',
  snoozePastExpiry: (expiryDay: string) =>
    `A snooze cannot last past the expiry: pick a date up to ${expiryDay}.`,
  snoozeExpired:
    'This token has already expired, so its alerts cannot be snoozed. Acknowledge it or record its renewal instead.',
  renewalSameDate: (expiryDay: string) =>
    `The token already expires on ${expiryDay}: give the new expiry date.`,
} as const;

export interface HeldAlertAction {
  readonly expiresAt: string;
  readonly kind: AlertActionKind;
  readonly snoozedUntil: string | null;
}

/** `YYYY-MM-DD` of an ISO date or instant. */
export function dayOf(isoDateOrInstant: string): string {
  return isoDateOrInstant.slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first instant of a day. */
export function startOfDay(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/**
 * How an action holds a token with this expiry at `now`: `null` (acknowledged: no alert for this
 * expiry), an ISO instant (snoozed: due again then), or `undefined` when it does not hold (none,
 * another expiry, a renewal, a snooze that is over).
 */
export function heldUntil(
  action: HeldAlertAction | undefined,
  expiresAt: string,
  now: Date,
): string | null | undefined {
  if (!action || action.expiresAt !== expiresAt) return undefined;
  if (action.kind === 'acknowledged') return null;
  if (action.kind !== 'snoozed' || action.snoozedUntil === null) return undefined;
  const until = startOfDay(action.snoozedUntil);
  return Date.parse(until) > now.getTime() ? until : undefined;
}

/** Why a snooze until `day` is refused for a token with this expiry; null when it is allowed. */
export function snoozeRefusal(day: string, expiresAt: string, now: Date): string | null {
  const today = dayOf(now.toISOString());
  const expiryDay = dayOf(expiresAt);
  if (expiryDay <= today) return ALERT_ACTION_REFUSALS.snoozeExpired;
  if (day <= today) return ALERT_ACTION_REFUSALS.snoozeNotFuture;
  if (day > expiryDay) return ALERT_ACTION_REFUSALS.snoozePastExpiry(expiryDay);
  return null;
}

/** The day a snooze of `days` ends, never past the expiry's day; null once the token expired. */
export function snoozeDayFor(days: number, expiresAt: string, now: Date): string | null {
  const expiryDay = dayOf(expiresAt);
  if (expiryDay <= dayOf(now.toISOString())) return null;
  const day = addDays(dayOf(now.toISOString()), days);
  return day < expiryDay ? day : expiryDay;
}
