/**
 * Deleting an account (`DELETE /auth/account`, once the caller is confirmed). Each workspace the
 * user owns passes to the member the owner chose for it (any role: the owner's decision), else
 * to a successor (domain/ownership-succession: an admin member, else the longest-standing
 * workspace manager; never a viewer) or, with none, is deleted with its tokens. A workspace
 * taken over gets its new owner's plan at once, and what they own is settled as on a plan change
 * (services/billing/change-plan): workspaces beyond their plan's limits (the number of
 * workspaces, tokens or members) are frozen, so nobody ends up with more than their plan allows.
 * Workspaces the user only belongs to are left. The tokens the user owns in a workspace that
 * stays pass to its new owner where it was theirs, and are left without an owner where they only
 * belonged to it (as when a member is removed with no successor). The new owner, and the members
 * of a workspace deleted with the account, are told by email. Then the user's items go and their audit events
 * are anonymised. `previewAccountDeletion` tells the dialog beforehand what would happen.
 */
import { sesMailer } from '../../adapters/ses-mailer';
import {
  workspaceDeletedWithOwnerEmail,
  workspaceHandedOverEmail,
} from '../../domain/account-emails';
import type { Mailer } from '../../domain/mailer';
import { successorsOf, type MemberSeniority } from '../../domain/ownership-succession';
import { findUserById, type UserRecord } from '../../data/user-records';
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
import { findWorkspaces } from '../../data/workspace-store';
import { DELETED_ACTOR_ID } from '../../data/entities/audit-event';
import type { MemberRecord } from '../../data/entities/member';
import type { AccountDeletionPreview } from '@expiry-radar/shared/api/auth-schemas';
import type { OwnedWorkspaceState } from '../../domain/plan-change';
import { listMemberViews } from '../members/member-views';
import { settleOwnedWorkspaces } from '../billing/change-plan';
import { sendWorkspaceNotice } from './account-mail';
import { handOverTokens } from '../members/token-handover';

/** Why the system changed the workspace: its owner deleted their account. */
const REASON = 'owner_account_deleted';
/** Why a member left a workspace they did not own: they deleted their account. */
export const MEMBER_REASON = 'account_deleted';

/** Workspace id -> the member the owner hands it to (any role), chosen in the deletion dialog. */
export type ChosenSuccessors = Readonly<Record<string, string>>;

export async function deleteAccount(
  userId: string,
  now: Date,
  options: { successors?: ChosenSuccessors; mailer?: Mailer } = {},
): Promise<void> {
  const mailer = options.mailer ?? sesMailer;
  const [memberships, owned, leaving] = await Promise.all([
    listMembershipsOfUser(userId),
    readOwnedWorkspaceStates(userId),
    findUserById(userId),
  ]);
  await anonymiseAuditEventsOfActor(userId, [
    ...new Set([
      ...memberships.map((membership) => membership.workspaceId),
      ...owned.map((workspace) => workspace.id),
    ]),
  ]);

  const heirs = new Set<string>();
  for (const workspace of owned) {
    const outcome = await passOn(workspace, userId, now, options.successors?.[workspace.id]);
    if (outcome.kind === 'transferred') {
      heirs.add(outcome.heirId);
      await handOverTokens({
        workspaceId: workspace.id,
        fromUserId: userId,
        toUserId: outcome.heirId,
        now,
      });
      await tellHeir(workspace.name, outcome.heirId, leaving, mailer);
    }
    // Its audit events stay until they expire, as with any deleted workspace.
    if (outcome.kind === 'no_successor') {
      await deleteWorkspaceData(workspace.id);
      await tellMembersOfDeletion(workspace.name, outcome.memberIds, leaving, mailer);
    }
  }
  const ownedIds = new Set(owned.map((workspace) => workspace.id));
  await recordMembershipsEnded(
    memberships.filter((membership) => !ownedIds.has(membership.workspaceId)),
    leaving,
    now,
  );
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

/**
 * Each workspace the user only belonged to records that they left with their account
 * (`member.removed`, reason `account_deleted`, by the deleted user, as their anonymised events
 * read), and the tokens they owned there are left without an owner; their membership goes with
 * the user's items.
 */
async function recordMembershipsEnded(
  memberships: readonly MemberRecord[],
  leaving: UserRecord | undefined,
  now: Date,
): Promise<void> {
  if (memberships.length === 0) return;
  const workspaces = await findWorkspaces(memberships.map((membership) => membership.workspaceId));
  for (const workspace of workspaces) {
    const membership = memberships.find((candidate) => candidate.workspaceId === workspace.id);
    if (!membership) continue;
    const tokensHandedOver = await handOverTokens({
      workspaceId: workspace.id,
      fromUserId: membership.userId,
      toUserId: null,
      now,
    });
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: workspace.id },
      action: AUDIT_ACTIONS.memberRemoved,
      actor: { id: DELETED_ACTOR_ID, email: null },
      target: { type: 'member', id: membership.userId, name: leaving?.email ?? null },
      plan: workspace.plan,
      metadata: {
        role: membership.role,
        reason: MEMBER_REASON,
        tokensHandedOver,
        successor: null,
      },
      now,
    });
  }
}

type PassOnOutcome =
  | { readonly kind: 'transferred'; readonly heirId: string }
  /** `memberIds`: the other members, who lose the workspace. */
  | { readonly kind: 'no_successor'; readonly memberIds: readonly string[] }
  /** Not the leaving user's any more (changed owner or deleted meanwhile): left alone. */
  | { readonly kind: 'changed' };

/**
 * The members who may take the workspace over, in the order they are asked: the one the owner
 * chose (any member, a viewer too: the owner's choice), then the default successors.
 */
function heirsInOrder<T extends MemberSeniority>(
  members: readonly T[],
  leavingUserId: string,
  chosenId: string | undefined,
): T[] {
  const chosen = members.find(
    (member) => member.userId === chosenId && member.userId !== leavingUserId,
  );
  const defaults = successorsOf(members, leavingUserId);
  return chosen ? [chosen, ...defaults.filter((member) => member !== chosen)] : defaults;
}

/** Hands the workspace to the first heir who can take it. */
async function passOn(
  workspace: OwnedWorkspaceState,
  leavingUserId: string,
  now: Date,
  chosenId: string | undefined,
): Promise<PassOnOutcome> {
  const members = await listMembersOfWorkspace(workspace.id);
  for (const heir of heirsInOrder(members, leavingUserId, chosenId)) {
    const holder = await readPlanHolder(heir.userId);
    if (!holder) continue;
    const result = await transferOwnership({
      workspaceId: workspace.id,
      fromUserId: leavingUserId,
      toUserId: heir.userId,
      plan: holder.plan,
      now,
      anyRole: heir.userId === chosenId,
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
  return {
    kind: 'no_successor',
    memberIds: members.map((member) => member.userId).filter((id) => id !== leavingUserId),
  };
}

/**
 * One email to each member of a workspace deleted with its owner's account (an address SES
 * reported bouncing is skipped). A failed send is logged: the account is deleted all the same.
 */
async function tellMembersOfDeletion(
  workspaceName: string,
  memberIds: readonly string[],
  owner: UserRecord | undefined,
  mailer: Mailer,
): Promise<void> {
  for (const memberId of memberIds) {
    const member = await findUserById(memberId);
    if (!member) continue;
    await sendWorkspaceNotice(
      member,
      'workspace deleted with its owner',
      (appOrigin) =>
        workspaceDeletedWithOwnerEmail({
          appOrigin,
          to: member.email,
          displayName: member.displayName,
          workspaceName,
          ownerEmail: owner?.email ?? 'Its owner',
        }),
      mailer,
    );
  }
}

/** The new owner of a workspace handed over by a deleted account hears so by email. */
async function tellHeir(
  workspaceName: string,
  heirId: string,
  owner: UserRecord | undefined,
  mailer: Mailer,
): Promise<void> {
  const heir = await findUserById(heirId);
  if (!heir) return;
  await sendWorkspaceNotice(
    heir,
    'workspace handed over',
    (appOrigin) =>
      workspaceHandedOverEmail({
        appOrigin,
        to: heir.email,
        displayName: heir.displayName,
        workspaceName,
        ownerEmail: owner?.email ?? 'Its owner',
      }),
    mailer,
  );
}

/**
 * What `deleteAccount` would do to each workspace the user owns, for the confirmation dialog:
 * its other members (who may be chosen to take it over), its tokens, and the default successor
 * (the first who could take it: an admin, else the longest-standing workspace manager, with an
 * account), or null when it would be deleted.
 */
export async function previewAccountDeletion(userId: string): Promise<AccountDeletionPreview> {
  const owned = await readOwnedWorkspaceStates(userId);
  const workspaces = await Promise.all(
    owned.map(async (workspace) => {
      const members = (await listMemberViews(workspace.id)).filter(
        (view) => view.status === 'active',
      );
      const seniority = members.map((member) => ({
        userId: member.user_id,
        role: member.role,
        joinedAt: member.joined_at ?? '',
      }));
      return {
        id: workspace.id,
        name: workspace.name,
        token_count: workspace.tokens,
        members: members.filter((member) => member.user_id !== userId),
        successor_id: await defaultSuccessor(seniority, userId),
      };
    }),
  );
  return { workspaces: workspaces.sort((a, b) => a.name.localeCompare(b.name)) };
}

async function defaultSuccessor(
  members: readonly MemberSeniority[],
  leavingUserId: string,
): Promise<string | null> {
  for (const heir of successorsOf(members, leavingUserId)) {
    if (await readPlanHolder(heir.userId)) return heir.userId;
  }
  return null;
}
