import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { addSeconds, SESSION_LIFETIME_SECONDS } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { INDEX_NAMES } from './table-definition';
import { epochSeconds, gsi1, keys, SESSION_SORT_PREFIX } from './keys';
import { generateSecret, hashSecret } from './secret-hash';
import { deleteItems, keyOf, queryAll } from './table-operations';

export interface SessionRecord {
  readonly userId: string;
  /** When the user signed in to start this session (recent sign-in checks read it). */
  readonly createdAt: string;
  readonly expiresAt: string;
}

/**
 * The session a cookie names, if it exists and has not expired. DynamoDB removes expired items
 * lazily through TTL, so expiry is checked here on every read as well.
 */
export async function findActiveSession(
  sessionId: string,
  now: Date,
): Promise<SessionRecord | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.session(hashSecret(sessionId)) }),
  );
  if (!Item || typeof Item.expiresAt !== 'string' || typeof Item.userId !== 'string') {
    return undefined;
  }
  if (Date.parse(Item.expiresAt) <= now.getTime()) return undefined;
  return { userId: Item.userId, createdAt: String(Item.createdAt), expiresAt: Item.expiresAt };
}

export interface NewSession {
  /** The secret for the cookie; only its hash is stored. */
  readonly sessionId: string;
  readonly expiresAt: Date;
}

/** Starts a session with a fresh random id (a sign-in never reuses an id the browser had). */
export async function createSession(userId: string, now: Date): Promise<NewSession> {
  const sessionId = generateSecret();
  const sessionIdHash = hashSecret(sessionId);
  const expiresAt = addSeconds(now, SESSION_LIFETIME_SECONDS);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: {
        ...keys.session(sessionIdHash),
        ...gsi1.session(userId, sessionIdHash),
        userId,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        ttl: epochSeconds(expiresAt),
      },
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

/** Ends every session of a user (password reset, account deletion), optionally but one. */
export async function deleteSessionsOfUser(
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<void> {
  const keep = options.exceptSessionId ? keys.session(hashSecret(options.exceptSessionId)) : null;
  const sessions = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId), ':prefix': SESSION_SORT_PREFIX },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(sessions.map(keyOf).filter((key) => key.pk !== keep?.pk));
}
