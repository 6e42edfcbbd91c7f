/**
 * A workspace's discovery integrations (ACCESS_PATTERNS.md rows 56–59; items of
 * entities/integration.ts). Creating one counts it on the workspace item in the same
 * transaction, on condition the plan's limit is not reached, so two concurrent creations cannot
 * pass it; deleting one gives its place back.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LastSync } from '@expiry-radar/shared/api/integration-api-schemas';
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { insertCountedItems, removeCountedItem, type ItemCounter } from './counted-items';
import { findDueItems } from './due-index';
import {
  INTEGRATION_COUNT,
  INTEGRATION_SYNC_SHARD_PREFIX,
  integrationCodec,
  type IntegrationRecord,
} from './entities/integration';
import { INTEGRATION_SORT_PREFIX, keys } from './keys';
import {
  conditionalWrite,
  conditionFailedAt,
  isConditionalCheckFailure,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
  updateIfExists,
} from './table-operations';

export class IntegrationLimitError extends Error {
  constructor() {
    super('The workspace has as many integrations as its plan allows');
    this.name = 'IntegrationLimitError';
  }
}

/** The integration changed (or was deleted) since it was read. */
export class IntegrationChangedError extends Error {
  constructor() {
    super('The integration was changed meanwhile');
    this.name = 'IntegrationChangedError';
  }
}

const integrationCounter = (workspaceId: string): ItemCounter => ({
  key: keys.workspace(workspaceId),
  attribute: INTEGRATION_COUNT,
});

export async function listIntegrations(workspaceId: string): Promise<IntegrationRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, INTEGRATION_SORT_PREFIX, {
      consistentRead: true,
    }),
  );
  return items
    .map((item) => integrationCodec.fromItem(item))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function findIntegration(
  workspaceId: string,
  integrationId: string,
): Promise<IntegrationRecord | null> {
  const item = await readItem(keys.integration(workspaceId, integrationId), {
    consistentRead: true,
  });
  return item ? integrationCodec.fromItem(item) : null;
}

/** Puts a new integration and counts it; `limit` null is unlimited. */
export async function insertIntegration(
  record: IntegrationRecord,
  limit: number | null,
): Promise<void> {
  try {
    await insertCountedItems(integrationCounter(record.workspaceId), limit, [
      integrationCodec.toItem(record),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new IntegrationLimitError();
    throw error;
  }
}

/** Replaces the integration read at `record.revision - 1` with `record`. */
export async function replaceIntegration(record: IntegrationRecord): Promise<void> {
  try {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: integrationCodec.toItem(record),
        ConditionExpression: 'attribute_exists(pk) AND revision = :read',
        ExpressionAttributeValues: { ':read': record.revision - 1 },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new IntegrationChangedError();
    throw error;
  }
}

/** Deletes the integration and gives its place under the plan limit back. */
export async function removeIntegration(workspaceId: string, integrationId: string): Promise<void> {
  try {
    await removeCountedItem(
      keys.integration(workspaceId, integrationId),
      integrationCounter(workspaceId),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new IntegrationChangedError();
    throw error;
  }
}

/**
 * Stores the outcome of a sync on the integration (a sync does not change what the user set, so
 * no revision is asked or bumped); nothing when the integration was deleted meanwhile.
 */
export async function writeLastSync(
  workspaceId: string,
  integrationId: string,
  lastSync: LastSync,
): Promise<void> {
  await updateIfExists({
    Key: keys.integration(workspaceId, integrationId),
    UpdateExpression: 'SET lastSync = :lastSync',
    ExpressionAttributeValues: { ':lastSync': { ...lastSync, errors: [...lastSync.errors] } },
  });
}

/**
 * Marks the integration as synced by hand in the background since `at` (before its message is
 * sent, so the worker's end of it cannot come first); nothing when it was deleted meanwhile.
 */
export async function markSyncRunning(
  workspaceId: string,
  integrationId: string,
  at: Date,
): Promise<void> {
  await updateIfExists({
    Key: keys.integration(workspaceId, integrationId),
    UpdateExpression: 'SET syncingSince = :at',
    ExpressionAttributeValues: { ':at': at.toISOString() },
  });
}

/** The background "Sync now" ended (after its outcome was recorded). */
export async function endSyncRunning(workspaceId: string, integrationId: string): Promise<void> {
  await updateIfExists({
    Key: keys.integration(workspaceId, integrationId),
    UpdateExpression: 'REMOVE syncingSince',
  });
}

/**
 * The integrations due for their scheduled sync (`nextSyncAt <= now`; only enabled daily ones
 * are on the index): per shard of the due index (keys only), then the items, consistently.
 */
export function findDueIntegrations(now: Date): Promise<IntegrationRecord[]> {
  return findDueItems({
    shards: ALL_DUE_SHARDS.map((shard) => `${INTEGRATION_SYNC_SHARD_PREFIX}${shard}`),
    now,
    decode: (item) => integrationCodec.fromItem(item),
    isDue: (record, dueAt) =>
      record.enabled &&
      record.schedule === 'daily' &&
      record.nextSyncAt != null &&
      record.nextSyncAt <= dueAt,
    job: 'integration-dispatch',
    malformedMessage: 'Integration left out of the scheduled sync',
  });
}

/**
 * Takes a due integration for this dispatch by moving its next sync to `nextSyncAt`, unless
 * another dispatch (or an edit) moved it first: then false. The revision is left alone: a
 * dispatch changes nothing the user set.
 */
export async function claimScheduledSync(
  record: IntegrationRecord,
  nextSyncAt: string,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.integration(record.workspaceId, record.integrationId),
        UpdateExpression: 'SET nextAlertAt = :next',
        ConditionExpression: 'nextAlertAt = :read',
        ExpressionAttributeValues: { ':next': nextSyncAt, ':read': record.nextSyncAt },
      }),
    ),
  );
}
