/**
 * Domain registration checks' records (ACCESS_PATTERNS.md row 60): the schedule item of each
 * token that follows a domain (entities/registration-schedule.ts) on the sparse due index, the
 * outcome of the last check written into the token item's `registration` by an UpdateItem of that
 * one attribute (the token's `updated_at` is left as it is: a check is not an edit), and the IANA
 * bootstrap file the weekly job stores.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RegistrationCheck } from '@expiry-radar/shared/domain/domain-registrations';
import type { Token } from '@expiry-radar/shared/domain/token';
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { rdapBootstrapSchema, type RdapBootstrap } from '../domain/rdap';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { findDueItems } from './due-index';
import {
  REGISTRATION_CHECK_SHARD_PREFIX,
  registrationScheduleCodec,
  type RegistrationScheduleRecord,
} from './entities/registration-schedule';
import { keys, REGISTRATION_SCHEDULE_SORT_PREFIX } from './keys';
import { conditionalWrite, queryAll, sortKeyPrefixQuery, type TableKey } from './table-operations';
import { scheduleWritesOf, sendScheduleWrite } from './schedule-writes';
import type { TransactItem } from './token-records';

function followedDomain(token: Token | undefined): string | null {
  return token?.registration?.domain ?? null;
}

/**
 * What a token write (`previous` → `token`; undefined for a new or a deleted token) does to its
 * registration schedule: a put (first check at once) when the domain it follows changed, a
 * delete when it follows none any more, nothing otherwise.
 */
export function registrationScheduleWrite(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): TransactItem | undefined {
  const domain = followedDomain(token);
  const before = followedDomain(previous);
  if (domain !== null && domain === before && token?.id === previous?.id) return undefined;
  const TableName = getConfig().tableName;
  if (token && domain !== null) {
    const record = {
      workspaceId: token.workspace_id,
      tokenId: token.id,
      domain,
      nextCheckAt: now.toISOString(),
    };
    return { Put: { TableName, Item: registrationScheduleCodec.toItem(record) } };
  }
  const gone = token ?? previous;
  if (gone && before !== null) {
    return { Delete: { TableName, Key: keys.registrationSchedule(gone.workspace_id, gone.id) } };
  }
  return undefined;
}

/** The registration schedule writes of a token write, to append to its transaction. */
export function registrationScheduleWrites(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): TransactItem[] {
  return scheduleWritesOf(registrationScheduleWrite(token, previous, now));
}

/** Writes a token's registration schedule on its own, after a write whose transaction is full. */
export async function syncRegistrationSchedule(
  token: Token | undefined,
  previous: Token | undefined,
  now: Date,
): Promise<void> {
  await sendScheduleWrite(registrationScheduleWrite(token, previous, now));
}

export async function deleteRegistrationSchedule(workspaceId: string, tokenId: string) {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.registrationSchedule(workspaceId, tokenId),
    }),
  );
}

/** The schedule items due (`nextCheckAt <= now`): per shard of the due index, then by key. */
export function findDueRegistrationSchedules(now: Date): Promise<RegistrationScheduleRecord[]> {
  return findDueItems({
    shards: ALL_DUE_SHARDS.map((shard) => `${REGISTRATION_CHECK_SHARD_PREFIX}${shard}`),
    now,
    decode: (item) => registrationScheduleCodec.fromItem(item),
    isDue: (record, dueAt) => record.nextCheckAt <= dueAt,
    job: 'registration-dispatch',
    malformedMessage: 'Registration schedule left out of the dispatch',
  });
}

/**
 * Moves a schedule to `nextCheckAt`, unless it moved since it was read as `record` (another
 * dispatch took it, or its token was edited): then false.
 */
export async function advanceRegistrationSchedule(
  record: RegistrationScheduleRecord,
  nextCheckAt: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: registrationScheduleCodec.keyOf(record),
        UpdateExpression: 'SET nextAlertAt = :next',
        ConditionExpression: 'nextAlertAt = :read AND #domain = :domain',
        ExpressionAttributeNames: { '#domain': 'domain' },
        ExpressionAttributeValues: {
          ':next': nextCheckAt.toISOString(),
          ':read': record.nextCheckAt,
          ':domain': record.domain,
        },
      }),
    ),
  );
}

/**
 * Brings a token's next check forward to `at` (a failed lookup is retried sooner than the daily
 * check; a registry's Retry-After is respected), if the schedule still follows `domain`.
 */
export async function retryRegistrationAt(
  workspaceId: string,
  tokenId: string,
  domain: string,
  at: string,
): Promise<void> {
  await conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.registrationSchedule(workspaceId, tokenId),
        UpdateExpression: 'SET nextAlertAt = :at',
        ConditionExpression: '#domain = :domain',
        ExpressionAttributeNames: { '#domain': 'domain' },
        ExpressionAttributeValues: { ':at': at, ':domain': domain },
      }),
    ),
  );
}

/**
 * Writes the last check of the token's registration, if the token still follows `domain` (an edit
 * may have changed it meanwhile: then false, nothing written).
 */
export async function writeRegistrationCheck(
  tokenKey: TableKey,
  domain: string,
  check: RegistrationCheck,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: tokenKey,
        UpdateExpression: 'SET registration.last_check = :check',
        ConditionExpression: 'registration.#domain = :domain',
        ExpressionAttributeNames: { '#domain': 'domain' },
        ExpressionAttributeValues: { ':check': check, ':domain': domain },
      }),
    ),
  );
}

/** The bootstrap file the weekly job stored, or null before its first run (or if unreadable). */
export async function readStoredRdapBootstrap(): Promise<RdapBootstrap | null> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.rdapBootstrap() }),
  );
  if (!Item || typeof Item.file !== 'string') return null;
  try {
    const parsed = rdapBootstrapSchema.safeParse(JSON.parse(Item.file));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores a bootstrap file (its JSON text, as IANA published it) and when it was read. */
export async function storeRdapBootstrap(file: string, now: Date): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: {
        ...keys.rdapBootstrap(),
        entity: 'RDAP_BOOTSTRAP',
        file,
        storedAt: now.toISOString(),
      },
    }),
  );
}

/** The registration schedules of a workspace's tokens (the domains it follows): one Query. */
export async function listWorkspaceRegistrationSchedules(
  workspaceId: string,
): Promise<RegistrationScheduleRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, REGISTRATION_SCHEDULE_SORT_PREFIX, {
      consistentRead: true,
    }),
  );
  return items.map((item) => registrationScheduleCodec.fromItem(item));
}
