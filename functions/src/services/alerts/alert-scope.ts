/**
 * The workspaces an alert-queue call covers: the one asked for (404 unless the caller is a member,
 * 403 for a viewer when `editorsOnly`, 403 when it requires two-factor authentication the caller
 * lacks), or every workspace the caller belongs to (only those they edit when `editorsOnly`, and
 * none that requires two-factor authentication the caller lacks).
 */
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { isRole } from '@expiry-radar/shared/domain/roles';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { findWorkspaces } from '../../data/workspace-store';
import {
  isOpenTo,
  loadWorkspaceAccess,
  requireEditor,
  type WorkspaceCaller,
} from '../workspaces/workspace-access';

export interface ScopedWorkspace {
  readonly workspaceId: string;
  readonly ownerId: string;
  readonly plan: Plan;
  readonly isFrozen: boolean;
}

export async function workspacesInScope(options: {
  caller: WorkspaceCaller;
  workspaceId: string | undefined;
  editorsOnly: boolean;
}): Promise<ScopedWorkspace[]> {
  if (options.workspaceId !== undefined) {
    const access = await loadWorkspaceAccess(options.workspaceId, options.caller);
    if (options.editorsOnly) requireEditor(access);
    return [access];
  }
  const memberships = (await listMembershipsOfUser(options.caller.id)).filter(
    (membership) =>
      isRole(membership.role) && (!options.editorsOnly || isEditorRole(membership.role)),
  );
  const workspaces = await findWorkspaces(memberships.map((membership) => membership.workspaceId));
  return workspaces
    .filter((workspace) => isOpenTo(workspace, options.caller))
    .map((workspace) => ({
      workspaceId: workspace.id,
      ownerId: workspace.ownerId,
      plan: workspace.plan,
      isFrozen: workspace.isFrozen,
    }));
}
