import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { emailClaimCodec } from '../src/data/entities/email-claim';
import { sessionCodec } from '../src/data/entities/session';
import { userCodec } from '../src/data/entities/user';
import { keys } from '../src/data/keys';
import { hashSecret } from '../src/data/secret-hash';
import { newSessionId } from '../src/data/session-records';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

/**
 * Writes a user (with the claim on their address) and a session straight to the table and
 * returns the session cookie.
 */
export async function givenSignedInUser(
  options: { emailVerified?: boolean; sessionExpiresAt?: Date; plan?: Plan; email?: string } = {},
) {
  const userId = randomUUID();
  const email = options.email ?? `user-${userId}@example.com`;
  const now = new Date();
  const { tableName } = getConfig();
  const put = (item: Record<string, unknown>) =>
    getDocumentClient().send(new PutCommand({ TableName: tableName, Item: item }));
  await put(
    userCodec.toItem({
      user: {
        id: userId,
        email,
        displayName: 'Ada Lovelace',
        name: 'Ada',
        avatar: null,
        plan: options.plan ?? 'free',
        downgraded: false,
        emailVerified: options.emailVerified ?? true,
        twoFactorEnabled: false,
        pendingEmail: null,
        createdAt: now.toISOString(),
      },
      passwordHash: null,
      emailVerifiedAt: null,
      sessionsValidFrom: null,
      ownedWorkspaceIds: new Set(),
    }),
  );
  await put(emailClaimCodec.toItem({ email, userId, createdAt: now.toISOString() }));
  const sessionId = newSessionId(userId);
  const expiresAt = options.sessionExpiresAt ?? new Date(now.getTime() + 86_400_000);
  await put(
    sessionCodec.toItem({
      sessionIdHash: hashSecret(sessionId),
      session: {
        userId,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        signIn: { method: 'password', secondFactor: false, device: 'Chrome on Linux' },
        lastUsedAt: now.toISOString(),
      },
    }),
  );
  return { userId, email, sessionId, cookie: `er_session=${sessionId}` };
}

/** Sets back when a session was last used (its last use is written again once an hour passed). */
export async function givenSessionLastUsedAt(sessionId: string, lastUsedAt: Date): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.session(hashSecret(sessionId)),
      UpdateExpression: 'SET lastUsedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': lastUsedAt.toISOString() },
    }),
  );
}
