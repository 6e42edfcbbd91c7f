/**
 * The SCIM part of the organization page: whether a token exists (never the token), the groups
 * the identity provider pushed with their members' count and mapping, and mapping a group to a
 * workspace and role, applied to its members at once.
 */
import type { Role } from '@expiry-radar/shared/domain/roles';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  findScimGroup,
  findScimToken,
  findScimUser,
  listScimGroupMemberIds,
  listScimGroups,
  setScimGroupMapping,
} from '../../data/scim-records';
import { findUserById, type UserRecord } from '../../data/user-records';
import { listOwnedWorkspaces } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import { recordAccountEvent } from '../accounts/account-audit';
import { scimTokenView, type ScimCaller } from './scim-tokens';
import { applyGroupAccess } from './scim-workspace-access';

export async function scimSettingsView(owner: Pick<UserRecord, 'id'>) {
  const [token, groups] = await Promise.all([findScimToken(owner.id), listScimGroups(owner.id)]);
  const members = await Promise.all(
    groups.map((group) => listScimGroupMemberIds(owner.id, group.groupId)),
  );
  return {
    token: scimTokenView(token),
    groups: groups
      .map((group, index) => ({
        id: group.groupId,
        display_name: group.displayName,
        members: members[index]?.length ?? 0,
        workspace_id: group.workspaceId,
        role: group.role,
      }))
      .sort((a, b) => a.display_name.localeCompare(b.display_name)),
  };
}

/** Maps a group to one of the owner's workspaces and a role (null: unmapped), applied at once. */
export async function mapScimGroup(
  owner: UserRecord,
  groupId: string,
  mapping: { workspaceId: string; role: Exclude<Role, 'admin'> } | null,
  now: Date,
) {
  const group = await findScimGroup(owner.id, groupId);
  if (!group)
    throw new AppError('NOT_FOUND', 'This group is not one your identity provider pushed.');
  if (mapping) {
    const owned = await listOwnedWorkspaces(owner.id);
    if (!owned.some((workspace) => workspace.id === mapping.workspaceId)) {
      throw new AppError(
        'VALIDATION_ERROR',
        'The workspace must be one of the workspaces you own.',
      );
    }
  }
  await setScimGroupMapping(owner.id, groupId, mapping);
  const caller: ScimCaller = { organizationId: owner.id, owner };
  const affected = [group.workspaceId, mapping?.workspaceId].filter(
    (id): id is string => typeof id === 'string',
  );
  for (const userId of await listScimGroupMemberIds(owner.id, groupId)) {
    const [person, account] = await Promise.all([
      findScimUser(owner.id, userId),
      findUserById(userId),
    ]);
    if (person && account) await applyGroupAccess(caller, account, affected, person.active, now);
  }
  await recordAccountEvent(owner, AUDIT_ACTIONS.scimGroupMapped, now, {
    groupId,
    displayName: group.displayName,
    workspaceId: mapping?.workspaceId ?? null,
    role: mapping?.role ?? null,
    previousWorkspaceId: group.workspaceId,
    previousRole: group.role,
  });
  return scimSettingsView(owner);
}
