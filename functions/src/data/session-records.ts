import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  addSeconds,
  SESSION_LAST_USE_INTERVAL_SECONDS,
  SESSION_LIFETIME_SECONDS,
} from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  sessionCodec,
  type SessionRecord,
  type SessionSignIn,
  type StoredSession,
} from './entities/session';
import { userCodec, type UserRecord } from './entities/user';
import { INDEX_NAMES } from './table-definition';
import { gsi1, keys, SESSION_SORT_PREFIX } from './keys';
import { generateSecret, hashSecret } from './secret-hash';
import {
  conditionalWrite,
  deleteItems,
  keyOf,
  queryAll,
  type TableItem,
  type TableKey,
} from './table-operations';

export type { SessionRecord, SessionSignIn, StoredSession } from './entities/session';

/**
 * A session id is `<userId>.<secret>`: naming the user lets one BatchGet read the session and its
 * user together. Only the hash of the whole id is stored, and the stored session must belong to
 * the user the id names.
 */
const SESSION_ID_SEPARATOR = '.';

/** A fresh random session id for a user. */
export function newSessionId(userId: string): string {
  return `${userId}${SESSION_ID_SEPARATOR}${generateSecret()}`;
}

/** The user a session id names, before the session is checked: only to plan what to read. */
export function claimedUserIdOf(sessionId: string): string | undefined {
  const separator = sessionId.indexOf(SESSION_ID_SEPARATOR);
  return separator > 0 ? sessionId.slice(0, separator) : undefined;
}

function activeSessionOf(item: TableItem | undefined, now: Date): SessionRecord | undefined {
  if (!item) return undefined;
  const { session } = sessionCodec.fromItem(item);
  // DynamoDB removes expired items lazily through TTL, so expiry is checked on every read.
  if (Date.parse(session.expiresAt) <= now.getTime()) return undefined;
  return session;
}

/** The session a cookie names, if it exists and has not expired. */
export async function findActiveSession(
  sessionId: string,
  now: Date,
): Promise<SessionRecord | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.session(hashSecret(sessionId)) }),
  );
  return activeSessionOf(Item, now);
}

export interface SessionWithUser {
  readonly session: SessionRecord;
  readonly user: UserRecord;
  /** The items of `alsoRead`, in its order; undefined where no item exists. */
  readonly alsoRead: readonly (TableItem | undefined)[];
}

const sameKey = (key: TableKey) => (item: TableItem) => item.pk === key.pk && item.sk === key.sk;

/**
 * The active session a cookie names and its user, read in one round trip together with any
 * other items the request needs (a workspace and the caller's membership, say).
 */
export async function findActiveSessionWithUser(
  sessionId: string,
  now: Date,
  alsoRead: readonly TableKey[] = [],
): Promise<SessionWithUser | undefined> {
  const userId = claimedUserIdOf(sessionId);
  if (!userId) return undefined;
  const { tableName } = getConfig();
  const sessionKey = keys.session(hashSecret(sessionId));
  const userKey = keys.user(userId);
  const { Responses } = await getDocumentClient().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName]: { Keys: [sessionKey, userKey, ...alsoRead], ConsistentRead: true },
      },
    }),
  );
  const items = Responses?.[tableName] ?? [];
  const session = activeSessionOf(items.find(sameKey(sessionKey)), now);
  const userItem = items.find(sameKey(userKey));
  if (!session || session.userId !== userId || !userItem) return undefined;
  const { user, sessionsValidFrom } = userCodec.fromItem(userItem);
  // Sessions started before the user's sessions were last revoked as a whole stay revoked.
  if (sessionsValidFrom !== null && session.createdAt < sessionsValidFrom) return undefined;
  return {
    session,
    user,
    alsoRead: alsoRead.map((key) => items.find(sameKey(key))),
  };
}

export interface NewSession {
  /** The secret for the cookie; only its hash is stored. */
  readonly sessionId: string;
  readonly expiresAt: Date;
}

/**
 * Starts a session with a fresh random id (a sign-in never reuses an id the browser had), keeping
 * how the user signed in; its last use is its start.
 */
export async function createSession(
  userId: string,
  signIn: SessionSignIn,
  now: Date,
): Promise<NewSession> {
  const sessionId = newSessionId(userId);
  const sessionIdHash = hashSecret(sessionId);
  const expiresAt = addSeconds(now, SESSION_LIFETIME_SECONDS);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: sessionCodec.toItem({
        sessionIdHash,
        session: {
          userId,
          createdAt: now.toISOString(),
          expiresAt: expiresAt.toISOString(),
          signIn,
          lastUsedAt: now.toISOString(),
        },
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { sessionId, expiresAt };
}

export async function deleteSession(sessionId: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.session(hashSecret(sessionId)),
    }),
  );
}

/** Whether a request now should write the session's last use (at most once an hour). */
export function lastUseIsDue(session: SessionRecord, now: Date): boolean {
  if (session.lastUsedAt === null) return true;
  return Date.parse(session.lastUsedAt) <= now.getTime() - SESSION_LAST_USE_INTERVAL_SECONDS * 1000;
}

/**
 * Writes the session's last use if it is due: conditional, so of requests arriving together only
 * one writes, and a session deleted meanwhile is not brought back. Returns whether it wrote.
 */
export async function touchSession(sessionId: string, now: Date): Promise<boolean> {
  const dueBefore = addSeconds(now, -SESSION_LAST_USE_INTERVAL_SECONDS).toISOString();
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.session(hashSecret(sessionId)),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :dueBefore)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':dueBefore': dueBefore },
      }),
    ),
  );
}

/** A user's sessions (any, expired ones too), from the user's index. */
export async function sessionsOfUser(userId: string): Promise<StoredSession[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId), ':prefix': SESSION_SORT_PREFIX },
  });
  return items.map((item) => sessionCodec.fromItem(item));
}

/**
 * Deletes the user's session whose hash is `sessionIdHash`, only if it is still the user's;
 * false when there is none.
 */
export async function deleteSessionOfUser(userId: string, sessionIdHash: string): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: keys.session(sessionIdHash),
        ConditionExpression: 'userId = :userId',
        ExpressionAttributeValues: { ':userId': userId },
      }),
    ),
  );
}

/**
 * Ends every session of a user (password reset, account deletion), optionally but one; returns
 * how many ended.
 */
export async function deleteSessionsOfUser(
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<number> {
  const keep = options.exceptSessionId ? keys.session(hashSecret(options.exceptSessionId)) : null;
  const sessions = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId), ':prefix': SESSION_SORT_PREFIX },
    ProjectionExpression: 'pk, sk',
  });
  const ending = sessions.map(keyOf).filter((key) => key.pk !== keep?.pk);
  await deleteItems(ending);
  return ending.length;
}

/**
 * Revokes every session of a user at once, with one write on the user (`sessionsValidFrom`:
 * sessions and pending two-factor sign-ins begun before it are refused), then deletes the
 * session items; returns how many it deleted. Run again, it ends the same and deletes what is left.
 */
export async function endAllSessionsOfUser(userId: string, now: Date): Promise<number> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET sessionsValidFrom = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
  return deleteSessionsOfUser(userId);
}
