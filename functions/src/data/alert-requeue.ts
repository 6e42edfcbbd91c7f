/**
 * Requeue and retry (ACCESS_PATTERNS.md rows 15 and 34): the alerts of a workspace that wait for
 * a person (the sparse attention entry on gsi1), and bringing an alert's failed, skipped and
 * interrupted deliveries back to pending so that its next message delivers them. Items of the
 * alert entity (entities/alert.ts).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AlertRecord, DeliveryState } from '../domain/alert-delivery-model';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { alertCodec, requireAlertLocation, type StoredAlertRecord } from './entities/alert';
import { gsi1 } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryAll } from './table-operations';

/** Alerts of a workspace waiting for a person: failed, skipped or dead-lettered. */
export async function listAlertsNeedingAttention(
  workspaceId: string,
): Promise<StoredAlertRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1.alertsNeedingAttention(workspaceId) },
  });
  return items.map((item) => alertCodec.fromItem(item));
}

/**
 * Brings failed, skipped and interrupted deliveries of an alert back to pending (all of them, or
 * those of one channel) and clears its dead-letter mark and attention entry, so the next message
 * delivers them. Answers the deliveries reset (none for a failed record that had none planned,
 * which its next message plans), or null when there was nothing to retry.
 */
export async function resetFailedDeliveries(
  record: AlertRecord,
  now: Date,
  channel?: string,
): Promise<readonly DeliveryState[] | null> {
  // A delivery left `sending` after its lease ran out was interrupted (a crash or an error
  // between the send and its mark): it may or may not have gone out, and is retried too.
  const interrupted = (delivery: DeliveryState) =>
    delivery.status === 'sending' &&
    (delivery.leaseUntil === null || new Date(delivery.leaseUntil) <= now);
  const retryable = (record.deliveries ?? []).filter(
    (delivery) =>
      (delivery.status === 'failed' || delivery.status === 'skipped' || interrupted(delivery)) &&
      (channel === undefined || delivery.channel === channel || delivery.key === channel),
  );
  const unplanned = record.deliveries === null || record.deliveries.length === 0;
  if (
    retryable.length === 0 &&
    !(unplanned && channel === undefined && record.status === 'failed')
  ) {
    return null;
  }
  const names: Record<string, string> = { '#st': 'status' };
  const values: Record<string, unknown> = {
    ':pending': 'pending',
    ':false': false,
    ':null': null,
    ':now': now.toISOString(),
    ':one': 1,
  };
  const sets = [
    '#st = :pending',
    'deadLettered = :false',
    'nextAttemptAt = :null',
    'updatedAt = :now',
  ];
  retryable.forEach((delivery, index) => {
    names[`#d${index}`] = delivery.key;
    sets.push(
      `deliveries.#d${index}.#st = :pending`,
      `deliveries.#d${index}.permanent = :false`,
      `deliveries.#d${index}.leaseUntil = :null`,
    );
  });
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: requireAlertLocation(record.alertId).key,
      // The revision moves so that an outcome read before the reset is not written over it.
      UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk ADD rev :one`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  return retryable;
}
