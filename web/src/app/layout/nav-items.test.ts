import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { NavContext } from './nav-items';
import {
  isCurrentPage,
  UPGRADE_FOR_WORKSPACES_HINT,
  userMenuLinks,
  visibleNavItems,
  workspacePickerState,
} from './nav-items';

function context(
  userPlan: string,
  role: Workspace['role'] | null,
  workspacePlan: Workspace['plan'] = 'free',
  workspaceCount = 1,
): NavContext {
  return {
    isLoggedIn: true,
    verified: true,
    userPlan,
    selectedWorkspace: role
      ? { id: 'w', name: 'W', plan: workspacePlan, role, is_frozen: false }
      : null,
    workspaceCount,
    workspacesLoading: false,
  };
}

function labels(ctx: NavContext): string[] {
  return visibleNavItems(ctx).map((item) => item.label);
}

describe('top bar visibility', () => {
  it('visitors see only Pricing: Docs and Help need a session', () => {
    expect(
      labels({
        isLoggedIn: false,
        verified: false,
        userPlan: 'free',
        selectedWorkspace: null,
        workspaceCount: 0,
        workspacesLoading: false,
      }),
    ).toEqual(['Pricing']);
  });

  it('a session that still needs verification sees Tokens, Docs, Pricing and Help', () => {
    expect(
      labels({
        isLoggedIn: true,
        verified: false,
        userPlan: 'free',
        selectedWorkspace: null,
        workspaceCount: 0,
        workspacesLoading: false,
      }),
    ).toEqual(['Tokens', 'Docs', 'Pricing', 'Help']);
  });

  const ALL = ['Tokens', 'Usage', 'Integrations', 'Docs', 'Pricing', 'Help', 'Audit', 'Workspaces'];
  const VIEWER = ['Tokens', 'Docs', 'Pricing', 'Help', 'Audit', 'Workspaces'];

  it.each([
    // user plan, role, workspace plan, expected: Audit and Workspaces for every verified user
    ['free', 'admin', 'free', ALL],
    ['pro', 'admin', 'pro', ALL],
    ['team', 'admin', 'team', ALL],
    ['pro', 'workspace_manager', 'pro', ALL],
    ['free', 'workspace_manager', 'team', ALL],
    ['free', 'workspace_manager', 'free', ALL],
    ['pro', 'viewer', 'pro', VIEWER],
    ['free', 'viewer', 'team', VIEWER],
    ['free', 'viewer', 'free', VIEWER],
  ] as const)('%s user, %s in a %s workspace', (userPlan, role, workspacePlan, expected) => {
    expect(labels(context(userPlan, role, workspacePlan))).toEqual(expected);
  });

  it('without a workspace there is no Usage and no Integrations; Audit and Workspaces stay', () => {
    expect(labels(context('free', null))).toEqual(VIEWER);
  });

  it('the workspace picker is disabled on the free plan with one workspace, with a hint', () => {
    expect(workspacePickerState(context('free', 'admin', 'free', 1))).toEqual({
      visible: true,
      loading: false,
      disabled: true,
      hint: UPGRADE_FOR_WORKSPACES_HINT,
    });
    expect(UPGRADE_FOR_WORKSPACES_HINT).toBe('Upgrade to create more workspaces');
    expect(workspacePickerState(context('free', 'admin', 'free', 2))).toEqual({
      visible: true,
      loading: false,
      disabled: false,
      hint: null,
    });
    expect(workspacePickerState(context('pro', 'admin', 'pro', 1)).disabled).toBe(false);
    expect(workspacePickerState(context('pro', 'admin', 'pro', 0)).visible).toBe(false);
  });

  it('keeps the picker’s place while the workspace list loads, for a verified user only', () => {
    const loading = { ...context('pro', null, 'pro', 0), workspacesLoading: true };
    expect(workspacePickerState(loading)).toMatchObject({ visible: false, loading: true });
    expect(workspacePickerState({ ...loading, verified: false }).loading).toBe(false);
    expect(workspacePickerState({ ...loading, isLoggedIn: false }).loading).toBe(false);
  });
});

describe('isCurrentPage', () => {
  const at = (url: string) => {
    const { pathname, search } = new URL(url, 'http://app.invalid');
    return { pathname, search };
  };

  it('marks Tokens on the dashboard, whatever its other parameters', () => {
    expect(isCurrentPage('/dashboard', at('/dashboard'))).toBe(true);
    expect(isCurrentPage('/dashboard', at('/dashboard?workspace=w1&section=web'))).toBe(true);
  });

  it('marks nothing of the top bar on the account view, and Account Settings in the user menu', () => {
    const account = at('/dashboard?view=account&workspace=w1');
    const bar = visibleNavItems(context('pro', 'admin', 'pro')).filter((item) =>
      isCurrentPage(item.to, account),
    );
    expect(bar).toEqual([]);
    expect(userMenuLinks.filter((link) => isCurrentPage(link.to, account))).toEqual([
      userMenuLinks[0],
    ]);
    expect(userMenuLinks[0].label).toBe('Account Settings');
  });

  it('marks Docs on every docs page, and no page by a mere prefix of its name', () => {
    expect(isCurrentPage('/docs', at('/docs/api'))).toBe(true);
    expect(isCurrentPage('/docs', at('/docs'))).toBe(true);
    expect(isCurrentPage('/docs', at('/docsearch'))).toBe(false);
    expect(isCurrentPage('/usage', at('/audit'))).toBe(false);
  });
});
