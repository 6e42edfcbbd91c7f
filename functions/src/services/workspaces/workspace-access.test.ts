import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { membershipItem, workspaceItem } from '../../data/workspace-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
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
}) {
  const workspaceId = randomUUID();
  const ownerId = randomUUID();
  const memberId = randomUUID();
  const now = new Date();
  await put({
    ...workspaceItem({ workspaceId, name: 'Platform', ownerId, plan: 'team', now }),
    isFrozen: options.frozen ?? false,
  });
  await put(membershipItem({ workspaceId, userId: memberId, role: options.role, now }));
  return { workspaceId, ownerId, memberId };
}

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
    await expect(loadWorkspaceAccess(workspaceId, memberId)).resolves.toEqual({
      workspaceId,
      name: 'Platform',
      ownerId,
      plan: 'team',
      isFrozen: false,
      role: 'workspace_manager',
      tokenCounters: new Map(),
    });
  });

  it('answers 404 to someone who is not a member, and for an unknown workspace', async () => {
    const { workspaceId } = await givenWorkspace({ role: 'admin' });
    await expect(loadWorkspaceAccess(workspaceId, randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(loadWorkspaceAccess(randomUUID(), randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets editors edit, only admins administer, and nobody change a frozen workspace', async () => {
    const viewerIds = await givenWorkspace({ role: 'viewer' });
    const viewer = await loadWorkspaceAccess(viewerIds.workspaceId, viewerIds.memberId);
    expect(codeOf(() => requireEditor(viewer))).toBe('FORBIDDEN');
    const managerIds = await givenWorkspace({ role: 'workspace_manager', frozen: true });
    const manager = await loadWorkspaceAccess(managerIds.workspaceId, managerIds.memberId);
    expect(codeOf(() => requireEditor(manager))).toBeUndefined();
    expect(codeOf(() => requireAdmin(manager))).toBe('FORBIDDEN');
    expect(codeOf(() => requireNotFrozen(manager))).toBe('WORKSPACE_FROZEN');
  });
});
