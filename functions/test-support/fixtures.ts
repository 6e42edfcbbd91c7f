import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { epochSeconds, gsi1, keys } from '../src/data/keys';
import { hashSecret } from '../src/data/secret-hash';
import { newSessionId } from '../src/data/session-records';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

/**
 * Writes a user (with the claim on their address) and a session straight to the table and
 * returns the session cookie.
 */
export async function givenSignedInUser(
  options: { emailVerified?: boolean; sessionExpiresAt?: Date; plan?: Plan } = {},
) {
  const userId = randomUUID();
  const email = `user-${userId}@example.com`;
  const now = new Date();
  const { tableName } = getConfig();
  await getDocumentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.user(userId),
        id: userId,
        email,
        displayName: 'Ada Lovelace',
        name: 'Ada',
        avatar: null,
        plan: options.plan ?? 'free',
        downgraded: false,
        emailVerified: options.emailVerified ?? true,
        createdAt: now.toISOString(),
      },
    }),
  );
  await getDocumentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.userEmail(email),
        ...gsi1.userEmail(userId, email),
        userId,
        email,
        createdAt: now.toISOString(),
      },
    }),
  );
  const sessionId = newSessionId(userId);
  const expiresAt = options.sessionExpiresAt ?? new Date(now.getTime() + 86_400_000);
  await getDocumentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.session(hashSecret(sessionId)),
        userId,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        ttl: epochSeconds(expiresAt),
      },
    }),
  );
  return { userId, email, sessionId, cookie: `er_session=${sessionId}` };
}
