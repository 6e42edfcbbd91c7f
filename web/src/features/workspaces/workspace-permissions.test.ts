import type { Member, Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ownedWorkspacesLine } from './owned-workspaces';
import {
  canChangeRole,
  canDelete,
  canEditMembers,
  canRemove,
  canLeave,
  canChooseSuccessor,
  canRename,
  canTransferFrom,
  canTransferInto,
} from './workspace-permissions';

function ws(role: Workspace['role'], isFrozen = false): Workspace {
  return { id: `${role}-${isFrozen}`, name: role, plan: 'team', role, is_frozen: isFrozen };
}

function member(userId: string, role: Member['role']): Member {
  return {
    user_id: userId,
    email: `${userId}@example.com`,
    display_name: null,
    role,
    status: 'active',
    joined_at: null,
  };
}

const SELF = 'me';

describe('workspace permissions (as the server enforces them)', () => {
  it('lets only the admin rename (not while frozen) and delete (frozen too)', () => {
    expect(canRename(ws('admin'))).toBe(true);
    expect(canRename(ws('admin', true))).toBe(false);
    expect(canDelete(ws('admin', true))).toBe(true);
    for (const role of ['workspace_manager', 'viewer'] as const) {
      expect(canRename(ws(role))).toBe(false);
      expect(canDelete(ws(role))).toBe(false);
    }
  });

  it('lets admins and workspace managers manage members of active workspaces', () => {
    expect(canEditMembers(ws('admin'))).toBe(true);
    expect(canEditMembers(ws('workspace_manager'))).toBe(true);
    expect(canEditMembers(ws('viewer'))).toBe(false);
    expect(canEditMembers(ws('admin', true))).toBe(false);
  });

  it('never changes the admin or one’s own role; never removes the admin; leaving is allowed', () => {
    const manager = ws('workspace_manager');
    expect(canChangeRole(manager, member('other', 'viewer'), SELF)).toBe(true);
    expect(canChangeRole(manager, member('owner', 'admin'), SELF)).toBe(false);
    expect(canChangeRole(manager, member(SELF, 'workspace_manager'), SELF)).toBe(false);
    expect(canRemove(manager, member('owner', 'admin'), SELF)).toBe(false);
    expect(canRemove(manager, member(SELF, 'workspace_manager'), SELF)).toBe(true);
    expect(canRemove(ws('viewer'), member('other', 'viewer'), SELF)).toBe(false);
    expect(canRemove(ws('admin', true), member('other', 'viewer'), SELF)).toBe(false);
  });

  it('lets every member but the admin leave, viewers too, choosing a successor as an editor', () => {
    expect(canRemove(ws('viewer'), member(SELF, 'viewer'), SELF)).toBe(true);
    expect(canLeave(ws('viewer'))).toBe(true);
    expect(canLeave(ws('viewer', true))).toBe(false);
    expect(canLeave(ws('admin'))).toBe(false);
    expect(canChooseSuccessor(ws('viewer'))).toBe(false);
    expect(canChooseSuccessor(ws('workspace_manager'))).toBe(true);
  });

  it('moves tokens out of any workspace the user edits, into active ones only', () => {
    expect(canTransferFrom(ws('admin', true))).toBe(true);
    expect(canTransferFrom(ws('viewer'))).toBe(false);
    expect(canTransferInto(ws('workspace_manager'))).toBe(true);
    expect(canTransferInto(ws('admin', true))).toBe(false);
  });
});

describe('ownedWorkspacesLine', () => {
  it('counts the workspaces the user is admin of (their own) against the plan', () => {
    expect(ownedWorkspacesLine('pro', [ws('admin'), ws('admin', true), ws('viewer')])).toEqual({
      text: 'Your Pro plan allows 3 owned workspaces; you own 2.',
      limitReason: null,
    });
    expect(ownedWorkspacesLine('free', [ws('admin')])).toEqual({
      text: 'Your Free plan allows 1 owned workspace; you own 1.',
      limitReason:
        'Your Free plan allows 1 workspace. Upgrade your plan to create more workspaces.',
    });
    expect(ownedWorkspacesLine('enterprise', [ws('admin')])?.limitReason).toBeNull();
    expect(ownedWorkspacesLine('unknown', [])).toBeNull();
  });
});
