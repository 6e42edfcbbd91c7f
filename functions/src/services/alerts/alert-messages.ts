/**
 * The messages that deliver alerts: per address one digest listing every alert it is due (at most
 * DIGEST_MAX_ALERTS each), and per alert with webhooks one message for them (one per token, so
 * PagerDuty opens one incident per token). The scan, the requeue and the per-channel retry all
 * enqueue through here.
 */
import { randomUUID } from 'node:crypto';
import {
  DIGEST_MAX_ALERTS,
  isDigestMessage,
  type AlertQueueMessage,
  type AlertRef,
  type DigestMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { DeliveryState } from '../../domain/alert-delivery-model';
import { emailChannelKey } from './delivery-rules';

/** An alert and the deliveries of it to make now. */
export interface AlertToDeliver {
  readonly alert: AlertRef;
  readonly deliveries: readonly Pick<DeliveryState, 'key' | 'kind' | 'target'>[];
}

export function alertMessagesFor(
  alerts: readonly AlertToDeliver[],
  newDigestId: () => string = randomUUID,
): AlertQueueMessage[] {
  const digests = new Map<string, { address: string; alerts: AlertRef[] }>();
  const webhookMessages: AlertQueueMessage[] = [];
  for (const { alert, deliveries } of alerts) {
    if (deliveries.some((delivery) => delivery.kind !== 'email')) {
      webhookMessages.push({ ...alert, deliver: 'webhooks' });
    }
    for (const delivery of deliveries) {
      if (delivery.kind !== 'email') continue;
      const digest = digests.get(delivery.key) ?? { address: delivery.target, alerts: [] };
      if (!digest.alerts.some((listed) => listed.alertId === alert.alertId)) {
        digest.alerts.push(alert);
      }
      digests.set(delivery.key, digest);
    }
  }
  const digestMessages: DigestMessage[] = [];
  for (const { address, alerts: due } of digests.values()) {
    for (let start = 0; start < due.length; start += DIGEST_MAX_ALERTS) {
      digestMessages.push({
        kind: 'digest',
        digestId: newDigestId(),
        address,
        alerts: due.slice(start, start + DIGEST_MAX_ALERTS),
      });
    }
  }
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
