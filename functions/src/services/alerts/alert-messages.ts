/**
 * The messages that deliver alerts: per address one digest listing every alert it is due, and per
 * alert with webhooks one message for them (one per token, so PagerDuty opens one incident per
 * token). The scan, the requeue and the per-channel retry all enqueue through here.
 *
 * A digest of more than DIGEST_MAX_ALERTS rows (the SQS message size, and the rows one worker
 * invocation claims) goes as parts: the address's rows in one most-urgent-first order (the
 * email's: fewest days left, then by name), part 1 the most urgent, each part naming its number,
 * their count and the rows in all, and part 1 the summary line of the whole digest when the
 * caller knows what each row is (the scan does).
 */
import { randomUUID } from 'node:crypto';
import {
  DIGEST_MAX_ALERTS,
  isDigestMessage,
  type AlertQueueMessage,
  type AlertRef,
  type DigestMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { parseDate, utcDayNumber } from '@expiry-radar/shared/domain/calendar-date';
import type { DeliveryState } from '../../domain/alert-delivery-model';
import { summaryOf } from '../../domain/alert-digest';
import { emailChannelKey, type DigestRowFacts } from './delivery-rules';

/** An alert and the deliveries of it to make now. */
export interface AlertToDeliver {
  readonly alert: AlertRef;
  readonly deliveries: readonly Pick<DeliveryState, 'key' | 'kind' | 'target'>[];
  /** What its digest row will say, when known: orders the parts and sums up the whole digest. */
  readonly row?: DigestRowFacts;
}

type DigestEntry = Pick<AlertToDeliver, 'alert' | 'row'>;

const dayOf = (alert: AlertRef) => {
  const expiry = parseDate(alert.expiresAt);
  return expiry ? utcDayNumber(expiry) : 0;
};

/** The email's order (domain/alert-digest.ts) over all the address's rows: days left, then name. */
const byUrgency = (a: DigestEntry, b: DigestEntry) =>
  dayOf(a.alert) - dayOf(b.alert) ||
  (a.row?.tokenName ?? '').localeCompare(b.row?.tokenName ?? '') ||
  a.alert.alertId.localeCompare(b.alert.alertId);

/** One digest message per address, or its parts when it has more rows than one holds. */
function digestMessagesOf(
  address: string,
  entries: readonly DigestEntry[],
  newDigestId: () => string,
): DigestMessage[] {
  if (entries.length <= DIGEST_MAX_ALERTS) {
    return [
      { kind: 'digest', digestId: newDigestId(), address, alerts: entries.map((e) => e.alert) },
    ];
  }
  const ordered = [...entries].sort(byUrgency);
  const of = Math.ceil(ordered.length / DIGEST_MAX_ALERTS);
  const rows = ordered.flatMap(({ row }) => (row ? [row] : []));
  const summary = rows.length === ordered.length ? summaryOf(rows) : undefined;
  return Array.from({ length: of }, (_, index) => ({
    kind: 'digest' as const,
    digestId: newDigestId(),
    address,
    alerts: ordered
      .slice(index * DIGEST_MAX_ALERTS, (index + 1) * DIGEST_MAX_ALERTS)
      .map((entry) => entry.alert),
    part: {
      number: index + 1,
      of,
      alerts: ordered.length,
      ...(index === 0 && summary ? { summary } : {}),
    },
  }));
}

export function alertMessagesFor(
  alerts: readonly AlertToDeliver[],
  newDigestId: () => string = randomUUID,
): AlertQueueMessage[] {
  const digests = new Map<string, { address: string; entries: DigestEntry[] }>();
  const webhookMessages: AlertQueueMessage[] = [];
  for (const { alert, deliveries, row } of alerts) {
    if (deliveries.some((delivery) => delivery.kind !== 'email')) {
      webhookMessages.push({ ...alert, deliver: 'webhooks' });
    }
    for (const delivery of deliveries) {
      if (delivery.kind !== 'email') continue;
      const digest = digests.get(delivery.key) ?? { address: delivery.target, entries: [] };
      if (!digest.entries.some((listed) => listed.alert.alertId === alert.alertId)) {
        digest.entries.push({ alert, ...(row ? { row } : {}) });
      }
      digests.set(delivery.key, digest);
    }
  }
  const digestMessages = [...digests.values()].flatMap(({ address, entries }) =>
    digestMessagesOf(address, entries, newDigestId),
  );
  return [...digestMessages, ...webhookMessages];
}

/**
 * Whether a message already on its way (a dead letter moved back to the queue) delivers this
 * delivery of this alert.
 */
export function deliveredByAny(
  messages: readonly AlertQueueMessage[],
): (alertId: string, delivery: Pick<DeliveryState, 'key' | 'kind'>) => boolean {
  const covered = new Set<string>();
  for (const message of messages) {
    if (isDigestMessage(message)) {
      const key = emailChannelKey(message.address);
      for (const alert of message.alerts) covered.add(`${alert.alertId}|${key}`);
      continue;
    }
    covered.add(`${message.alertId}|webhooks`);
    if (message.deliver !== 'webhooks') covered.add(`${message.alertId}|email`);
  }
  return (alertId, delivery) =>
    delivery.kind === 'email'
      ? covered.has(`${alertId}|${delivery.key}`) || covered.has(`${alertId}|email`)
      : covered.has(`${alertId}|webhooks`);
}
