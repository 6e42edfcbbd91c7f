import type { AlertStatus } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import { expiryStatus } from '@expiry-radar/shared/domain/expiry-status';

/** An alert's status as its chip reads it. */
export const ALERT_STATUS_LABELS: Readonly<Record<AlertStatus, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  partial: 'Partly sent',
  failed: 'Failed',
};

/**
 * The days left of an alerted token, as of `now`: "Expires in 5 days", "Expires today",
 * "Expired 2 days ago"; null when its expiry is not a valid date.
 */
export function daysLeftText(expiresAt: string, now: Date): string | null {
  const days = expiryStatus(expiresAt, now).daysRemaining;
  if (days === null) return null;
  const text = describeDaysLeft(days);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
