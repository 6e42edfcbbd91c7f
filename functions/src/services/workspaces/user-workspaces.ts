import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isRole, type Role } from '@expiry-radar/shared/domain/roles';
import { keys } from '../../data/keys';
import { batchGetAll } from '../../data/table-operations';
import { toUserRecord, type UserRecord } from '../../data/user-records';
import { findWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { workspaceView } from './workspace-view';
import type { WorkspaceCaller } from './workspace-access';

interface UserWorkspace {
  readonly workspace: WorkspaceRecord;
  readonly role: Role;
}

/**
 * Every workspace the user belongs to with their role, by name (then id); with an API key scoped
 * to one workspace, only that one.
 */
async function findUserWorkspaces(caller: WorkspaceCaller): Promise<UserWorkspace[]> {
  const memberships = (await listMembershipsOfUser(caller.id)).filter(
    (membership) =>
      !caller.apiKeyWorkspaceId || membership.workspaceId === caller.apiKeyWorkspaceId,
  );
  const roles = new Map(memberships.map((membership) => [membership.workspaceId, membership.role]));
  const workspaces = await findWorkspaces([...roles.keys()]);
  return workspaces
    .flatMap((workspace) => {
      const role = roles.get(workspace.id);
      return isRole(role) ? [{ workspace, role }] : [];
    })
    .sort(
      (a, b) =>
        a.workspace.name.localeCompare(b.workspace.name, 'en', { sensitivity: 'base' }) ||
        a.workspace.id.localeCompare(b.workspace.id),
    );
}

/** The user's workspaces (`findUserWorkspaces`) as the API answers them. */
export async function listUserWorkspaces(caller: WorkspaceCaller): Promise<Workspace[]> {
  return (await findUserWorkspaces(caller)).map(({ workspace, role }) =>
    workspaceView(workspace, role),
  );
}

/**
 * A page of the user's workspaces, each with its owner's display name (`owner_name`, as members
 * see it on the members page), which tells apart other people's workspaces of the same name. The
 * caller's own name is the session's; each other owner of the page is read once, all in one
 * BatchGetItem (100 keys a request). An owner whose account is gone has no name.
 */
export async function pageOfUserWorkspaces(
  caller: WorkspaceCaller & Pick<UserRecord, 'displayName'>,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ items: Workspace[]; total: number }> {
  const found = await findUserWorkspaces(caller);
  const shown = found.slice(page.offset, page.offset + page.limit);
  const otherOwnerIds = new Set(
    shown.map(({ workspace }) => workspace.ownerId).filter((ownerId) => ownerId !== caller.id),
  );
  const owners = (await batchGetAll([...otherOwnerIds].map((ownerId) => keys.user(ownerId)))).map(
    toUserRecord,
  );
  const ownerNames = new Map([
    [caller.id, caller.displayName],
    ...owners.map((owner): [string, string] => [owner.id, owner.displayName]),
  ]);
  const items = shown.map(({ workspace, role }) => {
    const ownerName = ownerNames.get(workspace.ownerId);
    return {
      ...workspaceView(workspace, role),
      ...(ownerName === undefined ? {} : { owner_name: ownerName }),
    };
  });
  return { items, total: found.length };
}
