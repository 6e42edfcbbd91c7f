/**
 * Who may do what in a workspace, checked on the server for every workspace-scoped call. A
 * caller who is not a member gets 404, not 403, so workspace ids cannot be probed.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { isPlan, type Plan } from '@expiry-radar/shared/domain/plans';
import { isRole, type Role } from '@expiry-radar/shared/domain/roles';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { keys } from '../data/keys';
import { AppError } from './app-error';
import { getDocumentClient } from './aws-clients';
import { getConfig } from './config';

export interface WorkspaceAccess {
  readonly workspaceId: string;
  readonly name: string;
  readonly ownerId: string;
  /** The owner's plan: it sets the workspace's limits. */
  readonly plan: Plan;
  /** Frozen after the owner's plan dropped below what the workspace needs: read-only. */
  readonly isFrozen: boolean;
  readonly role: Role;
}

/** The workspace and the caller's role in it, read together in one round trip. */
export async function loadWorkspaceAccess(
  workspaceId: string,
  userId: string,
): Promise<WorkspaceAccess> {
  const { tableName } = getConfig();
  const workspaceKey = keys.workspace(workspaceId);
  const membershipKey = keys.membership(workspaceId, userId);
  const { Responses } = await getDocumentClient().send(
    new BatchGetCommand({
      RequestItems: { [tableName]: { Keys: [workspaceKey, membershipKey], ConsistentRead: true } },
    }),
  );
  const items = Responses?.[tableName] ?? [];
  const workspace = items.find((item) => item.sk === workspaceKey.sk);
  const membership = items.find((item) => item.sk === membershipKey.sk);
  if (!workspace || !membership || !isRole(membership.role)) {
    throw new AppError('NOT_FOUND', 'Workspace not found.');
  }
  return {
    workspaceId,
    name: String(workspace.name),
    ownerId: String(workspace.ownerId),
    plan: isPlan(workspace.plan) ? workspace.plan : 'free',
    isFrozen: workspace.isFrozen === true,
    role: membership.role,
  };
}

/** Viewers are read-only. */
export function requireEditor(access: WorkspaceAccess): void {
  if (!isEditorRole(access.role)) {
    throw new AppError('FORBIDDEN', 'Viewers have read-only access to this workspace.');
  }
}

export function requireAdmin(access: WorkspaceAccess): void {
  if (access.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only the workspace admin can do this.');
  }
}

/** A frozen workspace accepts no changes until its owner upgrades or moves its tokens out. */
export function requireNotFrozen(access: WorkspaceAccess): void {
  if (access.isFrozen) throw new AppError('WORKSPACE_FROZEN');
}
