/**
 * A workspace's owner hands it to another active member (`POST /api/v1/workspaces/{id}/
 * transfer-ownership`), with what account deletion's handover uses: one transaction
 * (data/workspace-records `transferOwnership`), the new owner's plan settled at once
 * (services/billing/change-plan), the name claimed for them, an audit event and an email. Unlike
 * account deletion the former owner stays, as a workspace manager, and a transfer that the new
 * owner's plan would freeze is refused beforehand (409 naming the limit): it never freezes a
 * workspace by surprise. A frozen workspace may go to a member whose plan lifts the freeze.
 */
import { ownershipTransferLimitMessage } from '@expiry-radar/shared/domain/ownership-transfer';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { freezeReasons } from '@expiry-radar/shared/domain/workspace-freezing';
import { workspaceTransferredEmail } from '../../domain/account-emails';
import type { Mailer } from '../../domain/mailer';
import { byAge, type OwnedWorkspaceState } from '../../domain/plan-change';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import { countMembersAndInvitations, findMember } from '../../data/member-records';
import { readOwnedWorkspaceStates, readPlanHolder, type PlanHolder } from '../../data/plan-records';
import { isTransactionConflict } from '../../data/table-operations';
import { findUserById, type UserRecord } from '../../data/user-records';
import { claimWorkspaceNameIfFree, releaseWorkspaceName } from '../../data/workspace-names';
import { transferOwnership } from '../../data/workspace-records';
import { AppError, badRequest } from '../../platform/app-error';
import { sendWorkspaceNotice } from '../accounts/account-mail';
import { settleOwnedWorkspaces } from '../billing/change-plan';
import { requireOwner, type WorkspaceAccess } from './workspace-access';

/** Why the workspace changed owner, in its audit event. */
const REASON = 'transferred_by_owner';

export const OWNERSHIP_TRANSFER_MESSAGES = {
  toSelf: 'You already own this workspace. Choose another member to transfer it to.',
  notMember: 'The new owner must be an active member of this workspace.',
  changed: 'This workspace changed meanwhile and was not transferred. Reload and try again.',
} as const;

export async function transferWorkspaceOwnership(options: {
  access: WorkspaceAccess;
  caller: UserRecord;
  toUserId: string;
  now: Date;
  mailer: Mailer;
}): Promise<void> {
  const { access, caller, toUserId, now } = options;
  // Admins other than the owner (a SCIM group's) may not give away what is not theirs.
  requireOwner(access, caller.id);
  if (toUserId === caller.id) throw badRequest(OWNERSHIP_TRANSFER_MESSAGES.toSelf);
  const [membership, heir, holder] = await Promise.all([
    findMember(access.workspaceId, toUserId),
    findUserById(toUserId),
    readPlanHolder(toUserId),
  ]);
  if (!membership || !heir || !holder) throw badRequest(OWNERSHIP_TRANSFER_MESSAGES.notMember);
  await requireWithinHeirPlan(access, heir, holder, now);

  const result = await transferOwnership({
    workspaceId: access.workspaceId,
    fromUserId: caller.id,
    toUserId,
    plan: holder.plan,
    now,
    anyRole: true,
    formerOwnerStays: true,
    heirMayOwnFewerThan: PLAN_LIMITS[holder.plan].workspacesOwned,
  }).catch((error: unknown) => {
    if (isTransactionConflict(error)) return 'workspace_changed' as const;
    throw error;
  });
  // The new owner made a workspace meanwhile that leaves no room for this one: say what is over.
  if (result === 'heir_at_limit') await requireWithinHeirPlan(access, heir, holder, now);
  // Lost a race: the workspace changed owner, or the member left or was removed meanwhile.
  if (result !== 'transferred') throw new AppError('CONFLICT', OWNERSHIP_TRANSFER_MESSAGES.changed);

  // The name becomes the new owner's, unless they use it already (names are unique per owner).
  await claimWorkspaceNameIfFree(toUserId, access.name, access.workspaceId);
  await releaseWorkspaceName(caller.id, access.name, access.workspaceId);
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId: access.workspaceId },
    action: AUDIT_ACTIONS.workspaceOwnershipTransferred,
    actor: { id: caller.id, email: caller.email },
    target: { type: 'workspace', id: access.workspaceId, name: access.name },
    plan: holder.plan,
    metadata: {
      reason: REASON,
      from_user_id: caller.id,
      from_email: caller.email,
      to_user_id: toUserId,
      to_email: holder.email,
      from_role: membership.role,
      from_plan: access.plan,
      to_plan: holder.plan,
    },
    now,
  });
  // The new owner's plan applies (a frozen workspace it lifts is unfrozen); the former owner
  // owns one fewer, so a workspace of theirs frozen beyond their plan's number may fit again.
  for (const userId of [toUserId, caller.id]) {
    await settleOwnedWorkspaces({
      userId,
      actor: { id: caller.id, email: caller.email },
      now,
      source: 'ownership_transferred',
    });
  }
  await tellNewOwner(access.name, heir, caller, options.mailer);
}

/**
 * 409 PLAN_LIMIT naming what is over when the new owner's plan would not keep the workspace
 * active: it would be their newest owned workspace, after those they own already.
 */
async function requireWithinHeirPlan(
  access: WorkspaceAccess,
  heir: UserRecord,
  holder: PlanHolder,
  now: Date,
): Promise<void> {
  const [owned, members] = await Promise.all([
    readOwnedWorkspaceStates(heir.id),
    countMembersAndInvitations(access.workspaceId),
  ]);
  const incoming: OwnedWorkspaceState = {
    id: access.workspaceId,
    name: access.name,
    ownedSince: now.toISOString(),
    plan: holder.plan,
    isFrozen: access.isFrozen,
    tokens: access.tokenCount,
    members,
  };
  const ordered = [...owned.sort(byAge), incoming];
  const reason = freezeReasons(holder.plan, ordered).at(-1);
  if (!reason) return;
  throw new AppError(
    'PLAN_LIMIT',
    ownershipTransferLimitMessage({
      memberName: heir.displayName || heir.email,
      plan: holder.plan,
      reason,
      usage: incoming,
    }),
  );
}

/** The new owner hears by email (not when SES reported their address bouncing). */
async function tellNewOwner(
  workspaceName: string,
  heir: UserRecord,
  owner: UserRecord,
  mailer: Mailer,
): Promise<void> {
  await sendWorkspaceNotice(
    heir,
    'workspace transferred',
    (appOrigin) =>
      workspaceTransferredEmail({
        appOrigin,
        to: heir.email,
        displayName: heir.displayName,
        workspaceName,
        ownerEmail: owner.email,
      }),
    mailer,
  );
}
