/**
 * The tokens a member owns when they leave a workspace: handed to the member who takes over, or
 * left without an owner. The owner's tokens are found in the workspace's search index (which
 * carries each token's owner), then each is written as an edit would write it.
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import { entryOwnerId } from '../../domain/search-entries';
import { findMember } from '../../data/member-records';
import { readSearchIndex } from '../../data/search-index';
import { updateToken } from '../../data/token-mutations';
import { findToken } from '../../data/token-records';
import { badRequest } from '../../platform/app-error';

export const SUCCESSOR_MESSAGE =
  'The member who takes over must be another member of the workspace';

/** A successor must be a member other than the one leaving. */
export async function requireSuccessor(
  workspaceId: string,
  leavingUserId: string,
  successorId: string | undefined,
): Promise<void> {
  if (successorId === undefined) return;
  if (successorId === leavingUserId || !(await findMember(workspaceId, successorId))) {
    throw badRequest(SUCCESSOR_MESSAGE, [{ path: 'successor_id', message: SUCCESSOR_MESSAGE }]);
  }
}

/**
 * Gives every token `fromUserId` owns to `toUserId` (null: no owner); answers how many. A frozen
 * workspace's tokens too: a member leaves it all the same (their account deleted, deprovisioned).
 */
export async function handOverTokens(options: {
  readonly workspaceId: string;
  readonly fromUserId: string;
  readonly toUserId: string | null;
  readonly now: Date;
}): Promise<number> {
  const { workspaceId, fromUserId, toUserId, now } = options;
  const { entries } = await readSearchIndex(workspaceId);
  const owned = entries.filter((entry) => entryOwnerId(entry) === fromUserId);
  let handed = 0;
  for (const entry of owned) {
    const token: Token | undefined = await findToken(workspaceId, entry.id);
    if (!token || token.owner_id !== fromUserId) continue;
    await updateToken(token, { owner_id: toUserId }, now, { evenIfFrozen: true });
    handed += 1;
  }
  return handed;
}
