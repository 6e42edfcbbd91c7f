import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  givenTeam,
  givenWorkspace,
  putItem,
  routeRequest,
} from '../../../test-support/workspace-fixtures';
import {
  anonymiseAuditEventsOfActor,
  AUDIT_ACTIONS,
  recordAuditEvent,
} from '../../data/audit-events';
import {
  listActorAuditEvents,
  listWorkspaceAuditEvents as readTrail,
} from '../../data/audit-queries';
import { auditEventCodec } from '../../data/entities/audit-event';
import { epochSeconds } from '../../data/keys';
import { handler as exportAudit } from './export-audit';
import { handler as listAuditEvents } from './list-audit-events';
import { handler as listWorkspaceAuditEvents } from './list-workspace-audit-events';

type Page = { items: Array<{ action: string; workspace_id: string | null; metadata: object }> };

const at = (iso: string) => new Date(iso);

async function event(
  workspaceId: string | null,
  actor: { userId: string; email: string },
  time: string,
  metadata: Record<string, unknown> = {},
) {
  await recordAuditEvent({
    scope: workspaceId
      ? { type: 'workspace', workspaceId }
      : { type: 'user', userId: actor.userId },
    action: AUDIT_ACTIONS.workspaceRenamed,
    actor: { id: actor.userId, email: actor.email },
    target: { type: 'workspace', id: workspaceId ?? actor.userId },
    plan: 'team',
    metadata: { time, ...metadata },
    now: at(time),
  });
}

const get = (
  handler: typeof listAuditEvents,
  route: string,
  cookie: string,
  query = '',
  params?: Record<string, string>,
) => invoke(handler, routeRequest('GET', route, { params, query, cookie }));

const times = (page: unknown) =>
  (page as Page).items.map((item) => (item.metadata as { time: string }).time);

describe('GET /api/v1/workspaces/{id}/audit-events', () => {
  const list = (workspaceId: string, cookie: string, query = '') =>
    get(listWorkspaceAuditEvents, '/api/v1/workspaces/{id}/audit-events', cookie, query, {
      id: workspaceId,
    });

  it('answers the events newest first in the API shape, paged', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    for (const time of [
      '2026-01-01T00:00:00.000Z',
      '2026-01-03T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]) {
      await event(workspaceId, admin, time);
    }
    const response = await list(workspaceId, manager.cookie);
    expect(response.statusCode).toBe(200);
    expect(times(response.json)).toEqual([
      '2026-01-03T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
    expect((response.json as Page).items[0]).toEqual({
      id: expect.any(String) as string,
      occurred_at: '2026-01-03T00:00:00.000Z',
      actor: { id: admin.userId, email: admin.email },
      action: 'workspace.renamed',
      target_type: 'workspace',
      target_id: workspaceId,
      target_name: null,
      workspace_id: workspaceId,
      metadata: { time: '2026-01-03T00:00:00.000Z' },
    });
    expect(times((await list(workspaceId, admin.cookie, 'limit=1&offset=1')).json)).toEqual([
      '2026-01-02T00:00:00.000Z',
    ]);
  });

  it('leaves out events past their retention, and refuses viewers and strangers', async () => {
    const { workspaceId, admin, viewer, outsider } = await givenTeam();
    await putItem(
      auditEventCodec.toItem({
        id: 'old',
        scope: { type: 'workspace', workspaceId },
        action: 'workspace.renamed',
        actor: { id: admin.userId, email: admin.email },
        target: { type: 'workspace', id: workspaceId, name: null },
        metadata: {},
        createdAt: '2025-01-01T00:00:00.000Z',
        ttl: epochSeconds(new Date(Date.now() - 1000)),
      }),
    );
    expect((await list(workspaceId, admin.cookie)).json).toEqual({ items: [] });
    expect((await list(workspaceId, viewer.cookie)).json).toEqual({
      code: 'FORBIDDEN',
      error: "Only the workspace's admin and workspace managers can read its audit trail.",
    });
    expect((await list(workspaceId, outsider.cookie)).statusCode).toBe(404);
    expect((await list(workspaceId, admin.cookie, 'limit=abc')).json).toMatchObject({
      error: 'Limit must be an integer between 1 and 100',
    });
  });
});

describe('GET /api/audit-events', () => {
  it('answers the events the caller acted in, or with scope=organization those of owned workspaces', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const colleague = await givenSignedInUser({ plan: 'team' });
    const owned = await givenWorkspace({
      ownerId: owner.userId,
      members: [{ userId: colleague.userId, role: 'workspace_manager' }],
    });
    const elsewhere = await givenWorkspace({
      ownerId: colleague.userId,
      members: [{ userId: owner.userId, role: 'admin' }],
    });
    await event(null, owner, '2026-02-01T00:00:00.000Z');
    await event(owned, owner, '2026-02-02T00:00:00.000Z');
    await event(owned, colleague, '2026-02-03T00:00:00.000Z');
    await event(elsewhere, owner, '2026-02-04T00:00:00.000Z');
    await event(elsewhere, colleague, '2026-02-05T00:00:00.000Z');

    const own = await get(listAuditEvents, '/api/audit-events', owner.cookie);
    expect(times(own.json)).toEqual([
      '2026-02-04T00:00:00.000Z',
      '2026-02-02T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
    const organization = await get(
      listAuditEvents,
      '/api/audit-events',
      owner.cookie,
      'scope=organization',
    );
    expect(times(organization.json)).toEqual([
      '2026-02-03T00:00:00.000Z',
      '2026-02-02T00:00:00.000Z',
    ]);
    const paged = await get(
      listAuditEvents,
      '/api/audit-events',
      owner.cookie,
      'scope=organization&limit=1&offset=1',
    );
    expect(times(paged.json)).toEqual(['2026-02-02T00:00:00.000Z']);
    expect(
      (await get(listAuditEvents, '/api/audit-events', owner.cookie, 'scope=everyone')).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/account/export-audit', () => {
  const exportQuery = (cookie: string, query: string) =>
    get(exportAudit, '/api/account/export-audit', cookie, query);

  it('downloads JSON by default, named by scope and date', async () => {
    const user = await givenSignedInUser();
    await event(null, user, '2026-03-01T00:00:00.000Z');
    const response = await exportQuery(user.cookie, '');
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toMatch(/^application\/json/);
    expect(response.headers?.['content-disposition']).toMatch(
      /^attachment; filename="expiry-radar-audit-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.json).toEqual([expect.objectContaining({ action: 'workspace.renamed' })]);
  });

  it('downloads a workspace as escaped CSV, since a date and up to a limit', async () => {
    const { workspaceId, admin } = await givenTeam();
    await event(workspaceId, admin, '2026-04-01T00:00:00.000Z');
    await event(workspaceId, admin, '2026-04-02T00:00:00.000Z', { note: 'a, "quoted"\nline' });
    await event(workspaceId, admin, '2026-04-03T00:00:00.000Z', { note: '=SUM(A1)' });
    const response = await exportQuery(
      admin.cookie,
      `workspace_id=${workspaceId}&format=csv&since=2026-04-02`,
    );
    expect(response.headers?.['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers?.['content-disposition']).toBe(
      `attachment; filename="expiry-radar-audit-workspace-${workspaceId}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = String(response.body).split('\r\n');
    expect(lines[0]).toBe(
      'id,occurred_at,actor_id,actor_email,action,target_type,target_id,workspace_id,metadata',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`""note"":""=SUM(A1)""`);
    expect(lines[1]).toMatch(/,"\{.*\}"$/);
    expect(lines[2]).toContain(`""note"":""a, \\""quoted\\""\\nline""`);
    const limited = await exportQuery(admin.cookie, `workspace_id=${workspaceId}&limit=1`);
    expect(response.statusCode).toBe(200);
    expect(limited.json).toHaveLength(1);
  });

  it('exports the organization, and refuses bad parameters and viewers', async () => {
    const { workspaceId, admin, viewer } = await givenTeam();
    await event(workspaceId, viewer, '2026-05-01T00:00:00.000Z');
    const organization = await exportQuery(admin.cookie, 'scope=organization');
    expect(organization.json).toEqual([expect.objectContaining({ workspace_id: workspaceId })]);
    expect(organization.headers?.['content-disposition']).toContain('audit-organization-');
    for (const [query, message] of [
      ['format=xml', 'Format must be json or csv'],
      ['since=yesterday', 'Invalid date format'],
      ['since=1969-12-31', 'Invalid date format'],
      ['since=10000-01-01', 'Invalid date format'],
      ['since=9999-12-31T23:00:00-05:00', 'Invalid date format'],
      ['limit=10001', 'Limit must be an integer between 1 and 10000'],
    ] as const) {
      const response = await exportQuery(admin.cookie, query);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    }
    for (const since of ['1970-01-01', '9999-12-31']) {
      expect((await exportQuery(admin.cookie, `since=${since}`)).statusCode).toBe(200);
    }
    expect((await exportQuery(viewer.cookie, `workspace_id=${workspaceId}`)).json).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('anonymises the events of a deleted actor, in workspaces they left too', async () => {
    const { workspaceId, admin } = await givenTeam();
    await event(workspaceId, admin, '2026-06-01T00:00:00.000Z');
    await anonymiseAuditEventsOfActor(admin.userId, []);
    expect(await listActorAuditEvents(admin.userId, { count: 10, now: new Date() })).toEqual([]);
    expect(await readTrail(workspaceId, { count: 10, now: new Date() })).toEqual([
      expect.objectContaining({ actor: { id: 'deleted-user', email: null }, metadata: {} }),
    ]);
  });
});
