import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { emailClaimCodec } from '../src/data/entities/email-claim';
import { sessionCodec } from '../src/data/entities/session';
import { userCodec } from '../src/data/entities/user';
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
      session: { userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
    }),
  );
  return { userId, email, sessionId, cookie: `er_session=${sessionId}` };
}
