/**
 * Rules for changing a workspace's members: admins and workspace managers manage
 * members; nobody demotes or removes the workspace admin, nor changes their own role.
 */
import type { Role } from '@expiry-radar/shared/domain/roles';

export const MEMBER_POLICY_MESSAGES = {
  adminProtected: "The workspace admin's role cannot be changed, and the admin cannot be removed.",
  ownRole: 'You cannot change your own role.',
  alreadyMember: 'This person is already a member of the workspace.',
  alreadyInvited: 'This address has already been invited to the workspace.',
  memberNotFound: 'Member not found.',
  /** Racing admissions to one workspace outlasted the retries. */
  busy: 'Too many changes to this workspace at once. Please try again.',
} as const;

export type MemberChangeRefusal = keyof typeof MEMBER_POLICY_MESSAGES;

export interface MemberChange {
  readonly kind: 'role' | 'remove';
  readonly actorId: string;
  readonly targetUserId: string;
  readonly targetRole: Role;
  /** The workspace's owner; always treated as its admin. */
  readonly ownerId: string;
}

/** Why a change to a member is refused, or undefined when it is allowed. */
export function refuseMemberChange(change: MemberChange): MemberChangeRefusal | undefined {
  if (change.targetRole === 'admin' || change.targetUserId === change.ownerId) {
    return 'adminProtected';
  }
  if (change.kind === 'role' && change.targetUserId === change.actorId) return 'ownRole';
  return undefined;
}
