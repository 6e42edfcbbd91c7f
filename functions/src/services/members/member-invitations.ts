/**
 * Adding people to a workspace: an existing account becomes a member at once; any other address
 * gets an invitation email and joins when it registers or signs in (joinInvitedWorkspaces).
 */
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { sesMailer } from '../../adapters/ses-mailer';
import { invitationEmail } from '../../domain/invitation-email';
import type { Mailer } from '../../domain/mailer';
import { MEMBER_POLICY_MESSAGES } from '../../domain/member-policy';
import { memberLimitMessage } from '../../domain/plan-limit-messages';
import {
  admitWithinLimit,
  AdmissionLimitError,
  type AdmissionGuard,
} from '../../data/admission-guard';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { keys } from '../../data/keys';
import {
  acceptInvitation,
  addMember,
  countMembersAndInvitations,
  createInvitation,
  listInvitationsOfEmail,
  removeInvitation,
  type MemberEntry,
} from '../../data/member-records';
import { findUserById, findUserIdByEmail, type UserRecord } from '../../data/user-records';
import { findWorkspaces } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import { getConfig } from '../../platform/config';
import { logger } from '../../platform/logger';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { activeMemberView, invitedMemberView } from './member-views';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';

export async function addOrInviteMember(options: {
  access: WorkspaceAccess;
  actor: UserRecord;
  email: string;
  role: Role;
  now: Date;
  mailer?: Mailer;
}): Promise<Member> {
  const { access, actor, email, role, now } = options;
  const userId = await findUserIdByEmail(email);
  const user = userId ? await findUserById(userId) : undefined;
  const withinMemberLimit = <T>(admit: (guard: AdmissionGuard) => Promise<T>) =>
    admitWithinLimit({
      scope: keys.workspace(access.workspaceId),
      limit: PLAN_LIMITS[access.plan].membersPerWorkspace,
      count: () => countMembersAndInvitations(access.workspaceId),
      admit,
    }).catch((error: unknown) => {
      if (error instanceof AdmissionLimitError) {
        throw new AppError('PLAN_LIMIT', memberLimitMessage(access.plan));
      }
      throw error;
    });

  if (user) {
    const member: MemberEntry = {
      workspaceId: access.workspaceId,
      userId: user.id,
      role,
      joinedAt: now.toISOString(),
    };
    if (!(await withinMemberLimit((guard) => addMember({ ...member, now }, guard)))) {
      throw new AppError('CONFLICT', MEMBER_POLICY_MESSAGES.alreadyMember);
    }
    await recordWorkspaceEvent({
      workspace: access,
      actor,
      action: AUDIT_ACTIONS.memberAdded,
      target: { type: 'member', id: user.id, name: user.email },
      metadata: { email: user.email, role },
      now,
    });
    return activeMemberView(member, user);
  }
  const invitation = await withinMemberLimit((guard) =>
    createInvitation(
      { workspaceId: access.workspaceId, email, role, invitedBy: actor.id, now },
      guard,
    ),
  );
  if (!invitation) throw new AppError('CONFLICT', MEMBER_POLICY_MESSAGES.alreadyInvited);
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.memberInvited,
    target: { type: 'invitation', id: invitation.invitationId, name: invitation.email },
    metadata: { email: invitation.email, role },
    now,
  });
  // The invitation stands either way; a failed send is logged and can be redone by re-inviting.
  await (options.mailer ?? sesMailer)
    .send(
      invitationEmail({
        appOrigin: getConfig().appOrigin,
        to: invitation.email,
        inviterName: actor.displayName,
        workspaceName: access.name,
        role,
      }),
    )
    .catch((error: unknown) =>
      logger.error('Invitation email not sent', { error: error as Error }),
    );
  return invitedMemberView(invitation);
}

/**
 * Turns the pending invitations of the user's address into memberships (on register and sign-in).
 * Never fails the sign-in: problems are logged.
 */
export async function joinInvitedWorkspaces(
  user: Pick<UserRecord, 'id' | 'email'>,
  now: Date,
): Promise<void> {
  try {
    const invitations = await listInvitationsOfEmail(user.email);
    if (invitations.length === 0) return;
    const workspaces = new Map(
      (await findWorkspaces(invitations.map((invitation) => invitation.workspaceId))).map(
        (workspace) => [workspace.id, workspace],
      ),
    );
    for (const invitation of invitations) {
      const workspace = workspaces.get(invitation.workspaceId);
      if (!workspace || !(await acceptInvitation(invitation, user.id, now))) {
        await removeInvitation(invitation.workspaceId, invitation.email);
        continue;
      }
      await recordWorkspaceEvent({
        workspace: { workspaceId: workspace.id, plan: workspace.plan },
        actor: user,
        action: AUDIT_ACTIONS.memberJoined,
        target: { type: 'member', id: user.id, name: user.email },
        metadata: { role: invitation.role, invitationId: invitation.invitationId },
        now,
      });
    }
  } catch (error) {
    logger.error('Invitations not joined', { error: error as Error });
  }
}
