import { MALFORMED_IF_MATCH_MESSAGE } from '@expiry-radar/shared/api/entity-tags';
import type { ListTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
  todayEverywhere,
  listRequest,
  updateEvent,
  updateRequest,
} from '../../../test-support/token-fixtures';
import { putTokenItem } from '../../../test-support/token-seeding';
import { invoke } from '../../../test-support/api-gateway-event';
import { handler as updateToken } from './update-token';

describe('PUT /api/tokens/{id}', () => {
  let workspace: Awaited<ReturnType<typeof givenWorkspace>>;
  beforeAll(async () => {
    workspace = await givenWorkspace();
  });
  const update = (id: string, body: unknown) => updateRequest(workspace.owner.cookie, id, body);

  it('edits fields: domains split on commas, blank text becomes null, numbers parsed', async () => {
    const token = await givenToken(workspace.owner.cookie, workspace.workspaceId, {
      category: 'cert',
      type: 'ssl_cert',
      issuer: 'Old CA',
      subject: 'CN=old',
    });
    const response = await update(token.id, {
      ...token,
      name: 'Renamed cert',
      domains: 'a.example.com, b.example.com',
      issuer: '   ',
      key_size: '4096',
      notes: '',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json as Token;
    expect(updated).toMatchObject({
      id: token.id,
      name: 'Renamed cert',
      category: 'cert',
      type: 'ssl_cert',
      domains: ['a.example.com', 'b.example.com'],
      issuer: null,
      subject: 'CN=old',
      key_size: 4096,
      notes: null,
      created_at: token.created_at,
    });
    expect(updated.updated_at >= token.updated_at).toBe(true);
    const list = await listRequest(
      workspace.owner.cookie,
      `workspace_id=${workspace.workspaceId}&q=renamed&sort=name_asc`,
    );
    expect((list.json as ListTokensResponse).items).toEqual([updated]);
  });

  it('renews with a future expiresAt and refuses a past or invalid one', async () => {
    const token = await givenToken(workspace.owner.cookie, workspace.workspaceId);
    const renewed = await update(token.id, { expiresAt: inDays(400) });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json).toMatchObject({ expiresAt: inDays(400), name: token.name });
    const past = await update(token.id, { expiresAt: inDays(-1) });
    expect(past.json).toMatchObject({ error: 'Expiration date must be in the future' });
    const today = await update(token.id, { expiresAt: todayEverywhere() });
    expect(today.json).toMatchObject({ error: 'Expiration date must be in the future' });
    expect((await update(token.id, { expiresAt: 'someday' })).json).toMatchObject({
      error: 'Invalid date format',
    });
    expect((await update(token.id, { expiresAt: '' })).json).toMatchObject({
      error: 'Expiration date is required',
    });
  });

  it('keeps an expired token editable when its expiry is sent unchanged', async () => {
    const token = await givenToken(workspace.owner.cookie, workspace.workspaceId);
    const expired: Token = { ...token, expiresAt: inDays(-10) };
    await putTokenItem(expired);
    const response = await update(token.id, { ...expired, notes: 'still here' });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ notes: 'still here', expiresAt: inDays(-10) });
  });

  it('refuses to change type or category, and checks fields against the stored type', async () => {
    const token = await givenToken(workspace.owner.cookie, workspace.workspaceId, {
      type: 'password',
    });
    for (const change of [{ type: 'secret' }, { category: 'cert', type: 'ssl_cert' }]) {
      const response = await update(token.id, change);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ error: 'Type and category cannot be changed' });
    }
    expect((await update(token.id, { algorithm: 'RSA' })).json).toMatchObject({
      error: 'Algorithm is only valid for encryption keys, SSH keys and certificates',
    });
    expect((await update(token.id, { vendor: 'Acme' })).json).toMatchObject({ vendor: null });
    const ssh = await givenToken(workspace.owner.cookie, workspace.workspaceId, {
      type: 'ssh_key',
    });
    expect((await update(ssh.id, { key_size: 1 })).json).toMatchObject({ key_size: 1 });
    expect((await update(ssh.id, { key_size: 0 })).json).toMatchObject({
      error: 'Key size must be a valid positive integer',
    });
    expect((await update(ssh.id, { key_size: 16385 })).json).toMatchObject({
      error: 'Key size must be between 1 and 16384',
    });
    expect((await update(ssh.id, { name: '' })).json).toMatchObject({
      error: 'Name is required',
    });
  });

  it('moves the section counters when the section changes', async () => {
    const own = await givenWorkspace();
    const token = await givenToken(own.owner.cookie, own.workspaceId, { section: 'red' });
    await givenToken(own.owner.cookie, own.workspaceId, { section: 'red' });
    await updateRequest(own.owner.cookie, token.id, { section: 'blue' });
    const list = await listRequest(own.owner.cookie, `workspace_id=${own.workspaceId}`);
    expect((list.json as ListTokensResponse).facets.section).toEqual([
      { section: 'blue', count: 1 },
      { section: 'red', count: 1 },
    ]);
    await updateRequest(own.owner.cookie, token.id, { section: null });
    const blue = await listRequest(
      own.owner.cookie,
      `workspace_id=${own.workspaceId}&section=blue`,
    );
    expect(blue.json).toMatchObject({
      items: [],
      total: 0,
      facets: {
        section: [
          { section: 'red', count: 1 },
          { section: null, count: 1 },
        ],
      },
    });
  });

  it('writes with If-Match only while the token is as read: stale 412, malformed 400, none as before', async () => {
    const token = await givenToken(workspace.owner.cookie, workspace.workspaceId);
    const conditional = (body: unknown, ifMatch: string) => {
      const event = updateEvent(workspace.owner.cookie, token.id, body);
      event.headers['if-match'] = ifMatch;
      return invoke(updateToken, event);
    };
    // Alice saves from the dialog she opened; Bob's dialog was opened before that.
    const alice = await conditional({ notes: 'from Alice' }, `"${token.updated_at}"`);
    expect(alice.statusCode).toBe(200);
    const saved = alice.json as Token;
    expect(alice.headers?.ETag).toBe(`"${saved.updated_at}"`);
    const bob = await conditional({ ...token, used_by: 'Bob' }, `"${token.updated_at}"`);
    expect(bob.statusCode).toBe(412);
    expect(bob.json).toEqual({
      code: 'PRECONDITION_FAILED',
      error: 'Someone else changed this token after you opened it. Your changes were not saved.',
    });
    const malformed = await conditional({ used_by: 'Bob' }, token.updated_at);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json).toMatchObject({ error: MALFORMED_IF_MATCH_MESSAGE });
    const list = await listRequest(
      workspace.owner.cookie,
      `workspace_id=${workspace.workspaceId}&id=${token.id}`,
    );
    expect((list.json as ListTokensResponse).items).toEqual([saved]);

    const fresh = await conditional({ ...saved, used_by: 'Bob' }, `"${saved.updated_at}"`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json).toMatchObject({ notes: 'from Alice', used_by: 'Bob' });
    const unconditional = await update(token.id, { ...token, notes: 'no precondition' });
    expect(unconditional.statusCode).toBe(200);
  });

  it('answers 403 to viewers, 404 to non-members and for unknown ids', async () => {
    const token = await givenToken(workspace.owner.cookie, workspace.workspaceId);
    const viewer = await givenMember(workspace.workspaceId, 'viewer');
    const asViewer = await updateRequest(viewer.cookie, token.id, { name: 'x' });
    expect(asViewer.statusCode).toBe(403);
    const stranger = await givenSignedInUser();
    expect((await updateRequest(stranger.cookie, token.id, { name: 'x' })).statusCode).toBe(404);
    expect((await update(`${workspace.workspaceId}.missing`, { name: 'x' })).statusCode).toBe(404);
    expect((await update('no-workspace-in-it', { name: 'x' })).statusCode).toBe(404);
  });

  it('answers 403 WORKSPACE_FROZEN in a frozen workspace', async () => {
    const frozen = await givenWorkspace({ frozen: true });
    const token: Token = {
      ...(await givenToken(workspace.owner.cookie, workspace.workspaceId)),
      id: `${frozen.workspaceId}.frozen-token`,
      workspace_id: frozen.workspaceId,
    };
    await putTokenItem(token);
    const response = await updateRequest(frozen.owner.cookie, token.id, { name: 'x' });
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
  });
});
