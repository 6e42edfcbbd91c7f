/**
 * Endpoint checks' records (ACCESS_PATTERNS.md row 55): the schedule item of each token with TLS
 * endpoints (entities/endpoint-schedule.ts) on the sparse due index, and the outcome of each
 * endpoint's check, written into the token item's `endpoints` list by an UpdateItem of that one
 * element (the token's `updated_at` is left as it is: a check is not an edit).
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EndpointCheck, TokenEndpoint } from '@expiry-radar/shared/domain/endpoints';
import { ENDPOINT_CHECK_INTERVAL_HOURS } from '@expiry-radar/shared/domain/endpoints';
import type { Token } from '@expiry-radar/shared/domain/token';
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { logger } from '../platform/logger';
import {
  ENDPOINT_CHECK_SHARD_PREFIX,
  endpointScheduleCodec,
  type EndpointScheduleRecord,
} from './entities/endpoint-schedule';
import { findDueItems } from './due-index';
import { tokensOfItems } from './entities/token';
import { ENDPOINT_SCHEDULE_SORT_PREFIX, keys } from './keys';
import {
  batchGetAll,
  conditionalWrite,
  queryAll,
  sortKeyPrefixQuery,
  type TableKey,
} from './table-operations';
import { scheduleWritesOf, sendScheduleWrite } from './schedule-writes';
import type { TransactItem } from './token-records';

/** The schedule a token's endpoints call for, checked first at `firstCheckAt`. */
export function endpointScheduleOf(token: Token, firstCheckAt: Date): EndpointScheduleRecord {
  return {
    workspaceId: token.workspace_id,
    tokenId: token.id,
    endpointCount: token.endpoints?.length ?? 0,
    intervalHours: ENDPOINT_CHECK_INTERVAL_HOURS[token.endpoint_check_frequency ?? 'every_6_hours'],
    nextCheckAt: firstCheckAt.toISOString(),
    tokenCreatedAt: token.created_at,
  };
}

function sameEndpoints(a: Token, b: Token | undefined): boolean {
  const addresses = (token: Token | undefined) =>
    JSON.stringify((token?.endpoints ?? []).map(({ host, port, sni }) => [host, port, sni]));
  return (
    b !== undefined &&
    addresses(a) === addresses(b) &&
    (a.endpoint_check_frequency ?? null) === (b.endpoint_check_frequency ?? null)
  );
}

/**
 * The schedule a token write (`previous` → `token`) puts, due at once: when the token has
 * endpoints and they or their frequency changed (a new token's too); else undefined.
 */
export function endpointSchedulePutBy(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): EndpointScheduleRecord | undefined {
  if (!token?.endpoints?.length || sameEndpoints(token, previous)) return undefined;
  return endpointScheduleOf(token, now);
}

/**
 * What a token write (`previous` → `token`; undefined for a new or a deleted token) does to the
 * token's endpoint schedule: a put (first check at once) when its endpoints or their frequency
 * changed, a delete when none are left, nothing when they did not change (an edit of other fields
 * writes nothing more). Token writes put it in their own transaction (data/token-mutations).
 */
export function endpointScheduleWrite(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): TransactItem | undefined {
  if (token?.endpoints?.length) {
    const put = endpointSchedulePutBy(token, previous, now);
    if (!put) return undefined;
    return { Put: { TableName: getConfig().tableName, Item: endpointScheduleCodec.toItem(put) } };
  }
  const TableName = getConfig().tableName;
  const gone = token ?? previous;
  if (gone && previous?.endpoints?.length) {
    return { Delete: { TableName, Key: keys.endpointSchedule(gone.workspace_id, gone.id) } };
  }
  return undefined;
}

/** The endpoint schedule writes of a token write, as a list to append to its transaction. */
export function endpointScheduleWrites(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): TransactItem[] {
  return scheduleWritesOf(endpointScheduleWrite(token, previous, now));
}

/**
 * Writes a token's endpoint schedule on its own, after the token write: for a transfer, whose
 * transaction has no room left (data/token-mutations), and for seeding benchmarks.
 */
export async function syncEndpointSchedule(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): Promise<void> {
  await sendScheduleWrite(endpointScheduleWrite(token, previous, now));
}

export async function deleteEndpointSchedule(workspaceId: string, tokenId: string) {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.endpointSchedule(workspaceId, tokenId),
    }),
  );
}

/** The schedule items of a workspace's tokens with endpoints: one Query. */
export async function listWorkspaceEndpointSchedules(
  workspaceId: string,
): Promise<EndpointScheduleRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, ENDPOINT_SCHEDULE_SORT_PREFIX, {
      consistentRead: true,
    }),
  );
  return items.map((item) => endpointScheduleCodec.fromItem(item));
}

/**
 * The endpoints a workspace has (the plan's limit): the sum of its schedule items' counts, one
 * Query, leaving out `exceptTokenId` (the token being edited).
 */
export async function countWorkspaceEndpoints(
  workspaceId: string,
  exceptTokenId?: string,
): Promise<number> {
  return (await listWorkspaceEndpointSchedules(workspaceId))
    .filter((record) => record.tokenId !== exceptTokenId)
    .reduce((sum, record) => sum + record.endpointCount, 0);
}

/** The schedule items due (`nextCheckAt <= now`): per shard of the due index, then by key. */
export function findDueEndpointSchedules(now: Date): Promise<EndpointScheduleRecord[]> {
  return findDueItems({
    shards: ALL_DUE_SHARDS.map((shard) => `${ENDPOINT_CHECK_SHARD_PREFIX}${shard}`),
    now,
    decode: (item) => endpointScheduleCodec.fromItem(item),
    isDue: (record, dueAt) => record.nextCheckAt <= dueAt,
    job: 'endpoint-dispatch',
    malformedMessage: 'Endpoint schedule left out of the dispatch',
  });
}

/** Moves a schedule to its next check, unless another dispatch moved it first (then false). */
export async function advanceEndpointSchedule(
  record: EndpointScheduleRecord,
  nextCheckAt: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: endpointScheduleCodec.keyOf(record),
        UpdateExpression: 'SET nextAlertAt = :next',
        ConditionExpression: 'nextAlertAt = :read',
        ExpressionAttributeValues: {
          ':next': nextCheckAt.toISOString(),
          ':read': record.nextCheckAt,
        },
      }),
    ),
  );
}

type EndpointAddress = Pick<TokenEndpoint, 'host' | 'port' | 'sni'>;

/**
 * Updates the element at `index` of the token's endpoint list with `update` (its values in
 * `values`), if that element is still `endpoint` (an edit may have changed the list meanwhile:
 * then false, nothing written).
 */
async function updateEndpointElement(
  tokenKey: TableKey,
  index: number,
  endpoint: EndpointAddress,
  update: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  const element = `endpoints[${index}]`;
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: tokenKey,
        UpdateExpression: update,
        ConditionExpression: `${element}.host = :host AND ${element}.port = :port AND ${element}.sni = :sni`,
        ExpressionAttributeValues: {
          ...values,
          ':host': endpoint.host,
          ':port': endpoint.port,
          ':sni': endpoint.sni,
        },
      }),
    ),
  );
}

/**
 * Writes the last check of the endpoint at `index` of the token's list, if that element is still
 * the same endpoint (else false, nothing written). A checked endpoint is no longer paused.
 */
export function writeEndpointCheck(
  tokenKey: TableKey,
  index: number,
  endpoint: EndpointAddress,
  check: EndpointCheck,
): Promise<boolean> {
  return updateEndpointElement(
    tokenKey,
    index,
    endpoint,
    `SET endpoints[${index}].last_check = :check REMOVE endpoints[${index}].paused_since`,
    { ':check': check },
  );
}

/**
 * Marks the endpoint at `index` paused since `at` (beyond the plan's limit), if that element is
 * still the same endpoint; its last check stays as it was.
 */
export async function markEndpointPaused(
  tokenKey: TableKey,
  index: number,
  endpoint: EndpointAddress,
  at: Date,
): Promise<void> {
  await updateEndpointElement(
    tokenKey,
    index,
    endpoint,
    `SET endpoints[${index}].paused_since = :at`,
    { ':at': at.toISOString() },
  );
}

/** The tokens of the given schedules, read consistently by key, by token id. */
export async function readScheduledTokens(
  schedules: readonly EndpointScheduleRecord[],
): Promise<Map<string, Token>> {
  const items = await batchGetAll(
    schedules.map(({ workspaceId, tokenId }) => keys.token(workspaceId, tokenId)),
    { consistentRead: true },
  );
  return tokensOfItems(items, (error) => {
    logger.error('Token left out of the endpoint dispatch', { error: error.message });
  });
}
