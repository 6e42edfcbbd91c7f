/**
 * Ending what lets someone act as a user besides the session at hand: their other sessions and
 * every API key (a password change with "sign out everywhere").
 */
import { deleteSessionsOfUser } from '../../data/session-records';
import type { UserRecord } from '../../data/user-records';
import { revokeAllApiKeys } from '../api-keys/api-keys';

export interface EndedAccess {
  readonly sessionsEnded: number;
  readonly apiKeysRevoked: number;
}

export async function endSessionsAndApiKeys(
  user: Pick<UserRecord, 'id' | 'email' | 'plan' | 'twoFactorEnabled'>,
  now: Date,
  options: { exceptSessionId?: string; reason: string },
): Promise<EndedAccess> {
  const sessionsEnded = await deleteSessionsOfUser(user.id, {
    exceptSessionId: options.exceptSessionId,
  });
  const apiKeysRevoked = await revokeAllApiKeys(user, now, options.reason);
  return { sessionsEnded, apiKeysRevoked };
}
