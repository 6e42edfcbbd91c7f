/**
 * Alert records (ACCESS_PATTERNS.md rows 15, 34): one item per alert window of a token,
 * `pk=WS#<workspaceId>`, `sk=ALERT#<window opens at>#<alertId>` where the alert id is token id +
 * expiry date + threshold (domain/alert-schedule `alertIdOf`), so the key of an alert follows
 * from its id and a second scan of the same window finds the same item. Deliveries (one per
 * email address, one per webhook) are a map inside it, changed with conditional updates of their
 * own path. Records that need a person (failed or skipped deliveries no longer retried
 * automatically) also carry `gsi1pk=ALERTS_ATTENTION#<workspaceId>` for the requeue.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AlertQueueItem } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { WebhookKind } from '@expiry-radar/shared/domain/alerts';
import { isWebhookKind } from '@expiry-radar/shared/domain/alerts';
import type {
  AlertOutcome,
  AlertRecord,
  AlertRecordStatus,
  AlertRecordStore,
  DeliveryState,
  DeliveryStatus,
} from '../domain/alert-delivery-model';
import { alertWindows, parseAlertId } from '../domain/alert-schedule';
import { workspaceIdOfToken } from '../domain/token-ids';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { epochSeconds, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import {
  isConditionalCheckFailure,
  queryAll,
  queryFirst,
  type TableItem,
} from './table-operations';

export const ALERT_SORT_PREFIX = 'ALERT#';
/** Alert records are kept a year after their window, then removed by TTL. */
const ALERT_RETENTION_SECONDS = 365 * 24 * 60 * 60;

const attentionPartition = (workspaceId: string) => `ALERTS_ATTENTION#${workspaceId}`;

/** The table key of an alert, from its id alone; undefined for ids that are not ours. */
export function alertRecordKey(alertId: string): { pk: string; sk: string } | undefined {
  const parsed = parseAlertId(alertId);
  const workspaceId = parsed ? workspaceIdOfToken(parsed.tokenId) : undefined;
  const window = parsed ? alertWindows(parsed.expiresAt, [parsed.threshold])[0] : undefined;
  if (!parsed || !workspaceId || !window) return undefined;
  return {
    pk: keys.workspace(workspaceId).pk,
    sk: `${ALERT_SORT_PREFIX}${window.opensAt.toISOString()}#${alertId}`,
  };
}

function requireKey(alertId: string): { pk: string; sk: string } {
  const key = alertRecordKey(alertId);
  if (!key) throw new Error(`Not an alert id: ${alertId}`);
  return key;
}

const DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
];
const RECORD_STATUSES: readonly AlertRecordStatus[] = ['pending', 'sent', 'partial', 'failed'];

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function toDelivery(key: string, value: TableItem): DeliveryState {
  const status = DELIVERY_STATUSES.find((candidate) => candidate === value.status) ?? 'pending';
  const kind: 'email' | WebhookKind = isWebhookKind(value.kind) ? value.kind : 'email';
  return {
    key,
    channel: text(value.channel) ?? key,
    kind,
    target: text(value.target) ?? '',
    status,
    attempts: typeof value.attempts === 'number' ? value.attempts : 0,
    lastError: text(value.lastError),
    permanent: value.permanent === true,
    sentAt: text(value.sentAt),
    leaseUntil: text(value.leaseUntil),
  };
}

/** Email deliveries first, then webhooks, each by target. */
function byChannel(a: DeliveryState, b: DeliveryState): number {
  const rank = (delivery: DeliveryState) => (delivery.kind === 'email' ? 0 : 1);
  return rank(a) - rank(b) || a.target.localeCompare(b.target);
}

export function toAlertRecord(item: TableItem): AlertRecord {
  const deliveries =
    item.deliveries && typeof item.deliveries === 'object'
      ? Object.entries(item.deliveries as Record<string, TableItem>)
          .map(([key, value]) => toDelivery(key, value))
          .sort(byChannel)
      : null;
  return {
    alertId: String(item.id),
    workspaceId: String(item.workspaceId),
    tokenId: String(item.tokenId),
    tokenName: text(item.tokenName) ?? '',
    expiresAt: String(item.expiresAt),
    threshold: Number(item.threshold),
    deliveries,
    status: RECORD_STATUSES.find((status) => status === item.status) ?? 'pending',
    deadLettered: item.deadLettered === true,
    receives: typeof item.receives === 'number' ? item.receives : 0,
    lastError: text(item.lastError),
    nextAttemptAt: text(item.nextAttemptAt),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

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
  const timestamp = options.now.toISOString();
  try {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: {
          ...requireKey(options.alertId),
          entity: 'ALERT',
          id: options.alertId,
          workspaceId: options.workspaceId,
          tokenId: options.tokenId,
          tokenName: options.tokenName,
          expiresAt: options.expiresAt,
          threshold: options.threshold,
          status: 'pending',
          deadLettered: false,
          receives: 0,
          lastError: null,
          nextAttemptAt: null,
          createdAt: timestamp,
          updatedAt: timestamp,
          ttl: epochSeconds(options.now) + ALERT_RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export async function findAlertRecord(alertId: string): Promise<AlertRecord | undefined> {
  const key = alertRecordKey(alertId);
  if (!key) return undefined;
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: key, ConsistentRead: true }),
  );
  return Item ? toAlertRecord(Item) : undefined;
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
        Key: requireKey(alertId),
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

function storedDelivery(delivery: DeliveryState): TableItem {
  return {
    channel: delivery.channel,
    kind: delivery.kind,
    target: delivery.target,
    status: delivery.status,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    permanent: delivery.permanent,
    sentAt: delivery.sentAt,
    leaseUntil: delivery.leaseUntil,
  };
}

/** The record store of the alert worker (`AlertRecordStore` of domain/alert-delivery-model). */
export const alertRecordStore: AlertRecordStore = {
  get: findAlertRecord,

  async planDeliveries(alertId, deliveries, now) {
    try {
      await getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: requireKey(alertId),
          UpdateExpression: 'SET deliveries = :deliveries, updatedAt = :now',
          // Planned once; an empty plan (no channel at the time) is planned again.
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(deliveries) OR size(deliveries) = :zero)',
          ExpressionAttributeValues: {
            ':deliveries': Object.fromEntries(
              deliveries.map((delivery) => [delivery.key, storedDelivery(delivery)]),
            ),
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
    const key = alertRecordKey(alertId);
    if (!key) return;
    await getDocumentClient().send(
      new DeleteCommand({ TableName: getConfig().tableName, Key: key }),
    );
  },
};

async function writeOutcome(alertId: string, outcome: AlertOutcome, now: Date): Promise<void> {
  const key = requireKey(alertId);
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
    sets.push('gsi1pk = :attention', 'gsi1sk = :sk');
    values[':attention'] = attentionPartition(key.pk.slice('WS#'.length));
    values[':sk'] = key.sk;
  }
  await getDocumentClient()
    .send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: key,
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

/**
 * Brings failed, skipped and interrupted deliveries of an alert back to pending (all of them, or those of one
 * channel) and clears its dead-letter mark, so the next message delivers them. Answers how many
 * deliveries were reset; 0 when there was nothing to retry.
 */
export async function resetFailedDeliveries(
  record: AlertRecord,
  now: Date,
  channel?: string,
): Promise<number> {
  // A delivery left `sending` after its lease ran out was interrupted (a crash or an error
  // between the send and its mark): it may or may not have gone out, and is retried too.
  const interrupted = (delivery: DeliveryState) =>
    delivery.status === 'sending' &&
    (delivery.leaseUntil === null || new Date(delivery.leaseUntil) <= now);
  const retryable = (record.deliveries ?? []).filter(
    (delivery) =>
      (delivery.status === 'failed' || delivery.status === 'skipped' || interrupted(delivery)) &&
      (channel === undefined || delivery.channel === channel),
  );
  const unplanned = record.deliveries === null || record.deliveries.length === 0;
  if (
    retryable.length === 0 &&
    !(unplanned && channel === undefined && record.status === 'failed')
  ) {
    return 0;
  }
  const names: Record<string, string> = { '#st': 'status' };
  const values: Record<string, unknown> = {
    ':pending': 'pending',
    ':false': false,
    ':null': null,
    ':now': now.toISOString(),
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
      Key: requireKey(record.alertId),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  return Math.max(1, retryable.length);
}

/** A workspace's alerts, newest window first: the first `count`. */
export async function listAlertRecords(workspaceId: string, count: number): Promise<TableItem[]> {
  return queryFirst(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.workspace(workspaceId).pk,
        ':prefix': ALERT_SORT_PREFIX,
      },
      ScanIndexForward: false,
    },
    count,
  );
}

/** Alerts of a workspace waiting for a person: failed, skipped or dead-lettered. */
export async function listAlertsNeedingAttention(workspaceId: string): Promise<AlertRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': attentionPartition(workspaceId) },
  });
  return items.map(toAlertRecord);
}

/** The API view of an alert record. */
export function alertQueueItem(record: AlertRecord): AlertQueueItem {
  const deliveries = record.deliveries ?? [];
  const channels = [...new Set(deliveries.map((delivery) => delivery.channel))].map((channel) => {
    const members = deliveries.filter((delivery) => delivery.channel === channel);
    const statuses = members.map((delivery) => apiStatus(delivery.status));
    const status = statuses.includes('failed')
      ? 'failed'
      : statuses.includes('pending')
        ? 'pending'
        : statuses.every((value) => value === 'skipped')
          ? 'skipped'
          : 'sent';
    return {
      channel,
      kind: members[0]!.kind,
      status,
      attempts: Math.max(...members.map((delivery) => delivery.attempts)),
      last_error: members.map((delivery) => delivery.lastError).find(Boolean) ?? null,
      recipients: members.map((delivery) => ({
        target: delivery.target,
        status: apiStatus(delivery.status),
        attempts: delivery.attempts,
        last_error: delivery.lastError,
        sent_at: delivery.sentAt,
      })),
    } satisfies AlertQueueItem['channels'][number];
  });
  return {
    id: record.alertId,
    workspace_id: record.workspaceId,
    token_id: record.tokenId,
    token_name: record.tokenName,
    expires_at: record.expiresAt,
    threshold: record.threshold,
    status: record.status,
    dead_lettered: record.deadLettered,
    channels,
    attempts: record.receives,
    last_error: record.lastError,
    next_attempt_at: record.nextAttemptAt,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

function apiStatus(status: DeliveryStatus): 'pending' | 'sent' | 'failed' | 'skipped' {
  return status === 'sending' ? 'pending' : status;
}
