/**
 * Who may do what in a workspace, checked on the server for every workspace-scoped call. A
 * caller who is not a member gets 404, not 403, so workspace ids cannot be probed.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { isRole, type Role } from '@expiry-radar/shared/domain/roles';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { CounterValues } from '../../domain/token-counters';
import { workspaceCodec } from '../../data/entities/workspace';
import { keys } from '../../data/keys';
import type { TableItem, TableKey } from '../../data/table-operations';
import { AppError } from '../../platform/app-error';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';

export interface WorkspaceAccess {
  readonly workspaceId: string;
  readonly name: string;
  readonly ownerId: string;
  /** The owner's plan: it sets the workspace's limits. */
  readonly plan: Plan;
  /** Frozen after the owner's plan dropped below what the workspace needs: read-only. */
  readonly isFrozen: boolean;
  readonly role: Role;
  /** The workspace's token counters (facets and totals), read with it at no extra cost. */
  readonly tokenCounters: CounterValues;
}

/** The items an access check reads: the workspace and the caller's membership. */
export function workspaceAccessKeys(workspaceId: string, userId: string): [TableKey, TableKey] {
  return [keys.workspace(workspaceId), keys.membership(workspaceId, userId)];
}

/** The access the two items of `workspaceAccessKeys` give; 404 when either is missing. */
export function workspaceAccessFrom(
  workspaceId: string,
  workspace: TableItem | undefined,
  membership: TableItem | undefined,
): WorkspaceAccess {
  if (!workspace || !membership || !isRole(membership.role)) {
    throw new AppError('NOT_FOUND', 'Workspace not found.');
  }
  const stored = workspaceCodec.fromItem(workspace);
  return {
    workspaceId,
    name: stored.workspace.name,
    ownerId: stored.workspace.ownerId,
    plan: stored.workspace.plan,
    isFrozen: stored.workspace.isFrozen,
    role: membership.role,
    tokenCounters: stored.counters,
  };
}

/** The workspace and the caller's role in it, read together in one round trip. */
export async function loadWorkspaceAccess(
  workspaceId: string,
  userId: string,
): Promise<WorkspaceAccess> {
  const { tableName } = getConfig();
  const [workspaceKey, membershipKey] = workspaceAccessKeys(workspaceId, userId);
  const { Responses } = await getDocumentClient().send(
    new BatchGetCommand({
      RequestItems: { [tableName]: { Keys: [workspaceKey, membershipKey], ConsistentRead: true } },
    }),
  );
  const items = Responses?.[tableName] ?? [];
  return workspaceAccessFrom(
    workspaceId,
    items.find((item) => item.sk === workspaceKey.sk),
    items.find((item) => item.sk === membershipKey.sk),
  );
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
