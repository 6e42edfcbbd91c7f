/**
 * The invitee's side: the pending invitations to the user's current address, and accepting or
 * declining one. Invitations are looked up by the address the account has now and only once it
 * is verified, so an address change never carries invitations along: those to the old address
 * are no longer the user's, those to the new one wait until it is verified.
 */
import {
  INVITATION_MESSAGES,
  type PendingInvitation,
} from '@expiry-radar/shared/api/invitation-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  acceptInvitation,
  deleteInvitation,
  listInvitationsOfEmail,
  type InvitationRecord,
} from '../../data/member-records';
import { keys } from '../../data/keys';
import { batchGetAll } from '../../data/table-operations';
import { toUserRecord, type UserRecord } from '../../data/user-records';
import { findWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import { workspaceView } from '../workspaces/workspace-view';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import { withinMemberLimit } from './member-admission';

type Invitee = Pick<UserRecord, 'id' | 'email' | 'emailVerified'>;

function requireVerified(user: Invitee): void {
  if (!user.emailVerified)
    throw new AppError('EMAIL_NOT_VERIFIED', INVITATION_MESSAGES.notEligible);
}

/** The invitations to the user's address whose workspace still exists, oldest first. */
export async function listPendingInvitations(user: Invitee): Promise<PendingInvitation[]> {
  requireVerified(user);
  const invitations = await listInvitationsOfEmail(user.email);
  if (invitations.length === 0) return [];
  const [workspaces, inviters] = await Promise.all([
    findWorkspaces([...new Set(invitations.map((invitation) => invitation.workspaceId))]),
    batchGetAll([...new Set(invitations.map((invitation) => invitation.invitedBy))].map(keys.user)),
  ]);
  const workspaceById = new Map(workspaces.map((workspace) => [workspace.id, workspace]));
  const inviterById = new Map(inviters.map(toUserRecord).map((inviter) => [inviter.id, inviter]));
  return invitations
    .filter((invitation) => workspaceById.has(invitation.workspaceId))
    .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt))
    .map((invitation) => ({
      id: invitation.invitationId,
      workspace_id: invitation.workspaceId,
      workspace_name: workspaceById.get(invitation.workspaceId)?.name ?? '',
      role: invitation.role,
      invited_by_name: inviterById.get(invitation.invitedBy)?.displayName ?? null,
      invited_at: invitation.invitedAt,
    }));
}

/** The user's invitation with this id, with its workspace; 404 when there is none. */
async function findOwnInvitation(
  user: Invitee,
  invitationId: string,
): Promise<{ invitation: InvitationRecord; workspace: WorkspaceRecord | undefined }> {
  requireVerified(user);
  const invitation = (await listInvitationsOfEmail(user.email)).find(
    (candidate) => candidate.invitationId === invitationId,
  );
  if (!invitation) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notFound);
  const [workspace] = await findWorkspaces([invitation.workspaceId]);
  return { invitation, workspace };
}

/** An invitation whose workspace was deleted is dropped, and the user told so. */
async function workspaceGone(invitation: InvitationRecord): Promise<never> {
  await deleteInvitation(invitation);
  throw new AppError('NOT_FOUND', INVITATION_MESSAGES.workspaceGone);
}

/**
 * Joins the workspace with the invited role: in one transaction, within the plan's member limit,
 * while the workspace exists and is not frozen, and while the user still has the invited address,
 * verified.
 */
export async function acceptOwnInvitation(options: {
  user: Invitee;
  invitationId: string;
  now: Date;
}): Promise<Workspace> {
  const { user, now } = options;
  const { invitation, workspace } = await findOwnInvitation(user, options.invitationId);
  if (!workspace) return workspaceGone(invitation);
  let outcome;
  try {
    outcome = await withinMemberLimit(
      { workspaceId: workspace.id, plan: workspace.plan },
      {
        count: 'replacingInvitation',
        admit: (guard) => acceptInvitation({ invitation, user, now }, guard),
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return workspaceGone(invitation);
    if (error instanceof AppError && error.code === 'WORKSPACE_FROZEN') {
      throw new AppError('WORKSPACE_FROZEN', INVITATION_MESSAGES.workspaceFrozen);
    }
    throw error;
  }
  switch (outcome) {
    case 'invitationGone':
      throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notFound);
    case 'alreadyMember':
      await deleteInvitation(invitation);
      throw new AppError('CONFLICT', INVITATION_MESSAGES.alreadyMember);
    case 'notEligible':
      throw new AppError('EMAIL_NOT_VERIFIED', INVITATION_MESSAGES.notEligible);
    case 'accepted':
      break;
  }
  await recordWorkspaceEvent({
    workspace: { workspaceId: workspace.id, plan: workspace.plan },
    actor: user,
    action: AUDIT_ACTIONS.invitationAccepted,
    target: { type: 'member', id: user.id, name: user.email },
    metadata: { role: invitation.role, invitationId: invitation.invitationId },
    now,
  });
  return workspaceView(workspace, invitation.role);
}

/** Removes the invitation; the workspace's trail records it while the workspace exists. */
export async function declineOwnInvitation(options: {
  user: Invitee;
  invitationId: string;
  now: Date;
}): Promise<void> {
  const { user, now } = options;
  const { invitation, workspace } = await findOwnInvitation(user, options.invitationId);
  if (!(await deleteInvitation(invitation))) {
    throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notFound);
  }
  if (!workspace) return;
  await recordWorkspaceEvent({
    workspace: { workspaceId: workspace.id, plan: workspace.plan },
    actor: user,
    action: AUDIT_ACTIONS.invitationDeclined,
    target: { type: 'invitation', id: invitation.invitationId, name: invitation.email },
    metadata: { email: invitation.email, role: invitation.role },
    now,
  });
}
