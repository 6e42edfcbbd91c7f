/**
 * Bringing failed, skipped and dead-lettered alerts back (the requeue route, and the alert
 * pipeline benchmark as an operator would): in the given workspaces, every alert waiting for a
 * person has its failed deliveries made pending again; dead letters about those workspaces move
 * back to the alert queue; every reset delivery that no moved message carries gets a new one
 * (per address one digest, per alert with webhooks one message).
 *
 * A digest moved back may carry rows of other workspaces too: they are delivered if still due,
 * never twice (each row is claimed on its own).
 */
import {
  alertRefsOf,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { enqueueAlerts, moveDeadLetters } from '../../adapters/alert-queue';
import { findAlertRecord } from '../../data/alert-record-store';
import { listAlertsNeedingAttention, resetFailedDeliveries } from '../../data/alert-requeue';
import type { AlertRecord, DeliveryState } from '../../domain/alert-delivery-model';
import { alertMessagesFor, deliveredByAny, type AlertToDeliver } from './alert-messages';

const refOf = (record: AlertRecord) => ({
  alertId: record.alertId,
  workspaceId: record.workspaceId,
  tokenId: record.tokenId,
  expiresAt: record.expiresAt,
  threshold: record.threshold,
});

/** Answers the alerts brought back. */
export async function requeueAlerts(options: {
  readonly workspaceIds: readonly string[];
  readonly now: Date;
}): Promise<AlertRecord[]> {
  const { now } = options;
  const inScope = new Set(options.workspaceIds);
  const requeued = new Map<string, { record: AlertRecord; reset: readonly DeliveryState[] }>();
  for (const workspaceId of inScope) {
    for (const record of await listAlertsNeedingAttention(workspaceId)) {
      const reset = await resetFailedDeliveries(record, now);
      if (reset) requeued.set(record.alertId, { record, reset });
    }
  }
  const moved: AlertQueueMessage[] = await moveDeadLetters((message) =>
    alertRefsOf(message).some((alert) => inScope.has(alert.workspaceId)),
  );
  for (const alert of moved.flatMap(alertRefsOf)) {
    if (requeued.has(alert.alertId) || !inScope.has(alert.workspaceId)) continue;
    const record = await findAlertRecord(alert.alertId);
    if (!record) continue;
    requeued.set(alert.alertId, {
      record,
      reset: (await resetFailedDeliveries(record, now)) ?? [],
    });
  }

  const isCarried = deliveredByAny(moved);
  const toDeliver: AlertToDeliver[] = [];
  const unplanned: AlertQueueMessage[] = [];
  for (const { record, reset } of requeued.values()) {
    if (record.deliveries === null || record.deliveries.length === 0) {
      // Planned by the worker on the first attempt of a message that delivers every channel.
      if (
        !moved.some((message) => alertRefsOf(message).some((a) => a.alertId === record.alertId))
      ) {
        unplanned.push(refOf(record));
      }
      continue;
    }
    const deliveries = reset.filter((delivery) => !isCarried(record.alertId, delivery));
    if (deliveries.length > 0) toDeliver.push({ alert: refOf(record), deliveries });
  }
  await enqueueAlerts([...alertMessagesFor(toDeliver), ...unplanned]);
  return [...requeued.values()].map(({ record }) => record);
}

/** A per-channel retry: the reset deliveries of one alert, in their own messages. */
export async function enqueueRetry(
  record: AlertRecord,
  reset: readonly DeliveryState[],
): Promise<void> {
  await enqueueAlerts(
    reset.length > 0
      ? alertMessagesFor([{ alert: refOf(record), deliveries: reset }])
      : [refOf(record)],
  );
}
