/**
 * A user's own sessions as Account settings shows them (Where you're signed in): each named by a
 * prefix of its stored hash, which is unique among the user's sessions and cannot be turned back
 * into the cookie, and signed out one by one.
 */
import {
  SESSION_MESSAGES,
  SESSION_REF_LENGTH,
  type AccountSession,
} from '@expiry-radar/shared/api/session-api-schemas';
import { UNKNOWN_DEVICE } from '../../domain/device-description';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { hashSecret } from '../../data/secret-hash';
import {
  deleteSessionOfUser,
  sessionsOfUser,
  type StoredSession,
} from '../../data/session-records';
import type { UserRecord } from '../../data/user-records';
import { AppError, badRequest } from '../../platform/app-error';
import { recordAccountEvent } from './account-audit';

const refOf = (sessionIdHash: string) => sessionIdHash.slice(0, SESSION_REF_LENGTH);

function accountSession(
  { sessionIdHash, session }: StoredSession,
  currentHash: string,
): AccountSession {
  return {
    id: refOf(sessionIdHash),
    created_at: session.createdAt,
    last_used_at: session.lastUsedAt,
    expires_at: session.expiresAt,
    device: session.signIn?.device ?? UNKNOWN_DEVICE,
    sign_in_method: session.signIn?.method ?? null,
    two_factor: session.signIn?.secondFactor ?? false,
    current: sessionIdHash === currentHash,
  };
}

const isActive = ({ session }: StoredSession, now: Date) =>
  Date.parse(session.expiresAt) > now.getTime();

/** The user's unexpired sessions, newest first, the one with `currentSessionId` marked. */
export async function listAccountSessions(
  userId: string,
  currentSessionId: string,
  now: Date,
): Promise<AccountSession[]> {
  const currentHash = hashSecret(currentSessionId);
  const sessions = await sessionsOfUser(userId);
  return sessions
    .filter((stored) => isActive(stored, now))
    .sort((a, b) => b.session.createdAt.localeCompare(a.session.createdAt))
    .map((stored) => accountSession(stored, currentHash));
}

/**
 * Signs out the user's session named `ref` (the list's id): 404 when none of the user's active
 * sessions has it, 400 for the session making the request (signing out is for that).
 */
export async function signOutAccountSession(
  user: Pick<UserRecord, 'id' | 'email' | 'plan'>,
  ref: string,
  currentSessionId: string,
  now: Date,
): Promise<void> {
  const target = (await sessionsOfUser(user.id)).find(
    (stored) => refOf(stored.sessionIdHash) === ref && isActive(stored, now),
  );
  if (!target) throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound);
  if (target.sessionIdHash === hashSecret(currentSessionId)) {
    throw badRequest(SESSION_MESSAGES.currentSession);
  }
  // Conditional on the session still being the user's: one deleted meanwhile is not found.
  if (!(await deleteSessionOfUser(user.id, target.sessionIdHash))) {
    throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound);
  }
  await recordAccountEvent(user, AUDIT_ACTIONS.sessionSignedOut, now, {
    device: target.session.signIn?.device ?? UNKNOWN_DEVICE,
    signedInAt: target.session.createdAt,
  });
}
