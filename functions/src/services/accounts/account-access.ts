/**
 * Ending what lets someone act as a user besides the session at hand: their other sessions and
 * every API key (a password change with "sign out everywhere", turning on two-factor, a takeover
 * of an address they never verified).
 */
import { deleteApiKey, listApiKeysOfUser } from '../../data/api-key-records';
import { deleteSessionsOfUser } from '../../data/session-records';

export interface EndedAccess {
  readonly sessionsEnded: number;
  readonly apiKeysRevoked: number;
}

export async function endSessionsAndApiKeys(
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<EndedAccess> {
  const sessionsEnded = await deleteSessionsOfUser(userId, options);
  let apiKeysRevoked = 0;
  for (const key of await listApiKeysOfUser(userId)) {
    if (await deleteApiKey(key)) apiKeysRevoked += 1;
  }
  return { sessionsEnded, apiKeysRevoked };
}
