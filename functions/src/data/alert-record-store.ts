/**
 * The alert worker's record store (`AlertRecordStore` of domain/alert-delivery-model) over items
 * of the alert entity (entities/alert.ts, ACCESS_PATTERNS.md row 15), and the scan's creation of
 * the record of an alert window. Each delivery changes with a conditional update of its own path
 * (claim: pending or failed -> sending with a lease; sent; failed; skipped), so two attempts never
 * send the same delivery twice.
 */
import {
  DeleteCommand,
  PutCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AlertRecordStore, DeliveryState, PartialRead } from '../domain/alert-delivery-model';
import { alertOutcomeOf } from '../domain/alert-outcome';
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
import { forEachLimited } from '../platform/concurrency';
import { conditionalWrite, isConditionalCheckFailure, readItem } from './table-operations';
import { WorkspaceIsolatedReads } from './workspace-isolated-reads';

/**
 * Creates the record of an alert window with its planned deliveries unless it exists (the scan,
 * before it enqueues). Answers whether it was created and the deliveries the record holds: an
 * existing record keeps the ones planned first (planned now when it had none).
 */
export async function createAlertRecord(options: {
  alertId: string;
  workspaceId: string;
  tokenId: string;
  tokenName: string;
  expiresAt: string;
  threshold: number;
  deliveries: readonly DeliveryState[];
  now: Date;
}): Promise<{ created: boolean; deliveries: readonly DeliveryState[] }> {
  const { now, deliveries, ...alert } = options;
  const timestamp = now.toISOString();
  const record: StoredAlertRecord = {
    ...alert,
    deliveries,
    status: 'pending',
    deadLettered: false,
    receives: 0,
    lastError: null,
    nextAttemptAt: null,
    createdAt: timestamp,
    updatedAt: timestamp,
    needsAttention: false,
    revision: 0,
  };
  try {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: alertCodec.toItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { created: true, deliveries };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  const existing = await alertRecordStore.planDeliveries(alert.alertId, deliveries, now);
  return { created: false, deliveries: existing?.deliveries ?? [] };
}

export async function findAlertRecord(alertId: string): Promise<StoredAlertRecord | undefined> {
  const location = alertLocation(alertId);
  if (!location) return undefined;
  const item = await readItem(location.key, { consistentRead: true });
  return item ? alertCodec.fromItem(item) : undefined;
}

async function findAlertRecords(
  alertIds: readonly string[],
): Promise<PartialRead<StoredAlertRecord[]>> {
  const keysById = new Map(
    alertIds.flatMap((alertId) => {
      const location = alertLocation(alertId);
      return location ? [[alertId, location.key] as const] : [];
    }),
  );
  const reads = new WorkspaceIsolatedReads('alert-digest');
  const items = await reads.batchGet([...keysById.values()], { consistentRead: true });
  return {
    found: items.flatMap((item) => reads.decode(item, (read) => alertCodec.fromItem(read)) ?? []),
    unreadable: reads.failuresAt(keysById),
  };
}

/** An update of one delivery (counted in the record's revision); false when its condition failed. */
async function updateDelivery(
  alertId: string,
  key: string,
  input: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression'> & {
    names?: Record<string, string>;
    values: Record<string, unknown>;
  },
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: requireAlertLocation(alertId).key,
        UpdateExpression: `${input.UpdateExpression} ADD rev :revision`,
        ConditionExpression: input.ConditionExpression,
        ExpressionAttributeNames: { '#d': key, '#st': 'status', ...input.names },
        ExpressionAttributeValues: { ...input.values, ':revision': 1 },
      }),
    ),
  );
}

/**
 * Writes the outcome the record's deliveries say, over the revision it read. When the condition
 * fails, a delivery changed after this read: whoever changed it settles after its change, and
 * that later read sees this attempt's changes too, so nothing is lost by stopping here.
 */
async function writeOutcome(record: StoredAlertRecord, now: Date): Promise<void> {
  const { alertId } = record;
  const outcome = alertOutcomeOf(record.deliveries ?? []);
  const values: Record<string, unknown> = {
    ':status': outcome.status,
    ':deadLettered': outcome.deadLettered,
    ':receives': outcome.receives,
    ':lastError': outcome.lastError,
    ':next': outcome.nextAttemptAt,
    ':now': now.toISOString(),
    ':revision': record.revision,
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
  await conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: requireAlertLocation(alertId).key,
        UpdateExpression: `SET ${sets.join(', ')}${outcome.needsAttention ? '' : ' REMOVE gsi1pk, gsi1sk'}`,
        ConditionExpression:
          record.revision === 0
            ? 'attribute_exists(pk) AND (attribute_not_exists(rev) OR rev = :revision)'
            : 'rev = :revision',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

async function settleRecord(alertId: string, now: Date): Promise<void> {
  const record = await findAlertRecord(alertId);
  if (record) await writeOutcome(record, now);
}

/** Outcomes written at once by `settleRecords`: each is a conditional write of its own record. */
const SETTLE_CONCURRENCY = 10;

/**
 * `settleRecord` of several records (a digest's rows), read in one consistent BatchGetItem (100
 * a request) instead of a GetItem each. A record that cannot be read is not settled: the error
 * names it once the others are written, so its message is retried as when it was read alone.
 */
async function settleRecords(alertIds: readonly string[], now: Date): Promise<void> {
  const records = await findAlertRecords(alertIds);
  await forEachLimited(records.found, SETTLE_CONCURRENCY, (record) => writeOutcome(record, now));
  const [unreadable] = records.unreadable;
  if (unreadable) {
    throw new Error(`The alert record ${unreadable[0]} cannot be read: ${unreadable[1]}`);
  }
}

/** The record store of the alert worker (`AlertRecordStore` of domain/alert-delivery-model). */
export const alertRecordStore: AlertRecordStore = {
  get: findAlertRecord,

  getMany: findAlertRecords,

  async planDeliveries(alertId, deliveries, now) {
    await conditionalWrite(
      getDocumentClient().send(
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
      ),
    );
    return findAlertRecord(alertId);
  },

  async addDeliveries(alertId, deliveries, now) {
    for (const delivery of deliveries) {
      // Added once: a delivery already planned keeps its state.
      await conditionalWrite(
        getDocumentClient().send(
          new UpdateCommand({
            TableName: getConfig().tableName,
            Key: requireAlertLocation(alertId).key,
            UpdateExpression: 'SET deliveries.#d = :delivery, updatedAt = :now ADD rev :revision',
            ConditionExpression:
              'attribute_exists(deliveries) AND attribute_not_exists(deliveries.#d)',
            ExpressionAttributeNames: { '#d': delivery.key },
            ExpressionAttributeValues: {
              ':delivery': alertDeliveriesItem([delivery])[delivery.key],
              ':now': now.toISOString(),
              ':revision': 1,
            },
          }),
        ),
      );
    }
  },

  claim(alertId, key, { now, leaseUntil, digestId }) {
    return updateDelivery(alertId, key, {
      UpdateExpression:
        'SET deliveries.#d.#st = :sending, deliveries.#d.leaseUntil = :lease, ' +
        'deliveries.#d.attempts = deliveries.#d.attempts + :one, ' +
        'deliveries.#d.nextAttemptAt = :null, deliveries.#d.digestId = :digest, updatedAt = :now',
      ConditionExpression:
        '(deliveries.#d.#st IN (:pending, :failed) AND deliveries.#d.permanent = :false) OR ' +
        '(deliveries.#d.#st = :sending AND deliveries.#d.leaseUntil < :now)',
      values: {
        ':sending': 'sending',
        ':pending': 'pending',
        ':failed': 'failed',
        ':false': false,
        ':null': null,
        ':digest': digestId ?? null,
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

  async markFailed(alertId, key, failure, now) {
    await updateDelivery(alertId, key, {
      UpdateExpression:
        'SET deliveries.#d.#st = :failed, deliveries.#d.lastError = :error, ' +
        'deliveries.#d.permanent = :permanent, deliveries.#d.leaseUntil = :null, ' +
        'deliveries.#d.nextAttemptAt = :next, updatedAt = :now',
      ConditionExpression: 'deliveries.#d.#st = :sending',
      values: {
        ':failed': 'failed',
        ':sending': 'sending',
        ':error': failure.error,
        ':permanent': failure.permanent,
        ':next': failure.permanent ? null : failure.nextAttemptAt,
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

  settle: settleRecord,

  settleMany: settleRecords,

  async remove(alertId) {
    const location = alertLocation(alertId);
    if (!location) return;
    await getDocumentClient().send(
      new DeleteCommand({ TableName: getConfig().tableName, Key: location.key }),
    );
  },
};
