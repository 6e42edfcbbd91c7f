/**
 * Rules for changing a workspace's members: admins and workspace managers manage
 * members; every other member may leave (remove themselves); nobody demotes or removes the
 * workspace admin, nor changes their own role.
 */
import { canManageMembers, isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { Role } from '@expiry-radar/shared/domain/roles';

export const MEMBER_POLICY_MESSAGES = {
  adminProtected: "The workspace admin's role cannot be changed, and the admin cannot be removed.",
  ownRole: 'You cannot change your own role.',
  alreadyMember: 'This person is already a member of the workspace.',
  alreadyInvited: 'This address has already been invited to the workspace.',
  memberNotFound: 'Member not found.',
  readOnly: 'Viewers have read-only access to this workspace.',
  handOverReadOnly:
    'Only admins and workspace managers choose who takes over tokens: leave without one, and your tokens keep no owner.',
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

export interface RemovalRequest {
  readonly actorId: string;
  readonly actorRole: Role;
  /** A member's user id or a pending invitation's id. */
  readonly targetId: string;
  /** A member to take over the removed member's tokens was named. */
  readonly handsOver: boolean;
}

/**
 * Why the caller may not ask for this removal, or undefined when they may (the member's own
 * rules, `refuseMemberChange`, still apply). Removing someone else is for admins and workspace
 * managers; leaving is open to every member, but handing tokens to another member changes
 * tokens, which viewers may not do.
 */
export function refuseRemovalRequest(
  request: RemovalRequest,
): 'readOnly' | 'handOverReadOnly' | undefined {
  if (request.targetId !== request.actorId) {
    return canManageMembers(request.actorRole) ? undefined : 'readOnly';
  }
  if (request.handsOver && !isEditorRole(request.actorRole)) return 'handOverReadOnly';
  return undefined;
}
