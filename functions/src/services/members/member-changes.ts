/**
 * Changing and removing members and invitations, with the rules of domain/member-policy. Their
 * audit events name the member or invitation by address (as it was then).
 */
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { MEMBER_POLICY_MESSAGES, refuseMemberChange } from '../../domain/member-policy';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  removeInvitation,
  removeMember,
  updateInvitationRole,
  updateMemberRole,
} from '../../data/member-records';
import { findUserById, type UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import {
  activeMemberView,
  findMemberTarget,
  invitedMemberView,
  type MemberTarget,
} from './member-views';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import { handOverTokens, requireSuccessor } from './token-handover';

interface MemberChangeInput {
  readonly access: WorkspaceAccess;
  readonly actor: UserRecord;
  /** A member's user id or a pending invitation's id. */
  readonly targetId: string;
  readonly now: Date;
}

const notFound = () => new AppError('NOT_FOUND', MEMBER_POLICY_MESSAGES.memberNotFound);

/** The address a member or invitation is known by: the member's account's, or the invited one. */
async function addressOf(target: MemberTarget): Promise<string | null> {
  if (target.kind === 'invitation') return target.invitation.email;
  return (await findUserById(target.member.userId))?.email ?? null;
}

function checkAllowed(
  kind: 'role' | 'remove',
  input: MemberChangeInput,
  target: { userId: string; role: Role },
) {
  const refusal = refuseMemberChange({
    kind,
    actorId: input.actor.id,
    targetUserId: target.userId,
    targetRole: target.role,
    ownerId: input.access.ownerId,
  });
  if (refusal) throw new AppError('FORBIDDEN', MEMBER_POLICY_MESSAGES[refusal]);
}

export async function changeMemberRole(input: MemberChangeInput & { role: Role }): Promise<Member> {
  const { access, actor, targetId, role, now } = input;
  const target = await findMemberTarget(access.workspaceId, targetId);
  if (!target) throw notFound();
  const before = target.kind === 'member' ? target.member : target.invitation;
  if (target.kind === 'member') {
    checkAllowed('role', input, target.member);
    if (!(await updateMemberRole(access.workspaceId, target.member.userId, role))) throw notFound();
  } else if (!(await updateInvitationRole(access.workspaceId, target.invitation.email, role))) {
    throw notFound();
  }
  const user = target.kind === 'member' ? await findUserById(target.member.userId) : undefined;
  const email = target.kind === 'member' ? (user?.email ?? null) : target.invitation.email;
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.memberRoleUpdated,
    target: { type: target.kind, id: targetId, name: email },
    metadata: { from: before.role, to: role, ...(email ? { email } : {}) },
    now,
  });
  if (target.kind === 'invitation') return invitedMemberView({ ...target.invitation, role });
  return activeMemberView({ ...target.member, role }, user);
}

/**
 * Removes a member (their tokens go to `successorId`, another member, or are left without an
 * owner when none is given) or cancels an invitation.
 */
export async function removeMemberOrInvitation(
  input: MemberChangeInput & { readonly successorId?: string },
): Promise<void> {
  const { access, actor, targetId, now, successorId } = input;
  const target = await findMemberTarget(access.workspaceId, targetId);
  if (!target) throw notFound();
  const email = await addressOf(target);
  let handover: Record<string, unknown> = {};
  if (target.kind === 'member') {
    checkAllowed('remove', input, target.member);
    await requireSuccessor(access.workspaceId, target.member.userId, successorId);
    if (!(await removeMember(access.workspaceId, target.member.userId))) throw notFound();
    const tokensHandedOver = await handOverTokens({
      workspaceId: access.workspaceId,
      fromUserId: target.member.userId,
      toUserId: successorId ?? null,
      now,
    });
    const successor = successorId ? await findUserById(successorId) : undefined;
    handover = {
      tokensHandedOver,
      successor: successor?.email ?? null,
    };
  } else if (!(await removeInvitation(access.workspaceId, target.invitation.email))) {
    throw notFound();
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action:
      target.kind === 'member' ? AUDIT_ACTIONS.memberRemoved : AUDIT_ACTIONS.invitationCancelled,
    target: { type: target.kind, id: targetId, name: email },
    metadata: {
      role: target.kind === 'member' ? target.member.role : target.invitation.role,
      ...(email ? { email } : {}),
      ...handover,
    },
    now,
  });
}
