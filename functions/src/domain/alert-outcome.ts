/**
 * An alert record's outcome, derived from its deliveries alone. Several messages deliver one
 * record (its webhooks, and a digest per email address), each writing only its own deliveries;
 * whichever settles last reads them all and writes the same outcome.
 *
 * - status: pending while a delivery is pending or being sent; sent when all were sent; partial
 *   when some were; failed otherwise (failed or skipped, none sent).
 * - dead-lettered: a delivery failed on its message's last attempt (no automatic retry left).
 * - needs attention: not all sent, and nothing left to happen on its own (no delivery open, no
 *   automatic retry planned): it waits for a requeue or a per-channel retry.
 */
import type { AlertOutcome, DeliveryState } from './alert-delivery-model';

const isOpen = (delivery: DeliveryState) =>
  delivery.status === 'pending' || delivery.status === 'sending';

/** Failed for a passing reason with a retry planned. */
export function isRetryPlanned(delivery: DeliveryState): boolean {
  return delivery.status === 'failed' && !delivery.permanent && delivery.nextAttemptAt !== null;
}

export function alertOutcomeOf(deliveries: readonly DeliveryState[]): AlertOutcome {
  const sent = deliveries.filter((delivery) => delivery.status === 'sent').length;
  const open = deliveries.some(isOpen);
  const retrying = deliveries.filter(isRetryPlanned);
  const failed = deliveries.filter((delivery) => delivery.status === 'failed');
  const skipped = deliveries.filter((delivery) => delivery.status === 'skipped');
  const status = open
    ? 'pending'
    : sent === deliveries.length
      ? 'sent'
      : sent > 0
        ? 'partial'
        : 'failed';
  const nextAttempts = retrying.map((delivery) => delivery.nextAttemptAt!).sort();
  return {
    status,
    deadLettered: failed.some((delivery) => !delivery.permanent && delivery.nextAttemptAt === null),
    receives: Math.max(0, ...deliveries.map((delivery) => delivery.attempts)),
    lastError: [...failed, ...skipped].map((delivery) => delivery.lastError).find(Boolean) ?? null,
    nextAttemptAt: nextAttempts[0] ?? null,
    needsAttention: status !== 'sent' && !open && retrying.length === 0,
  };
}
