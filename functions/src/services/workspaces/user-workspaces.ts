import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isRole } from '@expiry-radar/shared/domain/roles';
import { findWorkspaces } from '../../data/workspace-store';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { workspaceView } from './workspace-view';
import type { WorkspaceCaller } from './workspace-access';

/**
 * Every workspace the user belongs to with their role, by name (then id); with an API key scoped
 * to one workspace, only that one.
 */
export async function listUserWorkspaces(caller: WorkspaceCaller): Promise<Workspace[]> {
  const memberships = (await listMembershipsOfUser(caller.id)).filter(
    (membership) =>
      !caller.apiKeyWorkspaceId || membership.workspaceId === caller.apiKeyWorkspaceId,
  );
  const roles = new Map(memberships.map((membership) => [membership.workspaceId, membership.role]));
  const workspaces = await findWorkspaces([...roles.keys()]);
  return workspaces
    .flatMap((workspace) => {
      const role = roles.get(workspace.id);
      return isRole(role) ? [workspaceView(workspace, role)] : [];
    })
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
    );
}
