import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  API_KEY_MESSAGES,
  API_KEY_REQUESTS_PER_MINUTE,
  defaultApiKeyExpiry,
} from '@expiry-radar/shared/domain/api-keys';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { mutationEvent, uniqueIp } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { inDays } from '../../../test-support/token-fixtures';
import {
  givenWorkspace,
  routeRequest,
  type RouteMethod,
  type TestUser,
} from '../../../test-support/workspace-fixtures';
import { findApiKeyOfUser, listApiKeysOfUser } from '../../data/api-key-records';
import { createAccountToken } from '../../data/account-token-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { auditEventCodec } from '../../data/entities/audit-event';
import { keys } from '../../data/keys';
import { takeRateLimit } from '../../data/rate-limiter';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { API_KEY_RATE_LIMIT } from '../../services/api-keys/api-key-authentication';
import { handler as resetPassword } from '../auth/reset-password';
import { handler as updateAccount } from '../auth/update-account';
import { handler as upgradePlan } from '../billing/upgrade-plan';
import { handler as createToken } from '../tokens/create-token';
import { handler as deleteToken } from '../tokens/delete-token';
import { handler as listTokens } from '../tokens/list-tokens';
import { handler as createWorkspace } from '../workspaces/create-workspace';
import { handler as getWorkspace } from '../workspaces/get-workspace';
import { handler as listWorkspaces } from '../workspaces/list-workspaces';
import { handler as renameWorkspace } from '../workspaces/rename-workspace';
import { FORWARDED_AUTHORIZATION_HEADER } from '../pipeline/api-key-header';
import { handler as createApiKey } from './create-api-key';
import { handler as listApiKeys } from './list-api-keys';
import { handler as revokeApiKey } from './revoke-api-key';

type Handler = Parameters<typeof invoke>[0];

interface CreatedKey {
  key: { id: string; token: { id: string; workspace_id: string }; last_used_at: string | null };
  secret: string;
}

/** A request as a script sends it with a key: `Authorization: Bearer`, no cookie, no CSRF. */
function withKey(
  handler: Handler,
  secret: string,
  method: RouteMethod,
  route: string,
  options: { params?: Record<string, string>; query?: string; body?: unknown } = {},
) {
  const path = route.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(options.params?.[name] ?? ''),
  );
  return invoke(
    handler,
    apiGatewayEvent({
      method,
      path,
      routePath: route,
      query: options.query,
      body: options.body,
      pathParameters: options.params,
      headers: { authorization: `Bearer ${secret}` },
    }),
  );
}

async function givenKey(
  user: TestUser,
  body: { workspace_id: string | null; access: 'read' | 'read_write'; name?: string },
): Promise<CreatedKey> {
  const response = await invoke(
    createApiKey,
    routeRequest('POST', '/api/account/api-keys', {
      cookie: user.cookie,
      body: { name: 'CI', expires_at: defaultApiKeyExpiry(new Date()), ...body },
    }),
  );
  expect(response.statusCode).toBe(201);
  return response.json as CreatedKey;
}

const tokenBody = (workspaceId: string) => ({
  name: 'Deploy token',
  category: 'key_secret',
  type: 'api_key',
  expiresAt: inDays(60),
  workspace_id: workspaceId,
});

async function auditItems(pk: string) {
  const { Items } = await getDocumentClient().send(
    new QueryCommand({
      TableName: getConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
      ExpressionAttributeValues: { ':pk': pk, ':audit': 'AUDIT#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => auditEventCodec.fromItem(item));
}

describe('API keys', () => {
  let owner: TestUser;
  let workspaceA: string;
  let workspaceB: string;

  beforeEach(async () => {
    owner = await givenSignedInUser({ plan: 'pro' });
    workspaceA = await givenWorkspace({ ownerId: owner.userId, name: 'Alpha', plan: 'pro' });
    workspaceB = await givenWorkspace({ ownerId: owner.userId, name: 'Beta', plan: 'pro' });
  });

  it('answers an er_ secret once, lists the key without it, and tracks it as a token', async () => {
    const created = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    expect(created.secret).toMatch(/^er_[A-Za-z0-9_-]{43}$/);
    expect(created.key.token.workspace_id).toBe(workspaceA);

    const list = await invoke(
      listApiKeys,
      routeRequest('GET', '/api/account/api-keys', { cookie: owner.cookie }),
    );
    expect(list.statusCode).toBe(200);
    expect(list.json).toMatchObject({
      limit: 10,
      items: [
        {
          id: created.key.id,
          name: 'CI',
          workspace_id: workspaceA,
          workspace_name: 'Alpha',
          access: 'read',
          expired: false,
          last_used_at: null,
        },
      ],
    });
    expect(JSON.stringify(list.json)).not.toContain(created.secret);

    // The list names the workspace as it is called now.
    const rename = await invoke(
      renameWorkspace,
      routeRequest('PATCH', '/api/v1/workspaces/{id}', {
        cookie: owner.cookie,
        params: { id: workspaceA },
        body: { name: 'Alpha Prime' },
      }),
    );
    expect(rename.statusCode).toBe(200);
    const renamed = await invoke(
      listApiKeys,
      routeRequest('GET', '/api/account/api-keys', { cookie: owner.cookie }),
    );
    expect(renamed.json).toMatchObject({ items: [{ workspace_name: 'Alpha Prime' }] });

    const tokens = await withKey(listTokens, created.secret, 'GET', '/api/tokens', {
      query: `workspace_id=${workspaceA}`,
    });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json).toMatchObject({
      items: [{ id: created.key.token.id, name: 'API key: CI', type: 'api_key' }],
    });
  });

  it('reads and writes within its workspace without a CSRF token, and audit events name it', async () => {
    const { key, secret } = await givenKey(owner, {
      workspace_id: workspaceA,
      access: 'read_write',
    });
    const created = await withKey(createToken, secret, 'POST', '/api/tokens', {
      body: tokenBody(workspaceA),
    });
    expect(created.statusCode).toBe(201);
    const tokenId = (created.json as { id: string }).id;

    const events = await auditItems(keys.workspace(workspaceA).pk);
    const byKey = events.find((event) => event.target.id === tokenId);
    expect(byKey?.metadata).toMatchObject({ api_key: { id: key.id, name: 'CI' } });
    expect(byKey?.actor.id).toBe(owner.userId);

    const workspace = await withKey(getWorkspace, secret, 'GET', '/api/v1/workspaces/{id}', {
      params: { id: workspaceA },
    });
    expect(workspace.statusCode).toBe(200);
    const deleted = await withKey(deleteToken, secret, 'DELETE', '/api/tokens/{id}', {
      params: { id: tokenId },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('is refused outside its workspace, and lists only that workspace', async () => {
    const { secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read_write' });
    const otherList = await withKey(listTokens, secret, 'GET', '/api/tokens', {
      query: `workspace_id=${workspaceB}`,
    });
    expect(otherList.statusCode).toBe(403);
    expect(otherList.json).toMatchObject({ error: API_KEY_MESSAGES.otherWorkspace });
    const otherCreate = await withKey(createToken, secret, 'POST', '/api/tokens', {
      body: tokenBody(workspaceB),
    });
    expect(otherCreate.statusCode).toBe(403);
    const otherGet = await withKey(getWorkspace, secret, 'GET', '/api/v1/workspaces/{id}', {
      params: { id: workspaceB },
    });
    expect(otherGet.statusCode).toBe(403);

    const workspaces = await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    expect(workspaces.statusCode).toBe(200);
    expect(workspaces.json).toMatchObject({ total: 1, items: [{ id: workspaceA }] });

    // Creating a workspace acts beyond one workspace: only keys for all workspaces may.
    const newWorkspace = await withKey(createWorkspace, secret, 'POST', '/api/v1/workspaces', {
      body: { name: 'Gamma' },
    });
    expect(newWorkspace.statusCode).toBe(403);
    expect(newWorkspace.json).toMatchObject({ error: API_KEY_MESSAGES.needsAllWorkspaces });
  });

  it('with all workspaces in scope, reaches each of the user’s workspaces', async () => {
    const { key, secret } = await givenKey(owner, { workspace_id: null, access: 'read' });
    // The token of a key for all workspaces goes to the first workspace (by name) the user runs.
    expect(key.token.workspace_id).toBe(workspaceA);
    for (const workspaceId of [workspaceA, workspaceB]) {
      const response = await withKey(listTokens, secret, 'GET', '/api/tokens', {
        query: `workspace_id=${workspaceId}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const workspaces = await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    expect(workspaces.json).toMatchObject({ total: 2 });
    // Someone else's workspace stays someone else's.
    const stranger = await givenSignedInUser();
    const theirs = await givenWorkspace({ ownerId: stranger.userId });
    const foreign = await withKey(listTokens, secret, 'GET', '/api/tokens', {
      query: `workspace_id=${theirs}`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('never works on /auth/*, billing or the API-key routes', async () => {
    const { key, secret } = await givenKey(owner, { workspace_id: null, access: 'read_write' });
    const refused = [
      await withKey(updateAccount, secret, 'PUT', '/auth/account', { body: { name: 'Mallory' } }),
      await withKey(upgradePlan, secret, 'POST', '/api/account/upgrade', {
        body: { plan: 'team' },
      }),
      await withKey(listApiKeys, secret, 'GET', '/api/account/api-keys'),
      await withKey(createApiKey, secret, 'POST', '/api/account/api-keys', {
        body: { name: 'More', workspace_id: null, access: 'read_write', expires_at: inDays(30) },
      }),
      await withKey(revokeApiKey, secret, 'DELETE', '/api/account/api-keys/{keyId}', {
        params: { keyId: key.id },
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json).toMatchObject({ error: API_KEY_MESSAGES.notForThisRoute });
    }
    expect(await findApiKeyOfUser(owner.userId, key.id)).toBeDefined();
  });

  it('refuses the writes of a read-only key', async () => {
    const { secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    const write = await withKey(createToken, secret, 'POST', '/api/tokens', {
      body: tokenBody(workspaceA),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json).toMatchObject({ error: API_KEY_MESSAGES.readOnly });
  });

  it('answers 401 once revoked (at once) or expired, and to an unknown key', async () => {
    const { key, secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    const revoke = await invoke(
      revokeApiKey,
      routeRequest('DELETE', '/api/account/api-keys/{keyId}', {
        cookie: owner.cookie,
        params: { keyId: key.id },
      }),
    );
    expect(revoke.statusCode).toBe(200);
    const afterRevoke = await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json).toMatchObject({ error: API_KEY_MESSAGES.invalid });
    // The key's token stays in the inventory.
    const tokens = await invoke(
      listTokens,
      routeRequest('GET', '/api/tokens', {
        cookie: owner.cookie,
        query: `workspace_id=${workspaceA}`,
      }),
    );
    expect(tokens.json).toMatchObject({ total: 1 });
    const again = await invoke(
      revokeApiKey,
      routeRequest('DELETE', '/api/account/api-keys/{keyId}', {
        cookie: owner.cookie,
        params: { keyId: key.id },
      }),
    );
    expect(again.statusCode).toBe(404);

    const expiring = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    const stored = await findApiKeyOfUser(owner.userId, expiring.key.id);
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.apiKeyCredential(stored!.secretHash),
        UpdateExpression: 'SET expiresOn = :past',
        ExpressionAttributeValues: { ':past': '2020-01-01' },
      }),
    );
    const expired = await withKey(listWorkspaces, expiring.secret, 'GET', '/api/v1/workspaces');
    expect(expired.statusCode).toBe(401);
    expect(expired.json).toMatchObject({ error: `${API_KEY_MESSAGES.expired} (2020-01-01)` });

    const unknown = await withKey(
      listWorkspaces,
      `er_${'x'.repeat(43)}`,
      'GET',
      '/api/v1/workspaces',
    );
    expect(unknown.statusCode).toBe(401);
    const notAKey = await withKey(listWorkspaces, 'abc', 'GET', '/api/v1/workspaces');
    expect(notAKey.statusCode).toBe(401);
    expect(notAKey.json).toMatchObject({ error: API_KEY_MESSAGES.malformedHeader });
  });

  it('takes the key as CloudFront forwards it (its Authorization copied to another header)', async () => {
    const { secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    const response = await invoke(
      listWorkspaces,
      apiGatewayEvent({
        method: 'GET',
        path: '/api/v1/workspaces',
        headers: { [FORWARDED_AUTHORIZATION_HEADER]: `Bearer ${secret}` },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ total: 1, items: [{ id: workspaceA }] });
  });

  it('still asks a cookie session for the CSRF token', async () => {
    const response = await invoke(
      createToken,
      mutationEvent({
        method: 'POST',
        path: '/api/tokens',
        body: tokenBody(workspaceA),
        cookies: [owner.cookie],
        csrf: 'missing',
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    const keyRequest = await invoke(
      createApiKey,
      mutationEvent({
        method: 'POST',
        path: '/api/account/api-keys',
        body: { name: 'CI', workspace_id: null, access: 'read', expires_at: inDays(30) },
        cookies: [owner.cookie],
        csrf: 'missing',
      }),
    );
    expect(keyRequest.statusCode).toBe(403);
  });

  it("refuses a key beyond the plan's limit, naming it", async () => {
    const free = await givenSignedInUser({ plan: 'free' });
    await givenWorkspace({ ownerId: free.userId, plan: 'free' });
    await givenKey(free, { workspace_id: null, access: 'read' });
    await givenKey(free, { workspace_id: null, access: 'read' });
    const third = await invoke(
      createApiKey,
      routeRequest('POST', '/api/account/api-keys', {
        cookie: free.cookie,
        body: { name: 'Third', workspace_id: null, access: 'read', expires_at: inDays(30) },
      }),
    );
    expect(third.statusCode).toBe(403);
    expect(third.json).toMatchObject({
      error:
        'The Free plan allows 2 API keys per user. Revoke one or upgrade your plan to add more.',
    });
  });

  it('pauses the keys beyond the plan after a downgrade, the oldest kept, until an upgrade', async () => {
    const setPlan = (plan: string) =>
      getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: keys.user(owner.userId),
          UpdateExpression: 'SET #plan = :plan',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan },
        }),
      );
    const created: CreatedKey[] = [];
    for (const name of ['Oldest', 'Middle', 'Newest']) {
      created.push(await givenKey(owner, { workspace_id: null, access: 'read', name }));
    }
    // Created in the same millisecond, they would be ranked by id.
    for (const [index, { key }] of created.entries()) {
      await getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: keys.apiKey(owner.userId, key.id),
          UpdateExpression: 'SET createdAt = :at',
          ExpressionAttributeValues: { ':at': `2025-01-0${index + 1}T00:00:00.000Z` },
        }),
      );
    }
    const statuses = async () =>
      Promise.all(
        created.map(
          async ({ secret }) =>
            (await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces')).statusCode,
        ),
      );
    const pausedFlags = async () =>
      (
        (
          await invoke(
            listApiKeys,
            routeRequest('GET', '/api/account/api-keys', { cookie: owner.cookie }),
          )
        ).json as { items: { name: string; paused: boolean }[] }
      ).items.map(({ name, paused }) => [name, paused]);

    await setPlan('free');
    expect(await statuses()).toEqual([200, 200, 403]);
    const refused = await withKey(listWorkspaces, created[2]!.secret, 'GET', '/api/v1/workspaces');
    expect(refused.json).toMatchObject({ error: API_KEY_MESSAGES.paused(2) });
    expect(await pausedFlags()).toEqual([
      ['Oldest', false],
      ['Middle', false],
      ['Newest', true],
    ]);

    await setPlan('pro');
    expect(await statuses()).toEqual([200, 200, 200]);
    expect((await pausedFlags()).every(([, paused]) => paused === false)).toBe(true);
  });

  it('makes room for a new key by revoking expired ones, audited', async () => {
    const free = await givenSignedInUser({ plan: 'free' });
    await givenWorkspace({ ownerId: free.userId, plan: 'free' });
    const first = await givenKey(free, { workspace_id: null, access: 'read', name: 'Old' });
    await givenKey(free, { workspace_id: null, access: 'read', name: 'Current' });
    const stored = await findApiKeyOfUser(free.userId, first.key.id);
    for (const Key of [
      keys.apiKey(free.userId, first.key.id),
      keys.apiKeyCredential(stored!.secretHash),
    ]) {
      await getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key,
          UpdateExpression: 'SET expiresOn = :past',
          ExpressionAttributeValues: { ':past': '2020-01-01' },
        }),
      );
    }

    await givenKey(free, { workspace_id: null, access: 'read', name: 'New' });

    const listed = await invoke(
      listApiKeys,
      routeRequest('GET', '/api/account/api-keys', { cookie: free.cookie }),
    );
    expect((listed.json as { items: { name: string }[] }).items.map((key) => key.name)).toEqual([
      'Current',
      'New',
    ]);
    const revoked = (await auditItems(keys.user(free.userId).pk)).filter(
      (event) => event.action === AUDIT_ACTIONS.apiKeyRevoked,
    );
    expect(revoked.map((event) => event.metadata)).toEqual([
      expect.objectContaining({ api_key: { id: first.key.id, name: 'Old' }, reason: 'expired' }),
    ]);
  });

  it('refuses an expiry past one year or not after today', async () => {
    for (const expires_at of [inDays(400), inDays(0), 'soon']) {
      const response = await invoke(
        createApiKey,
        routeRequest('POST', '/api/account/api-keys', {
          cookie: owner.cookie,
          body: { name: 'CI', workspace_id: null, access: 'read', expires_at },
        }),
      );
      expect(response.statusCode).toBe(400);
    }
  });

  it('limits each key to its requests a minute (429 with Retry-After)', async () => {
    const { key, secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    const now = new Date();
    for (let hit = 0; hit < API_KEY_REQUESTS_PER_MINUTE; hit += 1) {
      await takeRateLimit(API_KEY_RATE_LIMIT, key.id, now);
    }
    const response = await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers?.['retry-after'])).toBeGreaterThan(0);
    // Another key of the same user is not held back.
    const other = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    const allowed = await withKey(listWorkspaces, other.secret, 'GET', '/api/v1/workspaces');
    expect(allowed.statusCode).toBe(200);
  });

  it('notes its last use at most once a minute', async () => {
    const { key, secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    const first = (await findApiKeyOfUser(owner.userId, key.id))?.lastUsedAt;
    expect(first).toEqual(expect.any(String));
    await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    expect((await findApiKeyOfUser(owner.userId, key.id))?.lastUsedAt).toBe(first);
  });

  it('revokes every key of the user on a password reset', async () => {
    const { secret } = await givenKey(owner, { workspace_id: workspaceA, access: 'read' });
    await givenKey(owner, { workspace_id: null, access: 'read' });
    const token = await createAccountToken({
      purpose: 'reset-password',
      userId: owner.userId,
      email: owner.email,
      lifetimeSeconds: 30 * 60,
      now: new Date(),
    });
    const reset = await invoke(
      resetPassword,
      mutationEvent({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: 'a new long passphrase 42' },
        sourceIp: uniqueIp(),
      }),
    );
    expect(reset.statusCode).toBe(200);
    const response = await withKey(listWorkspaces, secret, 'GET', '/api/v1/workspaces');
    expect(response.statusCode).toBe(401);
    expect(await listApiKeysOfUser(owner.userId)).toEqual([]);
    const profile = await getDocumentClient().send(
      new GetCommand({ TableName: getConfig().tableName, Key: keys.user(owner.userId) }),
    );
    expect(profile.Item?.apiKeyCount).toBe(0);
  });
});
