/**
 * Registration watches (entities/registration-watch.ts; ACCESS_PATTERNS.md row 64). The cookie
 * holds `<accountId>.<secret>`: the id of the account the registration created, or for an address
 * that already had an account a fresh random id of the same shape that names nobody and is never
 * stored. Only the hash of the whole value is stored. Naming an id lets one BatchGetItem read the
 * watch and that user together, so a check does the same reads whichever way the registration
 * went.
 */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { registrationWatchCodec } from './entities/registration-watch';
import { userCodec, type UserRecord } from './entities/user';
import { keys } from './keys';
import { generateSecret, hashSecret } from './secret-hash';
import type { TableItem, TableKey } from './table-operations';

export interface NewRegistrationWatch {
  /** The value for the cookie; only its hash is stored. */
  readonly watchId: string;
  readonly expiresAt: Date;
}

/** `<uuid>.<256-bit base64url secret>`, as `createRegistrationWatch` makes them. */
const WATCH_ID_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;

export async function createRegistrationWatch(options: {
  /** The account the registration created; null when the address already had one. */
  createdUserId: string | null;
  lifetimeSeconds: number;
  now: Date;
}): Promise<NewRegistrationWatch> {
  const watchId = `${options.createdUserId ?? randomUUID()}.${generateSecret()}`;
  const expiresAt = new Date(options.now.getTime() + options.lifetimeSeconds * 1000);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: registrationWatchCodec.toItem({
        watchHash: hashSecret(watchId),
        watch: {
          userId: options.createdUserId,
          createdAt: options.now.toISOString(),
          expiresAt: expiresAt.toISOString(),
        },
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { watchId, expiresAt };
}

const sameKey = (key: TableKey) => (item: TableItem) => item.pk === key.pk && item.sk === key.sk;

/**
 * The account a registration cookie watches: undefined when the value is not one this table
 * issued, the watch expired, it names no account (a taken address), or the account is gone.
 * Eventually consistent: a waiting page asks again a few seconds later.
 */
export async function findWatchedAccount(
  watchId: string,
  now: Date,
): Promise<UserRecord | undefined> {
  const claimedUserId = WATCH_ID_PATTERN.exec(watchId)?.[1];
  if (claimedUserId === undefined) return undefined;
  const { tableName } = getConfig();
  const watchKey = keys.registrationWatch(hashSecret(watchId));
  const userKey = keys.user(claimedUserId);
  const { Responses } = await getDocumentClient().send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [watchKey, userKey] } } }),
  );
  const items = Responses?.[tableName] ?? [];
  const watchItem = items.find(sameKey(watchKey));
  const userItem = items.find(sameKey(userKey));
  if (!watchItem || !userItem) return undefined;
  const { watch } = registrationWatchCodec.fromItem(watchItem);
  // TTL deletes lazily: expiry is checked on every read.
  if (Date.parse(watch.expiresAt) <= now.getTime()) return undefined;
  if (watch.userId !== claimedUserId) return undefined;
  return userCodec.fromItem(userItem).user;
}
