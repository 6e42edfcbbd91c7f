import type { Integration, SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../../test-support/api-gateway-event';
import { startGitlabStandIn, type GitlabStandIn } from '../../../test-support/gitlab-stand-in';
import { givenToken, inDays } from '../../../test-support/token-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { findToken, listAllTokens } from '../../data/token-records';
import { resetConfigForTests } from '../../platform/config';
import { handler as createIntegration } from './create-integration';
import { handler as linkIntegrationToken } from './link-integration-token';
import { handler as previewIntegrationSync } from './preview-integration-sync';
import { handler as syncIntegration } from './sync-integration';

const LIST_ROUTE = '/api/v1/workspaces/{id}/integrations';

let standIn: GitlabStandIn;
beforeAll(async () => {
  // The stand-in listens on loopback, which outbound calls reach only when allowed (never in production).
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  standIn = await startGitlabStandIn();
});
afterAll(async () => {
  await standIn.stop();
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
});

async function givenGitlabIntegration(workspaceId: string, cookie: string): Promise<string> {
  const created = await invoke(
    createIntegration,
    routeRequest('POST', LIST_ROUTE, {
      params: { id: workspaceId },
      cookie,
      body: {
        kind: 'gitlab',
        name: 'GitLab stand-in',
        settings: { base_url: standIn.baseUrl },
        credentials: { token: standIn.token },
      },
    }),
  );
  return (created.json as Integration).id;
}

const action = (
  handler: typeof syncIntegration,
  name: 'sync' | 'preview',
  workspaceId: string,
  iid: string,
  cookie: string,
) =>
  invoke(
    handler,
    routeRequest('POST', `${LIST_ROUTE}/{iid}/${name}`, {
      params: { id: workspaceId, iid },
      cookie,
    }),
  );

const link = (workspaceId: string, iid: string, cookie: string, body: unknown) =>
  invoke(
    linkIntegrationToken,
    routeRequest('POST', `${LIST_ROUTE}/{iid}/links`, {
      params: { id: workspaceId, iid },
      cookie,
      body,
    }),
  );

describe('POST .../integrations/{iid}/links', () => {
  it('links a hand-entered twin so the next sync updates it instead of offering it again', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const iid = await givenGitlabIntegration(team.workspaceId, team.admin.cookie);
    const byHand = await givenToken(team.admin.cookie, team.workspaceId, {
      name: 'GitLab personal access token: ci',
      type: 'api_key',
      category: 'key_secret',
      expiresAt: inDays(10),
      notes: 'typed in by hand',
    });
    standIn.setTokens([{ id: 7, name: 'ci', expires_at: inDays(90) }]);

    const preview = await action(
      previewIntegrationSync,
      'preview',
      team.workspaceId,
      iid,
      team.manager.cookie,
    );
    const { link_candidates: candidates, created } = preview.json as SyncReport;
    expect(created).toBe(0);
    expect(candidates).toEqual([
      { token_id: byHand.id, name: byHand.name, type: 'api_key', external_id: 'pat:7' },
    ]);

    const linked = await link(team.workspaceId, iid, team.manager.cookie, {
      token_id: byHand.id,
      external_id: 'pat:7',
    });
    expect(linked.statusCode).toBe(200);
    expect((linked.json as Token).source).toEqual({
      kind: 'gitlab',
      integration_id: iid,
      external_id: 'pat:7',
      removed_at: null,
    });

    const sync = await action(syncIntegration, 'sync', team.workspaceId, iid, team.admin.cookie);
    expect(sync.json).toMatchObject({ created: 0, updated: 1, renewed: 1, link_candidates: [] });
    const stored = await findToken(team.workspaceId, byHand.id);
    expect(stored).toMatchObject({ expiresAt: inDays(90), notes: 'typed in by hand' });
    expect(await listAllTokens(team.workspaceId)).toHaveLength(1);

    const events = await listWorkspaceAuditEvents(team.workspaceId, { count: 20, now: new Date() });
    const linkedEvent = events.find((event) => event.action === 'integration.token_linked');
    expect(linkedEvent?.metadata).toMatchObject({ kind: 'gitlab', external_id: 'pat:7' });
  });

  it('refuses a token already linked, a source id another token carries, an empty source id, viewers and unknown tokens', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const iid = await givenGitlabIntegration(team.workspaceId, team.admin.cookie);
    const first = await givenToken(team.admin.cookie, team.workspaceId);
    const second = await givenToken(team.admin.cookie, team.workspaceId);
    const ok = await link(team.workspaceId, iid, team.admin.cookie, {
      token_id: first.id,
      external_id: 'pat:1',
    });
    expect(ok.statusCode).toBe(200);

    const again = await link(team.workspaceId, iid, team.admin.cookie, {
      token_id: first.id,
      external_id: 'pat:2',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json).toMatchObject({ error: 'This token is already linked to a source' });

    const taken = await link(team.workspaceId, iid, team.admin.cookie, {
      token_id: second.id,
      external_id: 'pat:1',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json).toMatchObject({
      error: 'Another token of this workspace is already linked to this one at the source',
    });

    const empty = await link(team.workspaceId, iid, team.admin.cookie, {
      token_id: second.id,
      external_id: ' ',
    });
    expect(empty.statusCode).toBe(400);

    const byViewer = await link(team.workspaceId, iid, team.viewer.cookie, {
      token_id: second.id,
      external_id: 'pat:3',
    });
    expect(byViewer.statusCode).toBe(403);

    const missing = await link(team.workspaceId, iid, team.admin.cookie, {
      token_id: 'no-such-token',
      external_id: 'pat:3',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses while the workspace is frozen', async () => {
    const team = await givenTeam({ plan: 'pro', frozen: true });
    const response = await link(team.workspaceId, 'any', team.admin.cookie, {
      token_id: 'any',
      external_id: 'pat:1',
    });
    expect(response.statusCode).toBe(403);
  });
});
