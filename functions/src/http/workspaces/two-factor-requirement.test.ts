import { invoke } from '../../../test-support/api-gateway-event';
import { useFakeClock } from '../../../test-support/fake-clock';
import { givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { handler as getAlertStats } from '../alert-queue/get-alert-stats';
import { handler as getAlertSettings } from '../alerts/get-alert-settings';
import { handler as listTokens } from '../tokens/list-tokens';
import { handler as getWorkspace } from './get-workspace';
import { handler as listMembers } from './list-members';
import { handler as listWorkspaces } from './list-workspaces';
import { handler as setRequirement } from './set-two-factor-requirement';

const clock = useFakeClock();

const ROUTE = '/api/v1/workspaces/{id}/two-factor-requirement';
const requireTwoFactor = (workspaceId: string, cookie: string, required: boolean) =>
  invoke(
    setRequirement,
    routeRequest('PUT', ROUTE, { params: { id: workspaceId }, cookie, body: { required } }),
  );

const TWO_FACTOR_REQUIRED = {
  error:
    'This workspace requires two-factor authentication. Turn it on in Account settings to use this workspace.',
  code: 'TWO_FACTOR_REQUIRED',
};

/** Every kind of workspace-scoped call a member makes, with its status. */
async function workspaceCalls(workspaceId: string, cookie: string) {
  const params = { id: workspaceId };
  const [tokens, workspace, members, settings] = await Promise.all([
    invoke(
      listTokens,
      routeRequest('GET', '/api/tokens', { cookie, query: `workspace_id=${workspaceId}` }),
    ),
    invoke(getWorkspace, routeRequest('GET', '/api/v1/workspaces/{id}', { params, cookie })),
    invoke(listMembers, routeRequest('GET', '/api/v1/workspaces/{id}/members', { params, cookie })),
    invoke(
      getAlertSettings,
      routeRequest('GET', '/api/v1/workspaces/{id}/alert-settings', { params, cookie }),
    ),
  ]);
  return { tokens, workspace, members, settings };
}

describe('PUT /api/v1/workspaces/{id}/two-factor-requirement', () => {
  it('is for team and enterprise plans only', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const { workspaceId, admin } = await givenTeam({ plan });
      await givenTwoFactor(admin.cookie);
      const refused = await requireTwoFactor(workspaceId, admin.cookie, true);
      expect(refused.statusCode).toBe(403);
      expect(refused.json).toEqual({
        error:
          'Requiring two-factor authentication needs a Team or Enterprise plan. Upgrade to use it.',
        code: 'FORBIDDEN',
      });
    }
    const enterprise = await givenTeam({ plan: 'enterprise' });
    await givenTwoFactor(enterprise.admin.cookie);
    const allowed = await requireTwoFactor(enterprise.workspaceId, enterprise.admin.cookie, true);
    expect(allowed.statusCode).toBe(200);
  });

  it('does not let an admin without two-factor lock themselves out', async () => {
    const { workspaceId, admin } = await givenTeam();
    const refused = await requireTwoFactor(workspaceId, admin.cookie, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toEqual({
      error:
        'Turn on two-factor authentication for your own account first, so that the requirement does not lock you out.',
      code: 'FORBIDDEN',
    });
  });

  it('is the admin’s: managers, viewers and outsiders cannot change it', async () => {
    const { workspaceId, manager, viewer, outsider } = await givenTeam();
    for (const member of [manager, viewer]) {
      await givenTwoFactor(member.cookie);
      expect((await requireTwoFactor(workspaceId, member.cookie, true)).json).toEqual({
        error: 'Only the workspace admin can do this.',
        code: 'FORBIDDEN',
      });
    }
    expect((await requireTwoFactor(workspaceId, outsider.cookie, true)).statusCode).toBe(404);
  });

  it('blocks members without two-factor from every workspace call until they enrol', async () => {
    const { workspaceId, admin, manager, viewer, outsider } = await givenTeam();
    await givenTwoFactor(admin.cookie);
    const on = await requireTwoFactor(workspaceId, admin.cookie, true);
    expect(on.statusCode).toBe(200);
    expect(on.json).toMatchObject({ id: workspaceId, require_two_factor: true, role: 'admin' });
    const events = await listWorkspaceAuditEvents(workspaceId, { count: 10, now: new Date() });
    expect(events[0]).toMatchObject({
      action: 'workspace.two_factor_requirement_changed',
      metadata: { required: true },
    });

    // The admin who turned it on keeps using the workspace.
    for (const call of Object.values(await workspaceCalls(workspaceId, admin.cookie))) {
      expect(call.statusCode).toBe(200);
    }
    // A member without two-factor: 403 with the reason, on every call.
    for (const call of Object.values(await workspaceCalls(workspaceId, manager.cookie))) {
      expect(call.statusCode).toBe(403);
      expect(call.json).toEqual(TWO_FACTOR_REQUIRED);
    }
    // Strangers still learn nothing about the workspace.
    expect((await workspaceCalls(workspaceId, outsider.cookie)).workspace.statusCode).toBe(404);
    // The list still shows the workspace, with the requirement, so the web can explain.
    const listed = await invoke(
      listWorkspaces,
      routeRequest('GET', '/api/v1/workspaces', { cookie: manager.cookie }),
    );
    expect(listed.json).toMatchObject({
      items: [{ id: workspaceId, require_two_factor: true }],
    });
    // Nor do calls over all of the member's workspaces count it (the viewer belongs to no other).
    const stats = await invoke(
      getAlertStats,
      routeRequest('GET', '/api/alert-stats', { cookie: viewer.cookie }),
    );
    expect(stats.statusCode).toBe(200);
    expect(stats.json).toMatchObject({ deliveries_limit: null });
    const statsOfAdmin = await invoke(
      getAlertStats,
      routeRequest('GET', '/api/alert-stats', { cookie: admin.cookie }),
    );
    expect(statsOfAdmin.json).toMatchObject({ deliveries_limit: 20_000 });

    clock.advanceSeconds(30);
    await givenTwoFactor(manager.cookie);
    for (const call of Object.values(await workspaceCalls(workspaceId, manager.cookie))) {
      expect(call.statusCode).toBe(200);
    }
  });

  it('lets everyone back in when the admin stops requiring it', async () => {
    const { workspaceId, admin, viewer } = await givenTeam();
    await givenTwoFactor(admin.cookie);
    await requireTwoFactor(workspaceId, admin.cookie, true);
    expect((await workspaceCalls(workspaceId, viewer.cookie)).tokens.statusCode).toBe(403);
    const off = await requireTwoFactor(workspaceId, admin.cookie, false);
    expect(off.statusCode).toBe(200);
    expect(off.json).toMatchObject({ require_two_factor: false });
    expect((await workspaceCalls(workspaceId, viewer.cookie)).tokens.statusCode).toBe(200);
  });
});
