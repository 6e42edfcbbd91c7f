/**
 * Who may do what in a workspace, checked on the server for every workspace-scoped call. A
 * caller who is not a member gets 404, not 403, so workspace ids cannot be probed. A member
 * without two-factor authentication gets 403 TWO_FACTOR_REQUIRED in a workspace whose admins
 * require it (while its plan allows the requirement), whatever the call.
 */
import { WORKSPACE_NOT_FOUND_MESSAGE } from '@expiry-radar/shared/errors/workspace-not-found';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { API_KEY_MESSAGES } from '@expiry-radar/shared/domain/api-keys';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { CounterValues } from '../../domain/token-counters';
import { memberCodec } from '../../data/entities/member';
import { workspaceCodec } from '../../data/entities/workspace';
import { keys } from '../../data/keys';
import type { TableItem, TableKey } from '../../data/table-operations';
import type { UserRecord } from '../../data/user-records';
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
  /** Every member must have two-factor authentication on (the requirement is in force). */
  readonly requireTwoFactor: boolean;
  /** The workspace's token counters (facets and totals), read with it at no extra cost. */
  readonly tokenCounters: CounterValues;
  /** How many tokens it holds. */
  readonly tokenCount: number;
}

/**
 * Who asks: the session's user (whether they have two-factor authentication on counts), and,
 * for a request made with an API key scoped to one workspace, that workspace: every other one is
 * refused, whichever route asks.
 */
export type WorkspaceCaller = Pick<UserRecord, 'id' | 'twoFactorEnabled'> & {
  readonly apiKeyWorkspaceId?: string | null;
};

/** 403 when the caller's API key is scoped to another workspace. */
export function requireInApiKeyScope(workspaceId: string, caller: WorkspaceCaller): void {
  if (caller.apiKeyWorkspaceId && caller.apiKeyWorkspaceId !== workspaceId) {
    throw new AppError('FORBIDDEN', API_KEY_MESSAGES.otherWorkspace);
  }
}

/**
 * Whether the workspace's requirement of two-factor authentication applies: stored as on, and
 * its plan (its owner's) offers it. After a downgrade below team the stored setting waits.
 */
export function isTwoFactorRequired(workspace: { plan: Plan; requireTwoFactor: boolean }): boolean {
  return workspace.requireTwoFactor && PLAN_LIMITS[workspace.plan].requireTwoFactor;
}

/** Whether a member may use the workspace at all: not when it requires two-factor and they lack it. */
export function isOpenTo(
  workspace: { plan: Plan; requireTwoFactor: boolean },
  caller: WorkspaceCaller,
): boolean {
  return caller.twoFactorEnabled || !isTwoFactorRequired(workspace);
}

/** The items an access check reads: the workspace and the caller's membership. */
export function workspaceAccessKeys(workspaceId: string, userId: string): [TableKey, TableKey] {
  return [keys.workspace(workspaceId), keys.membership(workspaceId, userId)];
}

/**
 * The access the two items of `workspaceAccessKeys` give; 404 when either is missing, 403
 * TWO_FACTOR_REQUIRED when the workspace requires two-factor authentication the caller lacks.
 */
export function workspaceAccessFrom(
  workspaceId: string,
  workspace: TableItem | undefined,
  membership: TableItem | undefined,
  caller: WorkspaceCaller,
): WorkspaceAccess {
  requireInApiKeyScope(workspaceId, caller);
  const role = membership ? memberCodec.fromItem(membership).role : null;
  // A role this version does not know grants nothing.
  if (!workspace || role === null) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND_MESSAGE);
  const stored = workspaceCodec.fromItem(workspace);
  if (!isOpenTo(stored.workspace, caller)) throw new AppError('TWO_FACTOR_REQUIRED');
  return {
    workspaceId,
    name: stored.workspace.name,
    ownerId: stored.workspace.ownerId,
    plan: stored.workspace.plan,
    isFrozen: stored.workspace.isFrozen,
    role,
    requireTwoFactor: isTwoFactorRequired(stored.workspace),
    tokenCounters: stored.counters,
    tokenCount: stored.workspace.tokenCount,
  };
}

/** The workspace and the caller's role in it, read together in one round trip. */
export async function loadWorkspaceAccess(
  workspaceId: string,
  caller: WorkspaceCaller,
): Promise<WorkspaceAccess> {
  requireInApiKeyScope(workspaceId, caller);
  const { tableName } = getConfig();
  const [workspaceKey, membershipKey] = workspaceAccessKeys(workspaceId, caller.id);
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
    caller,
  );
}

/** Viewers are read-only. */
export function requireEditor(access: WorkspaceAccess): void {
  if (!isEditorRole(access.role)) {
    throw new AppError('FORBIDDEN', 'Viewers have read-only access to this workspace.');
  }
}

const ONLY_ADMIN_MESSAGE = 'Only the workspace admin can do this.';

export function requireAdmin(access: WorkspaceAccess): void {
  if (access.role !== 'admin') throw new AppError('FORBIDDEN', ONLY_ADMIN_MESSAGE);
}

/** The workspace's owner only: not another admin (a SCIM group's), for what only they may give away. */
export function requireOwner(access: WorkspaceAccess, callerId: string): void {
  if (access.ownerId !== callerId) throw new AppError('FORBIDDEN', ONLY_ADMIN_MESSAGE);
}

/** A frozen workspace accepts no changes until its owner upgrades or moves its tokens out. */
export function requireNotFrozen(access: WorkspaceAccess): void {
  if (access.isFrozen) throw new AppError('WORKSPACE_FROZEN');
}
