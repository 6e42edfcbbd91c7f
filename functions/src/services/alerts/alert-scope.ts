/**
 * The workspaces an alert-queue call covers: the one asked for (404 unless the caller is a member,
 * 403 for a viewer when `editorsOnly`), or every workspace the caller belongs to (only those they
 * edit when `editorsOnly`).
 */
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { isRole } from '@expiry-radar/shared/domain/roles';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { findWorkspaces } from '../../data/workspace-store';
import { loadWorkspaceAccess, requireEditor } from '../workspaces/workspace-access';

export interface ScopedWorkspace {
  readonly workspaceId: string;
  readonly ownerId: string;
  readonly plan: Plan;
  readonly isFrozen: boolean;
}

export async function workspacesInScope(options: {
  userId: string;
  workspaceId: string | undefined;
  editorsOnly: boolean;
}): Promise<ScopedWorkspace[]> {
  if (options.workspaceId !== undefined) {
    const access = await loadWorkspaceAccess(options.workspaceId, options.userId);
    if (options.editorsOnly) requireEditor(access);
    return [access];
  }
  const memberships = (await listMembershipsOfUser(options.userId)).filter(
    (membership) =>
      isRole(membership.role) && (!options.editorsOnly || isEditorRole(membership.role)),
  );
  const workspaces = await findWorkspaces(memberships.map((membership) => membership.workspaceId));
  return workspaces.map((workspace) => ({
    workspaceId: workspace.id,
    ownerId: workspace.ownerId,
    plan: workspace.plan,
    isFrozen: workspace.isFrozen,
  }));
}
