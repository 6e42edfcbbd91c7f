import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { keys } from './keys';
import { hashSecret } from './secret-hash';

export interface SessionRecord {
  readonly userId: string;
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
