import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { buildToken, putTokenItem } from '../../../test-support/token-seeding';
import {
  givenTeam,
  givenWorkspace,
  putItem,
  routeEvent,
  routeRequest,
} from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { updateUserName } from '../../data/user-records';
import { keys } from '../../data/keys';
import { keyOf, type TableKey } from '../../data/table-operations';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { auditEventView } from '../../services/audit/audit-event-view';
import { handler as createWorkspace } from './create-workspace';
import { handler as deleteWorkspace } from './delete-workspace';
import { handler as getWorkspace } from './get-workspace';
import { handler as listWorkspaces } from './list-workspaces';
import { handler as renameWorkspace } from './rename-workspace';

const list = (cookie: string, query = '') =>
  invoke(listWorkspaces, routeEvent({ method: 'GET', path: '/api/v1/workspaces', query, cookie }));

const create = (cookie: string, body: unknown) =>
  invoke(createWorkspace, routeEvent({ method: 'POST', path: '/api/v1/workspaces', body, cookie }));

const onWorkspace = (
  method: 'GET' | 'PATCH' | 'DELETE',
  workspaceId: string,
  cookie: string,
  body?: unknown,
) => routeRequest(method, '/api/v1/workspaces/{id}', { params: { id: workspaceId }, cookie, body });

const auditOf = async (workspaceId: string) =>
  (await listWorkspaceAuditEvents(workspaceId, { count: 100, now: new Date() })).map(
    auditEventView,
  );

describe('GET /api/v1/workspaces', () => {
  it("lists the caller's workspaces by name with their role and frozen state, paged", async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    const other = await givenSignedInUser({ plan: 'team' });
    const beta = await givenWorkspace({ ownerId: user.userId, name: 'beta' });
    const alpha = await givenWorkspace({
      ownerId: other.userId,
      name: 'Alpha',
      frozen: true,
      members: [{ userId: user.userId, role: 'viewer' }],
    });
    const gamma = await givenWorkspace({
      ownerId: other.userId,
      name: 'Gamma',
      members: [{ userId: user.userId, role: 'workspace_manager' }],
    });
    await givenWorkspace({ ownerId: other.userId, name: 'Not mine' });

    const all = await list(user.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json).toEqual({
      items: [
        {
          id: alpha,
          name: 'Alpha',
          plan: 'team',
          role: 'viewer',
          is_frozen: true,
          require_two_factor: false,
          token_count: 0,
          owner_name: 'Ada Lovelace',
        },
        {
          id: beta,
          name: 'beta',
          plan: 'team',
          role: 'admin',
          is_frozen: false,
          require_two_factor: false,
          token_count: 0,
          owner_name: 'Ada Lovelace',
        },
        {
          id: gamma,
          name: 'Gamma',
          plan: 'team',
          role: 'workspace_manager',
          is_frozen: false,
          require_two_factor: false,
          token_count: 0,
          owner_name: 'Ada Lovelace',
        },
      ],
      total: 3,
    });
    const page = await list(user.cookie, 'limit=1&offset=1');
    expect(page.json).toEqual({ items: [expect.objectContaining({ id: beta })], total: 3 });
  });

  it("names each workspace's owner, reading the other owners in one BatchGetItem", async () => {
    const [user, jane, john] = await Promise.all([
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
    ]);
    await updateUserName(user.userId, 'Casey Caller', new Date());
    await updateUserName(jane.userId, 'Jane Doe', new Date());
    await updateUserName(john.userId, 'John Roe', new Date());
    const asViewer = [{ userId: user.userId, role: 'viewer' as const }];
    const janes = await givenWorkspace({ ownerId: jane.userId, name: 'Acme', members: asViewer });
    const johns = await givenWorkspace({ ownerId: john.userId, name: 'ACME', members: asViewer });
    const janesOther = await givenWorkspace({
      ownerId: jane.userId,
      name: 'Beta',
      members: asViewer,
    });
    const own = await givenWorkspace({ ownerId: user.userId, name: 'Personal' });
    // An owner whose account is gone (no user item) has no name to give.
    const goneOwner = randomUUID();
    const orphan = await givenWorkspace({ ownerId: goneOwner, name: 'Zeta', members: asViewer });

    const send = jest.spyOn(getDocumentClient(), 'send');
    const listed = await list(user.cookie);
    const batchGets = send.mock.calls.flatMap(([command]) =>
      command instanceof BatchGetCommand
        ? [(command.input.RequestItems?.[getConfig().tableName]?.Keys ?? []) as TableKey[]]
        : [],
    );
    send.mockRestore();

    expect(listed.json).toMatchObject({ total: 5 });
    const { items } = listed.json as { items: Workspace[] };
    const ownerNames = new Map(items.map((item) => [item.id, item.owner_name]));
    expect(Object.fromEntries(ownerNames)).toEqual({
      [janes]: 'Jane Doe',
      [johns]: 'John Roe',
      [janesOther]: 'Jane Doe',
      [own]: 'Casey Caller',
      [orphan]: undefined,
    });
    expect(items.find((item) => item.id === orphan)).not.toHaveProperty('owner_name');
    // Jane once for her two workspaces; the caller's own name is the session's.
    const ownerReads = batchGets.filter((batch) =>
      batch.some((key) => key.pk === keys.user(jane.userId).pk),
    );
    expect(ownerReads.map((batch) => batch.map((key) => key.pk).sort())).toEqual([
      [jane.userId, john.userId, goneOwner].map((id) => keys.user(id).pk).sort(),
    ]);
  });

  it('refuses a bad limit or offset with a clear message', async () => {
    const user = await givenSignedInUser();
    for (const [query, message] of [
      ['limit=0', 'Limit must be an integer between 1 and 100'],
      ['limit=101', 'Limit must be an integer between 1 and 100'],
      ['offset=-1', 'Offset must be a non-negative integer'],
    ]) {
      const response = await list(user.cookie, query);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    }
  });
});

describe('POST /api/v1/workspaces', () => {
  it('creates a workspace on the owner plan with the caller as admin, trimmed, audited', async () => {
    const user = await givenSignedInUser({ plan: 'pro' });
    const response = await create(user.cookie, { name: '  Platform team  ', plan: 'enterprise' });
    expect(response.statusCode).toBe(201);
    const workspace = response.json as { id: string };
    expect(workspace).toEqual({
      id: expect.any(String) as string,
      name: 'Platform team',
      plan: 'pro',
      role: 'admin',
      is_frozen: false,
      require_two_factor: false,
      token_count: 0,
    });
    expect((await list(user.cookie)).json).toMatchObject({ items: [workspace] });
    expect(await auditOf(workspace.id)).toEqual([
      expect.objectContaining({
        action: 'workspace.created',
        actor: { id: user.userId, email: user.email },
        target_type: 'workspace',
        target_id: workspace.id,
        workspace_id: workspace.id,
        metadata: { name: 'Platform team' },
      }),
    ]);
  });

  it("answers 409 PLAN_LIMIT beyond the plan's owned workspaces", async () => {
    const user = await givenSignedInUser({ plan: 'free' });
    await givenWorkspace({ ownerId: user.userId, name: 'Personal' });
    const response = await create(user.cookie, { name: 'Second' });
    expect(response.statusCode).toBe(409);
    expect(response.json).toEqual({
      code: 'PLAN_LIMIT',
      error: 'Your Free plan allows 1 workspace. Upgrade your plan to create more workspaces.',
    });
    const pro = await givenSignedInUser({ plan: 'pro' });
    for (const name of ['One', 'Two', 'Three']) {
      expect((await create(pro.cookie, { name })).statusCode).toBe(201);
    }
    expect((await create(pro.cookie, { name: 'Four' })).json).toMatchObject({
      code: 'PLAN_LIMIT',
      error: 'Your Pro plan allows 3 workspaces. Upgrade your plan to create more workspaces.',
    });
  });

  it('holds the owned-workspace limit under concurrent creates, and frees a slot on delete', async () => {
    const pro = await givenSignedInUser({ plan: 'pro' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => create(pro.cookie, { name: `Race ${index}` })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const created = responses.find((response) => response.statusCode === 201)!;
    const { id } = created.json as { id: string };
    expect((await invoke(deleteWorkspace, onWorkspace('DELETE', id, pro.cookie))).statusCode).toBe(
      200,
    );
    expect((await create(pro.cookie, { name: 'After delete' })).statusCode).toBe(201);
  });

  it('refuses a name the owner already uses, without regard to case, at the name', async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    expect((await create(user.cookie, { name: 'Client Acme' })).statusCode).toBe(201);
    for (const name of ['client acme', ' CLIENT  ACME ']) {
      const response = await create(user.cookie, { name });
      expect(response.statusCode).toBe(409);
      expect(response.json).toEqual({
        code: 'CONFLICT',
        error: 'You already have a workspace named "Client Acme"',
        details: [{ path: 'name', message: 'You already have a workspace named "Client Acme"' }],
      });
    }
    // Another owner may use it; so may a workspace the user only belongs to.
    const other = await givenSignedInUser({ plan: 'team' });
    expect((await create(other.cookie, { name: 'client acme' })).statusCode).toBe(201);
    expect((await list(user.cookie)).json).toMatchObject({ total: 1 });
  });

  it('refuses a name of a workspace older than the name claims', async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    await givenWorkspace({ ownerId: user.userId, name: 'Legacy Ops' });
    expect((await create(user.cookie, { name: 'legacy ops' })).json).toMatchObject({
      code: 'CONFLICT',
      error: 'You already have a workspace named "Legacy Ops"',
    });
  });

  it('lets one of concurrent creates with one name through, and frees the name on delete', async () => {
    const team = await givenSignedInUser({ plan: 'team' });
    const responses = await Promise.all(
      ['Race', 'race', 'RACE', 'Race ', 'rAce', 'race'].map((name) =>
        create(team.cookie, { name }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const { id } = responses.find((response) => response.statusCode === 201)!.json as {
      id: string;
    };
    expect((await list(team.cookie)).json).toMatchObject({ total: 1 });
    expect((await invoke(deleteWorkspace, onWorkspace('DELETE', id, team.cookie))).statusCode).toBe(
      200,
    );
    expect((await create(team.cookie, { name: 'race' })).statusCode).toBe(201);
  });

  it('validates the name with clear messages', async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    for (const [body, message] of [
      [{}, 'Workspace name is required'],
      [{ name: '   ' }, 'Workspace name is required'],
      [{ name: 42 }, 'Workspace name is required'],
      [{ name: 'x'.repeat(101) }, 'Workspace name must be 100 characters or less'],
    ] as const) {
      const response = await create(user.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    }
    expect((await create(user.cookie, { name: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('needs the CSRF header', async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    const event = routeEvent({
      method: 'POST',
      path: '/api/v1/workspaces',
      body: { name: 'X' },
      cookie: user.cookie,
    });
    delete event.headers['x-csrf-token'];
    expect((await invoke(createWorkspace, event)).json).toMatchObject({ code: 'EBADCSRFTOKEN' });
  });
});

describe('GET /api/v1/workspaces/{id}', () => {
  it('answers the workspace with the caller role, and 404 for unknown ids', async () => {
    const { workspaceId, viewer } = await givenTeam();
    const response = await invoke(getWorkspace, onWorkspace('GET', workspaceId, viewer.cookie));
    expect(response.json).toEqual({
      id: workspaceId,
      name: 'Platform',
      plan: 'team',
      role: 'viewer',
      is_frozen: false,
      require_two_factor: false,
      token_count: 0,
    });
    const unknown = await invoke(getWorkspace, onWorkspace('GET', randomUUID(), viewer.cookie));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('PATCH /api/v1/workspaces/{id}', () => {
  it('renames for the admin and records the old and new name', async () => {
    const { workspaceId, admin } = await givenTeam();
    const response = await invoke(
      renameWorkspace,
      onWorkspace('PATCH', workspaceId, admin.cookie, { name: ' Core ' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ id: workspaceId, name: 'Core', role: 'admin' });
    expect(await auditOf(workspaceId)).toEqual([
      expect.objectContaining({
        action: 'workspace.renamed',
        metadata: { from: 'Platform', to: 'Core' },
      }),
    ]);
  });

  it('refuses a name the owner uses for another workspace; a change of case is fine', async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    const first = (await create(user.cookie, { name: 'Client Acme' })).json as { id: string };
    const second = (await create(user.cookie, { name: 'Staging' })).json as { id: string };
    const rename = (id: string, name: string) =>
      invoke(renameWorkspace, onWorkspace('PATCH', id, user.cookie, { name }));

    const refused = await rename(second.id, 'CLIENT acme');
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'CONFLICT',
      error: 'You already have a workspace named "Client Acme"',
      details: [{ path: 'name', message: 'You already have a workspace named "Client Acme"' }],
    });
    expect((await rename(first.id, 'client ACME')).json).toMatchObject({ name: 'client ACME' });
    // The old name is free once its workspace has another.
    expect((await rename(second.id, 'Production')).statusCode).toBe(200);
    expect((await create(user.cookie, { name: 'staging' })).statusCode).toBe(201);
    expect((await create(user.cookie, { name: 'production' })).statusCode).toBe(409);
  });

  it('holds names under concurrent renames to one name', async () => {
    const user = await givenSignedInUser({ plan: 'team' });
    const ids = await Promise.all(
      ['One', 'Two', 'Three'].map(
        async (name) => ((await create(user.cookie, { name })).json as { id: string }).id,
      ),
    );
    const responses = await Promise.all(
      ids.map((id) =>
        invoke(renameWorkspace, onWorkspace('PATCH', id, user.cookie, { name: 'Same' })),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const names = ((await list(user.cookie)).json as { items: Array<{ name: string }> }).items.map(
      (workspace) => workspace.name,
    );
    expect(names.filter((name) => name === 'Same')).toHaveLength(1);
  });

  it('refuses managers, frozen workspaces, bad names and strangers', async () => {
    const { workspaceId, admin, manager, outsider } = await givenTeam();
    const as = (cookie: string, body: unknown, id = workspaceId) =>
      invoke(renameWorkspace, onWorkspace('PATCH', id, cookie, body));
    expect((await as(manager.cookie, { name: 'X' })).json).toEqual({
      code: 'FORBIDDEN',
      error: 'Only the workspace admin can do this.',
    });
    expect((await as(outsider.cookie, { name: 'X' })).statusCode).toBe(404);
    expect((await as(admin.cookie, { name: '' })).json).toMatchObject({
      error: 'Workspace name is required',
    });
    const frozen = await givenWorkspace({ ownerId: admin.userId, frozen: true });
    const response = await as(admin.cookie, { name: 'X' }, frozen);
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
  });
});

describe('DELETE /api/v1/workspaces/{id}', () => {
  it('removes tokens, settings, invitations and memberships but keeps the audit trail', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    const pk = keys.workspace(workspaceId).pk;
    await putTokenItem(buildToken(workspaceId, { name: 'a token' }));
    await putItem({ pk, sk: 'SETTINGS', emailAlertsEnabled: true });
    await putItem({ ...keys.invitation(workspaceId, 'x@example.com'), role: 'viewer' });

    const response = await invoke(
      deleteWorkspace,
      onWorkspace('DELETE', workspaceId, admin.cookie),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    const { Items } = await getDocumentClient().send(
      new QueryCommand({
        TableName: getConfig().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    );
    expect(Items?.map((item) => keyOf(item).sk.split('#')[0])).toEqual(['AUDIT']);
    expect((await auditOf(workspaceId))[0]).toMatchObject({ action: 'workspace.deleted' });
    expect((await list(manager.cookie)).json).toEqual({ items: [], total: 0 });
    const again = await invoke(getWorkspace, onWorkspace('GET', workspaceId, admin.cookie));
    expect(again.statusCode).toBe(404);
  });

  it('is for the admin only, frozen or not', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    const refused = await invoke(
      deleteWorkspace,
      onWorkspace('DELETE', workspaceId, manager.cookie),
    );
    expect(refused.json).toMatchObject({ code: 'FORBIDDEN' });
    const frozen = await givenWorkspace({ ownerId: admin.userId, frozen: true });
    expect(
      (await invoke(deleteWorkspace, onWorkspace('DELETE', frozen, admin.cookie))).statusCode,
    ).toBe(200);
    const { Item } = await getDocumentClient().send(
      new GetCommand({ TableName: getConfig().tableName, Key: keys.workspace(frozen) }),
    );
    expect(Item).toBeUndefined();
  });
});
