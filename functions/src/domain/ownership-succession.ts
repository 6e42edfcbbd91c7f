/**
 * Who takes over a workspace whose owner deletes their account. Only the owner is given the
 * admin role through the API (others are workspace managers or viewers), so "an admin member"
 * is the most privileged remaining member who can administer it: an admin if there is one, else
 * a workspace manager; among equals the longest-standing (earliest `joinedAt`, then user id).
 * Viewers are read-only and never become owner: a workspace left with viewers only, or with no
 * one, is deleted with the account.
 */
import type { Role } from '@expiry-radar/shared/domain/roles';

/** Roles that may inherit a workspace, most privileged first. */
export const SUCCESSOR_ROLES: readonly Role[] = ['admin', 'workspace_manager'];

export interface MemberSeniority {
  readonly userId: string;
  readonly role: string | null;
  readonly joinedAt: string;
}

/** The members who may take the workspace over, in the order they are asked; may be empty. */
export function successorsOf<T extends MemberSeniority>(
  members: readonly T[],
  leavingUserId: string,
): T[] {
  const rank = (member: T) => SUCCESSOR_ROLES.indexOf(member.role as Role);
  return members
    .filter((member) => member.userId !== leavingUserId && rank(member) >= 0)
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        a.joinedAt.localeCompare(b.joinedAt) ||
        a.userId.localeCompare(b.userId),
    );
}
