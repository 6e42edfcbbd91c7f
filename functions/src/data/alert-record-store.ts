/**
 * The alert worker's record store (`AlertRecordStore` of domain/alert-delivery-model) over items
 * of the alert entity (entities/alert.ts, ACCESS_PATTERNS.md row 15), and the scan's creation of
 * the record of an alert window. Each delivery changes with a conditional update of its own path
 * (claim: pending or failed -> sending with a lease; sent; failed; skipped), so two attempts never
 * send the same delivery twice.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AlertOutcome, AlertRecordStore } from '../domain/alert-delivery-model';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  alertCodec,
  alertDeliveriesItem,
  alertLocation,
  attentionAttributes,
  requireAlertLocation,
  type StoredAlertRecord,
} from './entities/alert';
import { isConditionalCheckFailure } from './table-operations';

/**
 * Creates the record of an alert window unless it exists (the scan, before it enqueues).
 * Answers whether it was created.
 */
export async function createAlertRecord(options: {
  alertId: string;
  workspaceId: string;
  tokenId: string;
  tokenName: string;
  expiresAt: string;
  threshold: number;
  now: Date;
}): Promise<boolean> {
  const { now, ...alert } = options;
  const timestamp = now.toISOString();
  const record: StoredAlertRecord = {
    ...alert,
    deliveries: null,
    status: 'pending',
    deadLettered: false,
    receives: 0,
    lastError: null,
    nextAttemptAt: null,
    createdAt: timestamp,
    updatedAt: timestamp,
    needsAttention: false,
  };
  try {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: alertCodec.toItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export async function findAlertRecord(alertId: string): Promise<StoredAlertRecord | undefined> {
  const location = alertLocation(alertId);
  if (!location) return undefined;
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: location.key, ConsistentRead: true }),
  );
  return Item ? alertCodec.fromItem(Item) : undefined;
}

/** An update of one delivery; false when its condition failed. */
async function updateDelivery(
  alertId: string,
  key: string,
  input: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression'> & {
    names?: Record<string, string>;
    values: Record<string, unknown>;
  },
): Promise<boolean> {
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: requireAlertLocation(alertId).key,
        UpdateExpression: input.UpdateExpression,
        ConditionExpression: input.ConditionExpression,
        ExpressionAttributeNames: { '#d': key, '#st': 'status', ...input.names },
        ExpressionAttributeValues: input.values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

async function writeOutcome(alertId: string, outcome: AlertOutcome, now: Date): Promise<void> {
  const values: Record<string, unknown> = {
    ':status': outcome.status,
    ':deadLettered': outcome.deadLettered,
    ':receives': outcome.receives,
    ':lastError': outcome.lastError,
    ':next': outcome.nextAttemptAt,
    ':now': now.toISOString(),
  };
  const sets = [
    '#st = :status',
    'deadLettered = :deadLettered',
    'receives = :receives',
    'lastError = :lastError',
    'nextAttemptAt = :next',
    'updatedAt = :now',
  ];
  if (outcome.needsAttention) {
    const attention = attentionAttributes(alertId);
    sets.push('gsi1pk = :attention', 'gsi1sk = :sk');
    values[':attention'] = attention.gsi1pk;
    values[':sk'] = attention.gsi1sk;
  }
  await getDocumentClient()
    .send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: requireAlertLocation(alertId).key,
        UpdateExpression: `SET ${sets.join(', ')}${outcome.needsAttention ? '' : ' REMOVE gsi1pk, gsi1sk'}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: values,
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/** The record store of the alert worker (`AlertRecordStore` of domain/alert-delivery-model). */
export const alertRecordStore: AlertRecordStore = {
  get: findAlertRecord,

  async planDeliveries(alertId, deliveries, now) {
    try {
      await getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: requireAlertLocation(alertId).key,
          UpdateExpression: 'SET deliveries = :deliveries, updatedAt = :now',
          // Planned once; an empty plan (no channel at the time) is planned again.
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(deliveries) OR size(deliveries) = :zero)',
          ExpressionAttributeValues: {
            ':deliveries': alertDeliveriesItem(deliveries),
            ':zero': 0,
            ':now': now.toISOString(),
          },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    return findAlertRecord(alertId);
  },

  claim(alertId, key, now, leaseUntil) {
    return updateDelivery(alertId, key, {
      UpdateExpression:
        'SET deliveries.#d.#st = :sending, deliveries.#d.leaseUntil = :lease, ' +
        'deliveries.#d.attempts = deliveries.#d.attempts + :one, updatedAt = :now',
      ConditionExpression:
        '(deliveries.#d.#st IN (:pending, :failed) AND deliveries.#d.permanent = :false) OR ' +
        '(deliveries.#d.#st = :sending AND deliveries.#d.leaseUntil < :now)',
      values: {
        ':sending': 'sending',
        ':pending': 'pending',
        ':failed': 'failed',
        ':false': false,
        ':lease': leaseUntil.toISOString(),
        ':one': 1,
        ':now': now.toISOString(),
      },
    });
  },

  async markSent(alertId, key, now) {
    // Unconditional: it was sent, whatever another attempt wrote meanwhile.
    await updateDelivery(alertId, key, {
      UpdateExpression:
        'SET deliveries.#d.#st = :sent, deliveries.#d.sentAt = :now, ' +
        'deliveries.#d.lastError = :null, deliveries.#d.leaseUntil = :null, updatedAt = :now',
      ConditionExpression: 'attribute_exists(deliveries.#d)',
      values: { ':sent': 'sent', ':now': now.toISOString(), ':null': null },
    });
  },

  async markFailed(alertId, key, error, permanent, now) {
    await updateDelivery(alertId, key, {
      UpdateExpression:
        'SET deliveries.#d.#st = :failed, deliveries.#d.lastError = :error, ' +
        'deliveries.#d.permanent = :permanent, deliveries.#d.leaseUntil = :null, updatedAt = :now',
      ConditionExpression: 'deliveries.#d.#st = :sending',
      values: {
        ':failed': 'failed',
        ':sending': 'sending',
        ':error': error,
        ':permanent': permanent,
        ':null': null,
        ':now': now.toISOString(),
      },
    });
  },

  async markSkipped(alertId, key, reason, now) {
    await updateDelivery(alertId, key, {
      UpdateExpression:
        'SET deliveries.#d.#st = :skipped, deliveries.#d.lastError = :reason, ' +
        'deliveries.#d.leaseUntil = :null, updatedAt = :now',
      ConditionExpression: 'deliveries.#d.#st = :sending',
      values: {
        ':skipped': 'skipped',
        ':sending': 'sending',
        ':reason': reason,
        ':null': null,
        ':now': now.toISOString(),
      },
    });
  },

  async finish(alertId, outcome, now) {
    await writeOutcome(alertId, outcome, now);
  },

  async remove(alertId) {
    const location = alertLocation(alertId);
    if (!location) return;
    await getDocumentClient().send(
      new DeleteCommand({ TableName: getConfig().tableName, Key: location.key }),
    );
  },
};
