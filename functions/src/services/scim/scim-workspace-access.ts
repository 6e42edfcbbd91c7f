/**
 * What SCIM does to workspace access. A group mapped to a workspace and role makes each of its
 * active members a member of that workspace with that role (the highest, when several of their
 * groups map to one workspace); leaving the group removes the membership unless another group
 * still gives the workspace. The workspace's admin (the organization's owner) is never changed.
 *
 * Deactivation ends everything at once and is written so that a retry finishes it: the person
 * is marked inactive first (an SSO sign-in is refused from then on), then one write on the
 * account revokes every session, then each API key is deleted, then each membership and
 * pending invitation in the organization's workspaces is removed. Every step is idempotent, so
 * a request that fails half-way answers an error, and the provider's retry completes the rest.
 */
import { PLAN_LIMITS, isPlan, type Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { deleteApiKey, listApiKeysOfUser } from '../../data/api-key-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  addMember,
  findMember,
  removeInvitation,
  removeMember,
  updateMemberRole,
} from '../../data/member-records';
import { findScimGroup, listScimUserGroupIds } from '../../data/scim-records';
import { endAllSessionsOfUser } from '../../data/session-records';
import { listOwnedWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import { withinMemberLimit } from '../members/member-admission';
import { handOverTokens } from '../members/token-handover';
import { recordScimMembershipEvent } from './scim-audit';
import type { ScimCaller } from './scim-tokens';

const ROLE_RANK: Readonly<Record<Role, number>> = { viewer: 0, workspace_manager: 1, admin: 2 };

export interface ScimPerson {
  readonly id: string;
  readonly email: string;
}

/** Per workspace, the highest role the person's mapped groups give. */
async function rolesFromGroups(organizationId: string, userId: string): Promise<Map<string, Role>> {
  const groupIds = await listScimUserGroupIds(organizationId, userId);
  const groups = await Promise.all(groupIds.map((id) => findScimGroup(organizationId, id)));
  const roles = new Map<string, Role>();
  for (const group of groups) {
    if (!group?.workspaceId || !group.role) continue;
    const held = roles.get(group.workspaceId);
    if (!held || ROLE_RANK[group.role] > ROLE_RANK[held]) roles.set(group.workspaceId, group.role);
  }
  return roles;
}

function planOf(workspace: WorkspaceRecord): Plan {
  return isPlan(workspace.plan) ? workspace.plan : 'free';
}

async function removeFromWorkspace(
  caller: ScimCaller,
  person: ScimPerson,
  workspaceId: string,
  role: Role,
  now: Date,
  reason: string,
): Promise<void> {
  if (!(await removeMember(workspaceId, person.id))) return;
  const tokensHandedOver = await handOverTokens({
    workspaceId,
    fromUserId: person.id,
    toUserId: null,
    now,
  });
  await recordScimMembershipEvent(
    caller.owner,
    AUDIT_ACTIONS.memberRemoved,
    workspaceId,
    person,
    now,
    { role, reason, tokensHandedOver, successor: null },
  );
}

async function admit(
  caller: ScimCaller,
  person: ScimPerson,
  workspace: WorkspaceRecord,
  role: Role,
  now: Date,
): Promise<void> {
  try {
    const added = await withinMemberLimit(
      { workspaceId: workspace.id, plan: planOf(workspace) },
      {
        count: 'asNew',
        admit: (guard) =>
          addMember({ workspaceId: workspace.id, userId: person.id, role, now }, guard),
      },
    );
    if (added) {
      await recordScimMembershipEvent(
        caller.owner,
        AUDIT_ACTIONS.memberAdded,
        workspace.id,
        person,
        now,
        { role },
      );
    }
  } catch (error) {
    // The provider cannot make room: the group change stands, the audit trail says who waits.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    await recordScimMembershipEvent(
      caller.owner,
      AUDIT_ACTIONS.scimMembershipSkipped,
      workspace.id,
      person,
      now,
      {
        role,
        reason: error.message,
        limit: PLAN_LIMITS[planOf(workspace)].membersPerWorkspace,
      },
    );
  }
}

/**
 * Brings the person's memberships in `workspaceIds` (of the organization's workspaces) in line
 * with their mapped groups; an inactive person gets none.
 */
export async function applyGroupAccess(
  caller: ScimCaller,
  person: ScimPerson,
  workspaceIds: Iterable<string>,
  active: boolean,
  now: Date,
): Promise<void> {
  const affected = new Set(workspaceIds);
  if (affected.size === 0) return;
  const [roles, owned] = await Promise.all([
    active ? rolesFromGroups(caller.organizationId, person.id) : new Map<string, Role>(),
    listOwnedWorkspaces(caller.organizationId),
  ]);
  for (const workspace of owned) {
    if (!affected.has(workspace.id)) continue;
    const member = await findMember(workspace.id, person.id);
    if (member?.role === 'admin') continue;
    const wanted = roles.get(workspace.id);
    if (wanted && !member) {
      await admit(caller, person, workspace, wanted, now);
    } else if (wanted && member && member.role !== wanted) {
      if (await updateMemberRole(workspace.id, person.id, wanted)) {
        await recordScimMembershipEvent(
          caller.owner,
          AUDIT_ACTIONS.memberRoleUpdated,
          workspace.id,
          person,
          now,
          { role: wanted, previousRole: member.role },
        );
      }
    } else if (!wanted && member) {
      await removeFromWorkspace(caller, person, workspace.id, member.role, now, 'scim_group');
    }
  }
}

/** Makes the person a member of one of the organization's workspaces, unless they are one. */
export async function joinWorkspace(
  caller: ScimCaller,
  person: ScimPerson,
  workspaceId: string,
  role: Role,
  now: Date,
): Promise<void> {
  const owned = await listOwnedWorkspaces(caller.organizationId);
  const workspace = owned.find((candidate) => candidate.id === workspaceId);
  if (!workspace || (await findMember(workspaceId, person.id))) return;
  await admit(caller, person, workspace, role, now);
}

/** The workspaces the person's mapped groups name (to apply after their groups change). */
export async function workspacesOfGroups(
  organizationId: string,
  groupIds: readonly string[],
): Promise<string[]> {
  const groups = await Promise.all(groupIds.map((id) => findScimGroup(organizationId, id)));
  return groups.flatMap((group) => (group?.workspaceId ? [group.workspaceId] : []));
}

export interface DeactivationOutcome {
  readonly sessionsEnded: number;
  readonly apiKeysDeleted: number;
  readonly workspacesLeft: readonly string[];
}

/**
 * Ends the person's access (the caller has marked them inactive first): every session, every
 * API key, every membership and invitation in the organization's workspaces. The organization's
 * owner keeps theirs (as Require SSO never holds them).
 */
export async function endAccess(
  caller: ScimCaller,
  person: ScimPerson,
  now: Date,
): Promise<DeactivationOutcome> {
  // The owner is never locked out by the provider: they are the one who can fix it.
  if (person.id === caller.organizationId) {
    return { sessionsEnded: 0, apiKeysDeleted: 0, workspacesLeft: [] };
  }
  const sessionsEnded = await endAllSessionsOfUser(person.id, now);
  let apiKeysDeleted = 0;
  for (const key of await listApiKeysOfUser(person.id)) {
    if (await deleteApiKey(key)) apiKeysDeleted += 1;
  }
  const workspacesLeft: string[] = [];
  for (const workspace of await listOwnedWorkspaces(caller.organizationId)) {
    const member = await findMember(workspace.id, person.id);
    if (member && member.role !== 'admin') {
      await removeFromWorkspace(caller, person, workspace.id, member.role, now, 'scim_deactivated');
      workspacesLeft.push(workspace.id);
    }
    await removeInvitation(workspace.id, person.email);
  }
  return { sessionsEnded, apiKeysDeleted, workspacesLeft };
}
