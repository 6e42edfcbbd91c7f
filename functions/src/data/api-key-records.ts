/**
 * A user's API keys (items of entities/api-key.ts; ACCESS_PATTERNS.md rows 49–52): created within
 * the plan's limit by one transaction with the user's key counter, listed and revoked by id with
 * consistent reads, found by the hash of their secret, marked used at most once a minute.
 */
import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Limit } from '@expiry-radar/shared/domain/plans';
import { API_KEY_LAST_USED_RESOLUTION_SECONDS } from '@expiry-radar/shared/domain/api-keys';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { insertCountedItems } from './counted-items';
import { apiKeyCodec, apiKeyCredentialCodec, type ApiKeyRecord } from './entities/api-key';
import { API_KEY_COUNT, userCodec, type UserRecord } from './entities/user';
import { API_KEY_SORT_PREFIX, keys } from './keys';
import {
  conditionFailedAt,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
  type TableItem,
  type TableKey,
} from './table-operations';

export type { ApiKeyRecord } from './entities/api-key';

/**
 * Stores a new key: counts it on the user's item (refused at the plan's limit) and writes both
 * of its items, all or nothing. False when the limit is reached.
 */
export async function insertApiKey(record: ApiKeyRecord, limit: Limit): Promise<boolean> {
  try {
    await insertCountedItems({ key: keys.user(record.userId), attribute: API_KEY_COUNT }, limit, [
      apiKeyCodec.toItem(record),
      apiKeyCredentialCodec.toItem(record),
    ]);
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0)) return false;
    throw error;
  }
}

/** The user's keys, oldest id first (consistent: a key just created or revoked shows so). */
export async function listApiKeysOfUser(userId: string): Promise<ApiKeyRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.user(userId).pk, API_KEY_SORT_PREFIX, { consistentRead: true }),
  );
  return items.map((item) => apiKeyCodec.fromItem(item));
}

/** One of the user's keys by id (consistent), or undefined. */
export async function findApiKeyOfUser(
  userId: string,
  keyId: string,
): Promise<ApiKeyRecord | undefined> {
  const item = await readItem(keys.apiKey(userId, keyId), { consistentRead: true });
  return item ? apiKeyCodec.fromItem(item) : undefined;
}

/** The key whose secret has this SHA-256 (consistent: a revoked key fails at once), or undefined. */
export async function findApiKeyBySecretHash(
  secretHash: string,
): Promise<ApiKeyRecord | undefined> {
  const item = await readItem(keys.apiKeyCredential(secretHash), { consistentRead: true });
  return item ? apiKeyCredentialCodec.fromItem(item) : undefined;
}

/**
 * Deletes both items of a key and counts it off the user. False when it was already gone (a
 * second revoke counts nothing off).
 */
export async function deleteApiKey(record: ApiKeyRecord): Promise<boolean> {
  const { tableName } = getConfig();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName,
              Key: apiKeyCodec.keyOf(record),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          { Delete: { TableName: tableName, Key: apiKeyCredentialCodec.keyOf(record) } },
          {
            Update: {
              TableName: tableName,
              Key: keys.user(record.userId),
              UpdateExpression: 'ADD #count :minusOne',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#count': API_KEY_COUNT },
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0)) return false;
    throw error;
  }
}

/** A partition key up to its first `#`: what IAM's `dynamodb:LeadingKeys` patterns name. */
const entityPrefixOf = (pk: string): string => pk.slice(0, pk.indexOf('#') + 1);

/**
 * Everything a request with an API key writes, on any route (services/api-keys/
 * api-key-authentication.ts): IAM allows a route that takes keys exactly this (infra's grant
 * `apiKeyUseWrite`), so a route that only reads may write nothing else.
 */
export const API_KEY_USE_WRITES = {
  /** The key's rate-limit counter: UpdateItem of a counter (data/rate-limiter.ts). */
  rateLimitPrefix: entityPrefixOf(keys.rateLimit('rule', 'subject').pk),
  /** The key's two items, its credential's and its user's, whose last use noteApiKeyUse sets. */
  lastUsePrefixes: [
    entityPrefixOf(keys.apiKeyCredential('hash').pk),
    entityPrefixOf(keys.apiKey('user', 'key').pk),
  ],
  /**
   * The one attribute noteApiKeyUse sets; besides it, its update names only the item's key
   * (the condition's `attribute_exists(pk)`).
   */
  lastUseAttribute: 'lastUsedAt',
} as const;

/**
 * Notes that a key was used, on both its items, unless it was noted less than a minute ago:
 * a busy key costs one write a minute, not one per request. Another request noting the same
 * minute wins and this one writes nothing.
 */
export async function noteApiKeyUse(record: ApiKeyRecord, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - API_KEY_LAST_USED_RESOLUTION_SECONDS * 1000);
  if (record.lastUsedAt !== null && record.lastUsedAt > cutoff.toISOString()) return;
  const { tableName } = getConfig();
  const update = (key: Record<string, string>) => ({
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #lastUsedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(#lastUsedAt) OR #lastUsedAt <= :cutoff)',
      ExpressionAttributeNames: { '#lastUsedAt': API_KEY_USE_WRITES.lastUseAttribute },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': cutoff.toISOString() },
    },
  });
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          update(apiKeyCredentialCodec.keyOf(record)),
          update(apiKeyCodec.keyOf(record)),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') return;
    throw error;
  }
}

/**
 * The key's user with other items (a route's workspace and membership) in one consistent
 * BatchGetItem, and how many keys the user item counts (undefined when it has no count);
 * undefined when the user is gone.
 */
export async function findKeyUserWith(
  userId: string,
  alsoRead: readonly TableKey[],
): Promise<
  | { user: UserRecord; keyCount: number | undefined; alsoRead: (TableItem | undefined)[] }
  | undefined
> {
  const { tableName } = getConfig();
  const userKey = keys.user(userId);
  const { Responses } = await getDocumentClient().send(
    new BatchGetCommand({
      RequestItems: { [tableName]: { Keys: [userKey, ...alsoRead], ConsistentRead: true } },
    }),
  );
  const items = Responses?.[tableName] ?? [];
  const find = (key: TableKey) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const userItem = find(userKey);
  if (!userItem) return undefined;
  const keyCount: unknown = userItem[API_KEY_COUNT];
  return {
    user: userCodec.fromItem(userItem).user,
    keyCount: typeof keyCount === 'number' ? keyCount : undefined,
    alsoRead: alsoRead.map(find),
  };
}
