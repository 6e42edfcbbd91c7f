import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { membershipItem, workspaceItem } from '../../data/workspace-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { AppError } from '../../platform/app-error';
import {
  loadWorkspaceAccess,
  requireAdmin,
  requireEditor,
  requireNotFrozen,
} from './workspace-access';

async function put(item: Record<string, unknown>) {
  await getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));
}

async function givenWorkspace(options: {
  role: 'admin' | 'workspace_manager' | 'viewer';
  frozen?: boolean;
  plan?: Plan;
  requireTwoFactor?: boolean;
}) {
  const workspaceId = randomUUID();
  const ownerId = randomUUID();
  const memberId = randomUUID();
  const now = new Date();
  await put({
    ...workspaceItem({ workspaceId, name: 'Platform', ownerId, plan: options.plan ?? 'team', now }),
    isFrozen: options.frozen ?? false,
    ...(options.requireTwoFactor ? { requireTwoFactor: true } : {}),
  });
  await put(membershipItem({ workspaceId, userId: memberId, role: options.role, now }));
  return { workspaceId, ownerId, memberId };
}

/** A caller without two-factor authentication, and one with it. */
const without = (id: string) => ({ id, twoFactorEnabled: false });
const enrolled = (id: string) => ({ id, twoFactorEnabled: true });

const codeOf = (action: () => void) => {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('workspace access', () => {
  it('answers the workspace, its plan and the caller role', async () => {
    const { workspaceId, ownerId, memberId } = await givenWorkspace({ role: 'workspace_manager' });
    await expect(loadWorkspaceAccess(workspaceId, without(memberId))).resolves.toEqual({
      workspaceId,
      name: 'Platform',
      ownerId,
      plan: 'team',
      isFrozen: false,
      role: 'workspace_manager',
      requireTwoFactor: false,
      tokenCounters: new Map(),
      tokenCount: 0,
    });
  });

  it('answers 404 to someone who is not a member, and for an unknown workspace', async () => {
    const { workspaceId } = await givenWorkspace({ role: 'admin' });
    await expect(loadWorkspaceAccess(workspaceId, without(randomUUID()))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(loadWorkspaceAccess(randomUUID(), without(randomUUID()))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets editors edit, only admins administer, and nobody change a frozen workspace', async () => {
    const viewerIds = await givenWorkspace({ role: 'viewer' });
    const viewer = await loadWorkspaceAccess(viewerIds.workspaceId, without(viewerIds.memberId));
    expect(codeOf(() => requireEditor(viewer))).toBe('FORBIDDEN');
    const managerIds = await givenWorkspace({ role: 'workspace_manager', frozen: true });
    const manager = await loadWorkspaceAccess(managerIds.workspaceId, without(managerIds.memberId));
    expect(codeOf(() => requireEditor(manager))).toBeUndefined();
    expect(codeOf(() => requireAdmin(manager))).toBe('FORBIDDEN');
    expect(codeOf(() => requireNotFrozen(manager))).toBe('WORKSPACE_FROZEN');
  });

  it('answers 403 TWO_FACTOR_REQUIRED to a member without two-factor where it is required', async () => {
    const { workspaceId, memberId } = await givenWorkspace({
      role: 'admin',
      requireTwoFactor: true,
    });
    await expect(loadWorkspaceAccess(workspaceId, without(memberId))).rejects.toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      status: 403,
    });
    await expect(loadWorkspaceAccess(workspaceId, enrolled(memberId))).resolves.toMatchObject({
      requireTwoFactor: true,
      role: 'admin',
    });
    // Non-members still get 404: the requirement says nothing about a workspace to strangers.
    await expect(loadWorkspaceAccess(workspaceId, without(randomUUID()))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('does not apply a stored requirement while the plan does not offer it', async () => {
    const { workspaceId, memberId } = await givenWorkspace({
      role: 'viewer',
      plan: 'pro',
      requireTwoFactor: true,
    });
    await expect(loadWorkspaceAccess(workspaceId, without(memberId))).resolves.toMatchObject({
      requireTwoFactor: false,
    });
  });
});
