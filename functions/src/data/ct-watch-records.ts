/**
 * The certificate transparency watch's records (ACCESS_PATTERNS.md rows 65–66): a workspace's
 * watched domains (entities/watched-domain.ts), counted on the workspace item against the plan's
 * limit and read by the hourly job from the sparse due index; the certificates seen for them
 * (entities/ct-finding.ts), each put once by its SHA-256; and the sealed Cert Spotter API key.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { ctFindingCodec, type CtFindingRecord } from './entities/ct-finding';
import {
  CT_WATCH_SHARD_PREFIX,
  WATCHED_DOMAIN_COUNT,
  watchedDomainCodec,
  type WatchedDomainRecord,
} from './entities/watched-domain';
import { insertCountedItems, removeCountedItem, type ItemCounter } from './counted-items';
import { findDueItems } from './due-index';
import { CT_FINDING_SORT_PREFIX, keys, WATCHED_DOMAIN_SORT_PREFIX } from './keys';
import {
  conditionalWrite,
  conditionFailedAt,
  isConditionalCheckFailure,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
  updateIfExists,
} from './table-operations';

export class WatchedDomainLimitError extends Error {
  constructor() {
    super('The workspace watches as many domains as its plan allows');
    this.name = 'WatchedDomainLimitError';
  }
}

export class WatchedDomainDuplicateError extends Error {
  constructor() {
    super('The workspace already watches this domain');
    this.name = 'WatchedDomainDuplicateError';
  }
}

export class WatchedDomainMissingError extends Error {
  constructor() {
    super('The workspace does not watch this domain');
    this.name = 'WatchedDomainMissingError';
  }
}

const watchedDomainCounter = (workspaceId: string): ItemCounter => ({
  key: keys.workspace(workspaceId),
  attribute: WATCHED_DOMAIN_COUNT,
});

const underPrefix = (workspaceId: string, prefix: string) =>
  sortKeyPrefixQuery(keys.workspace(workspaceId).pk, prefix, { consistentRead: true });

/** The workspace's watched domains, by name. */
export async function listWatchedDomains(workspaceId: string): Promise<WatchedDomainRecord[]> {
  const items = await queryAll(underPrefix(workspaceId, WATCHED_DOMAIN_SORT_PREFIX));
  return items.map((item) => watchedDomainCodec.fromItem(item));
}

export async function findWatchedDomain(
  workspaceId: string,
  domain: string,
): Promise<WatchedDomainRecord | null> {
  const item = await readItem(keys.watchedDomain(workspaceId, domain), { consistentRead: true });
  return item ? watchedDomainCodec.fromItem(item) : null;
}

/** Puts a new watched domain and counts it, within `limit` (null: unlimited). */
export async function insertWatchedDomain(
  record: WatchedDomainRecord,
  limit: number | null,
): Promise<void> {
  try {
    await insertCountedItems(watchedDomainCounter(record.workspaceId), limit, [
      watchedDomainCodec.toItem(record),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 1)) throw new WatchedDomainDuplicateError();
    if (conditionFailedAt(error, 0)) throw new WatchedDomainLimitError();
    throw error;
  }
}

/** Writes a watched domain's settings (subdomains, automatic adding, allow-list) if it exists. */
export async function updateWatchedDomainSettings(record: WatchedDomainRecord): Promise<void> {
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: watchedDomainCodec.keyOf(record),
        UpdateExpression:
          'SET includeSubdomains = :sub, autoAdd = :auto, allowedIssuers = :issuers',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':sub': record.includeSubdomains,
          ':auto': record.autoAdd,
          ':issuers': [...record.allowedIssuers],
        },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new WatchedDomainMissingError();
    throw error;
  }
}

/** Deletes a watched domain and gives its place under the limit back. */
export async function removeWatchedDomain(workspaceId: string, domain: string): Promise<void> {
  try {
    await removeCountedItem(
      keys.watchedDomain(workspaceId, domain),
      watchedDomainCounter(workspaceId),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new WatchedDomainMissingError();
    throw error;
  }
}

/** The watched domains due for a read (`nextCheckAt <= now`): per shard of the due index. */
export function findDueWatchedDomains(now: Date): Promise<WatchedDomainRecord[]> {
  return findDueItems({
    shards: ALL_DUE_SHARDS.map((shard) => `${CT_WATCH_SHARD_PREFIX}${shard}`),
    now,
    decode: (item) => watchedDomainCodec.fromItem(item),
    isDue: (record, dueAt) => record.nextCheckAt <= dueAt,
    job: 'ct-watch',
    malformedMessage: 'Watched domain left out of the certificate transparency watch',
  });
}

/**
 * Takes a due domain for this run: moves its next read to `next`, unless another run took it
 * since it was read (then false).
 */
export async function claimWatchedDomain(
  record: WatchedDomainRecord,
  next: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: watchedDomainCodec.keyOf(record),
        UpdateExpression: 'SET nextAlertAt = :next',
        ConditionExpression: 'nextAlertAt = :read',
        ExpressionAttributeValues: { ':next': next.toISOString(), ':read': record.nextCheckAt },
      }),
    ),
  );
}

/**
 * Writes a read's progress: the position reached (only ever moved forward by the reader, page by
 * page), when it was read, its error, and when to read next (a failure: sooner), if the domain is
 * still watched.
 */
export async function writeWatchProgress(
  record: Pick<WatchedDomainRecord, 'workspaceId' | 'domain'>,
  progress: {
    readonly position: string | null;
    readonly checkedAt: string;
    readonly lastError: string | null;
    readonly nextCheckAt?: string;
  },
): Promise<void> {
  await updateIfExists({
    Key: keys.watchedDomain(record.workspaceId, record.domain),
    UpdateExpression: `SET #position = :position, lastCheckedAt = :at, lastError = :error${progress.nextCheckAt ? ', nextAlertAt = :next' : ''}`,
    ExpressionAttributeNames: { '#position': 'position' },
    ExpressionAttributeValues: {
      ':position': progress.position,
      ':at': progress.checkedAt,
      ':error': progress.lastError,
      ...(progress.nextCheckAt ? { ':next': progress.nextCheckAt } : {}),
    },
  });
}

/** The certificates seen for the workspace, newest first. */
export async function listCtFindings(workspaceId: string): Promise<CtFindingRecord[]> {
  const items = await queryAll(underPrefix(workspaceId, CT_FINDING_SORT_PREFIX));
  return items
    .map((item) => ctFindingCodec.fromItem(item))
    .sort(
      (a, b) => b.seenAt.localeCompare(a.seenAt) || a.certificateId.localeCompare(b.certificateId),
    );
}

export async function findCtFinding(
  workspaceId: string,
  certificateId: string,
): Promise<CtFindingRecord | null> {
  const item = await readItem(keys.ctFinding(workspaceId, certificateId), { consistentRead: true });
  return item ? ctFindingCodec.fromItem(item) : null;
}

/** Puts a finding if the certificate was never seen by the workspace: false when it was. */
export async function insertCtFinding(record: CtFindingRecord): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: ctFindingCodec.toItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Marks a finding alerted (its email went out). */
export async function markCtFindingAlerted(
  workspaceId: string,
  certificateId: string,
  at: string,
): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.ctFinding(workspaceId, certificateId),
      UpdateExpression: 'SET alertedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/**
 * Marks a finding added to the inventory as `tokenId`, on condition it was not added meanwhile
 * (false then).
 */
export async function markCtFindingAdded(
  workspaceId: string,
  certificateId: string,
  tokenId: string,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.ctFinding(workspaceId, certificateId),
        UpdateExpression: 'SET #status = :added, tokenId = :token',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :added',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':added': 'added', ':token': tokenId },
      }),
    ),
  );
}

/** The workspace's sealed Cert Spotter API key, or null. */
export async function readSealedCtApiKey(workspaceId: string): Promise<string | null> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.ctApiKey(workspaceId) }),
  );
  return typeof Item?.sealed === 'string' ? Item.sealed : null;
}

export async function storeSealedCtApiKey(
  workspaceId: string,
  sealed: string | null,
  now: Date,
): Promise<void> {
  const client = getDocumentClient();
  const TableName = getConfig().tableName;
  if (sealed === null) {
    await client.send(new DeleteCommand({ TableName, Key: keys.ctApiKey(workspaceId) }));
    return;
  }
  await client.send(
    new PutCommand({
      TableName,
      Item: {
        ...keys.ctApiKey(workspaceId),
        entity: 'CT_API_KEY',
        sealed,
        storedAt: now.toISOString(),
      },
    }),
  );
}
