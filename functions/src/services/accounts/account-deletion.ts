/**
 * Deleting an account (`DELETE /auth/account`, once the caller is confirmed). Each workspace the
 * user owns passes to a successor (domain/ownership-succession: an admin member, else the
 * longest-standing workspace manager; never a viewer) or, with none, is deleted with its tokens.
 * A workspace taken over gets its new owner's plan at once, and what they own is settled as on a
 * plan change (services/billing/change-plan): workspaces beyond their plan's limits (the number
 * of workspaces, tokens or members) are frozen, so nobody ends up with more than their plan
 * allows. Workspaces the user only belongs to are left. Then the user's items go and their audit
 * events are anonymised.
 */
import { successorsOf } from '../../domain/ownership-succession';
import { deleteUserItems } from '../../data/account-records';
import {
  anonymiseAuditEventsOfActor,
  AUDIT_ACTIONS,
  recordAuditEvent,
  SYSTEM_ACTOR,
} from '../../data/audit-events';
import { readOwnedWorkspaceStates, readPlanHolder } from '../../data/plan-records';
import {
  deleteWorkspaceData,
  listMembershipsOfUser,
  listMembersOfWorkspace,
  transferOwnership,
} from '../../data/workspace-records';
import { claimWorkspaceNameIfFree } from '../../data/workspace-names';
import type { OwnedWorkspaceState } from '../../domain/plan-change';
import { settleOwnedWorkspaces } from '../billing/change-plan';

/** Why the system changed the workspace: its owner deleted their account. */
const REASON = 'owner_account_deleted';

export async function deleteAccount(userId: string, now: Date): Promise<void> {
  const [memberships, owned] = await Promise.all([
    listMembershipsOfUser(userId),
    readOwnedWorkspaceStates(userId),
  ]);
  await anonymiseAuditEventsOfActor(userId, [
    ...new Set([
      ...memberships.map((membership) => membership.workspaceId),
      ...owned.map((workspace) => workspace.id),
    ]),
  ]);

  const heirs = new Set<string>();
  for (const workspace of owned) {
    const outcome = await passOn(workspace, userId, now);
    if (outcome.kind === 'transferred') heirs.add(outcome.heirId);
    // Its audit events stay until they expire, as with any deleted workspace.
    if (outcome.kind === 'no_successor') await deleteWorkspaceData(workspace.id);
  }
  for (const heirId of heirs) {
    await settleOwnedWorkspaces({
      userId: heirId,
      actor: SYSTEM_ACTOR,
      now,
      source: 'ownership_transferred',
    });
  }
  await deleteUserItems(userId);
}

type PassOnOutcome =
  | { readonly kind: 'transferred'; readonly heirId: string }
  | { readonly kind: 'no_successor' }
  /** Not the leaving user's any more (changed owner or deleted meanwhile): left alone. */
  | { readonly kind: 'changed' };

/** Hands the workspace to the first successor who can take it. */
async function passOn(
  workspace: OwnedWorkspaceState,
  leavingUserId: string,
  now: Date,
): Promise<PassOnOutcome> {
  const members = await listMembersOfWorkspace(workspace.id);
  for (const heir of successorsOf(members, leavingUserId)) {
    const holder = await readPlanHolder(heir.userId);
    if (!holder) continue;
    const result = await transferOwnership({
      workspaceId: workspace.id,
      fromUserId: leavingUserId,
      toUserId: heir.userId,
      plan: holder.plan,
      now,
    });
    if (result === 'workspace_changed') return { kind: 'changed' };
    if (result === 'heir_unavailable') continue;
    // The name becomes the heir's, unless they use it already (names were unique per owner).
    await claimWorkspaceNameIfFree(heir.userId, workspace.name, workspace.id);
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: workspace.id },
      action: AUDIT_ACTIONS.workspaceOwnershipTransferred,
      actor: SYSTEM_ACTOR,
      target: { type: 'workspace', id: workspace.id, name: workspace.name },
      plan: holder.plan,
      metadata: {
        reason: REASON,
        to_user_id: heir.userId,
        to_email: holder.email,
        from_role: heir.role,
        from_plan: workspace.plan,
        to_plan: holder.plan,
      },
      now,
    });
    return { kind: 'transferred', heirId: heir.userId };
  }
  return { kind: 'no_successor' };
}
