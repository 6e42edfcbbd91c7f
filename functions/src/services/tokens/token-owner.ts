import { findMember } from '../../data/member-records';
import { badRequest } from '../../platform/app-error';

export const UNKNOWN_OWNER_MESSAGE = 'Owner must be a member of the workspace';

/**
 * A token's owner must be a member of its workspace; keeping the current owner or none is always
 * allowed (removing a member hands their tokens on or clears them, so a kept owner is a member).
 */
export async function requireMemberOwner(
  workspaceId: string,
  ownerId: string | null | undefined,
  current: string | null = null,
): Promise<void> {
  if (ownerId === undefined || ownerId === null || ownerId === current) return;
  if (!(await findMember(workspaceId, ownerId))) {
    throw badRequest(UNKNOWN_OWNER_MESSAGE, [{ path: 'owner_id', message: UNKNOWN_OWNER_MESSAGE }]);
  }
}
