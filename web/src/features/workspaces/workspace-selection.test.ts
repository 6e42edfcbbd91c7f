import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { chooseWorkspace, selectableWorkspaces } from './workspace-selection';

function ws(id: string, role: Workspace['role'], is_frozen = false): Workspace {
  return { id, name: id, plan: 'team', role, is_frozen };
}

const viewer = ws('viewer', 'viewer');
const manager = ws('manager', 'workspace_manager');
const admin = ws('admin', 'admin');
const frozen = ws('frozen', 'admin', true);

describe('chooseWorkspace', () => {
  it('takes the URL first', () => {
    expect(
      chooseWorkspace({ workspaces: [viewer, admin], fromUrl: 'viewer', stored: 'admin' }),
    ).toBe(viewer);
  });

  it('then the last used one', () => {
    expect(chooseWorkspace({ workspaces: [viewer, admin], fromUrl: null, stored: 'viewer' })).toBe(
      viewer,
    );
    expect(
      chooseWorkspace({ workspaces: [viewer, admin], fromUrl: 'gone', stored: 'viewer' }),
    ).toBe(viewer);
  });

  it('then the first non-frozen one where the user is admin or workspace manager', () => {
    expect(
      chooseWorkspace({
        workspaces: [frozen, viewer, manager, admin],
        fromUrl: null,
        stored: null,
      }),
    ).toBe(manager);
  });

  it('then the first non-frozen one', () => {
    expect(chooseWorkspace({ workspaces: [frozen, viewer], fromUrl: null, stored: null })).toBe(
      viewer,
    );
  });

  it('never selects a frozen workspace, even from the URL or storage', () => {
    expect(
      chooseWorkspace({ workspaces: [frozen, viewer], fromUrl: 'frozen', stored: 'frozen' }),
    ).toBe(viewer);
    expect(selectableWorkspaces([frozen, viewer, admin])).toEqual([viewer, admin]);
  });

  it('after the current one is deleted: the first remaining, or nothing', () => {
    expect(chooseWorkspace({ workspaces: [viewer], fromUrl: 'admin', stored: 'admin' })).toBe(
      viewer,
    );
    expect(chooseWorkspace({ workspaces: [], fromUrl: 'admin', stored: 'admin' })).toBeNull();
    expect(chooseWorkspace({ workspaces: [frozen], fromUrl: null, stored: null })).toBeNull();
  });
});
