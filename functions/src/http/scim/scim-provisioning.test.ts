/**
 * SCIM provisioning against DynamoDB Local, with the request sequences Microsoft Entra ID and
 * Okta send (their SCIM provisioning guides): look-up by filter, create, group with members,
 * member add and remove, a group replaced by PUT, deactivation (Entra's "False", Okta's PUT and
 * path-less PATCH), delete; and the refusals in SCIM's error shape.
 */
import { randomUUID } from 'node:crypto';
import { defaultApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { uniqueIp } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { givenWorkspace, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { auditEventCodec } from '../../data/entities/audit-event';
import { AUDIT_SORT_PREFIX } from '../../data/keys';
import { findMember } from '../../data/member-records';
import { addOrganizationDomain, markDomainVerified } from '../../data/organization-sign-in-records';
import { lockRateLimit } from '../../data/rate-limiter';
import { createSession } from '../../data/session-records';
import { queryAll } from '../../data/table-operations';
import { findUserById } from '../../data/user-records';
import { SCIM_RATE_LIMITS } from '../../domain/scim-rate-limits';
import { endAccess } from '../../services/scim/scim-workspace-access';
import type { SsoConnectionRecord } from '../../data/organization-sign-in-records';
import {
  SSO_DEACTIVATED_REDIRECT,
  ssoSignInAccount,
} from '../../services/organizations/sso-sign-in';
import { handler as createApiKey } from '../api-keys/create-api-key';
import { handler as createScimToken } from '../organization/create-scim-token';
import { handler as getScimSettings } from '../organization/get-scim-settings';
import { handler as mapScimGroup } from '../organization/map-scim-group';
import { handler as revokeScimToken } from '../organization/revoke-scim-token';
import { handler as getOrganizationUsage } from '../organization/get-organization-usage';
import { handler as listWorkspaces } from '../workspaces/list-workspaces';
import { handler as createGroup } from './create-group';
import { handler as createUser } from './create-user';
import { handler as deleteUser } from './delete-user';
import { handler as getGroup } from './get-group';
import { handler as basePath } from './base-path';
import { handler as getUser } from './get-user';
import { handler as listGroups } from './list-groups';
import { handler as listUsers } from './list-users';
import { handler as patchGroup } from './patch-group';
import { handler as patchUser } from './patch-user';
import { handler as replaceGroup } from './replace-group';
import { handler as replaceUser } from './replace-user';
import { handler as serviceProviderConfig } from './service-provider-config';
import { handler as unknownPath } from './unknown-path';

type Handler = Parameters<typeof invoke>[0];
/** What the tests read of SCIM's answers (resources, lists and errors). */
interface ScimBody {
  id: string;
  userName: string;
  externalId: string;
  displayName: string;
  active: boolean;
  members: { value: string }[];
  meta: { location: string; created: string };
  patch: { supported: boolean };
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: { id: string }[];
  schemas: string[];
  status: string;
  scimType: string;
}

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A Team owner with a workspace, a verified domain and a SCIM token made on the page. */
async function givenOrganization() {
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, name: 'Engineering' });
  const domain = `scim-${randomUUID().slice(0, 8)}.example`;
  const now = new Date();
  await addOrganizationDomain({
    organizationId: owner.userId,
    domain,
    token: 'test',
    addedAt: now.toISOString(),
    verifiedAt: null,
    lastCheckError: null,
  });
  expect(await markDomainVerified(owner.userId, domain, now, null)).toBe('verified');
  const made = await invoke(
    createScimToken,
    routeRequest('POST', '/api/organization/scim/token', { cookie: owner.cookie }),
  );
  expect(made.statusCode).toBe(201);
  const { token } = made.json as { token: string };
  return { owner, workspaceId, domain, token };
}

/** A SCIM request as an identity provider sends it. */
async function scim(
  handler: Handler,
  token: string,
  method: string,
  path: string,
  options: { body?: unknown; query?: string; id?: string; ip?: string } = {},
) {
  const event = apiGatewayEvent({
    method,
    path: `/scim/v2${path}`,
    query: options.query,
    pathParameters: options.id ? { id: options.id } : undefined,
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    body: options.body,
  });
  if (options.ip) event.requestContext.http.sourceIp = options.ip;
  const response = await invoke(handler, event);
  return {
    status: response.statusCode,
    headers: response.headers ?? {},
    body: (response.body ? JSON.parse(response.body) : {}) as ScimBody,
  };
}

const filterQuery = (filter: string) => `filter=${encodeURIComponent(filter)}`;

async function ownerEvents(ownerId: string, action: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${ownerId}`, ':prefix': AUDIT_SORT_PREFIX },
  });
  return items.map((item) => auditEventCodec.fromItem(item)).filter((e) => e.action === action);
}

/** The user signed in (a browser session) with an API key of their own. */
async function givenSignedInWithKey(userId: string) {
  const { sessionId } = await createSession(
    userId,
    { method: 'password', secondFactor: false, device: 'Firefox on Linux' },
    new Date(),
  );
  const cookie = `er_session=${sessionId}`;
  const created = await invoke(
    createApiKey,
    routeRequest('POST', '/api/account/api-keys', {
      cookie,
      body: {
        name: 'CI',
        workspace_id: null,
        access: 'read',
        expires_at: defaultApiKeyExpiry(new Date()),
      },
    }),
  );
  expect(created.statusCode).toBe(201);
  return { cookie, secret: (created.json as { secret: string }).secret };
}

const withSession = (cookie: string) =>
  invoke(listWorkspaces, routeRequest('GET', '/api/v1/workspaces', { cookie }));
const withApiKey = (secret: string) =>
  invoke(
    listWorkspaces,
    apiGatewayEvent({
      method: 'GET',
      path: '/api/v1/workspaces',
      headers: { authorization: `Bearer ${secret}` },
    }),
  );

describe('SCIM provisioning as Microsoft Entra ID sends it', () => {
  it('creates, groups, maps, moves members, deactivates with "False" and deletes', async () => {
    const { owner, workspaceId, domain, token } = await givenOrganization();
    const userName = `alice@${domain}`;

    const config = await scim(serviceProviderConfig, token, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers['content-type']).toContain('application/scim+json');
    expect(config.body.patch).toEqual({ supported: true });

    // Entra ID looks the person up before creating them.
    const lookup = await scim(listUsers, token, 'GET', '/Users', {
      query: filterQuery(`userName eq "${userName}"`),
    });
    expect(lookup.body).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(createUser, token, 'POST', '/Users', {
      body: {
        schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'alice',
        userName,
        active: true,
        displayName: 'Alice Example',
        emails: [{ primary: true, type: 'work', value: userName }],
        name: { formatted: 'Alice Example', familyName: 'Example', givenName: 'Alice' },
        roles: [],
      },
    });
    expect(created.status).toBe(201);
    const userId = created.body.id;
    expect(created.headers.location).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({ userName, active: true, externalId: 'alice' });

    const found = await scim(listUsers, token, 'GET', '/Users', {
      query: filterQuery(`userName eq "${userName.toUpperCase()}"`),
    });
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id: userId }] });
    const byExternalId = await scim(listUsers, token, 'GET', '/Users', {
      query: filterQuery('externalId eq "alice"'),
    });
    expect(byExternalId.body.totalResults).toBe(1);

    // A second create of the same person is refused as a conflict.
    const again = await scim(createUser, token, 'POST', '/Users', {
      body: { schemas: [USER_SCHEMA], userName, active: true },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      schemas: [ERROR_SCHEMA],
      status: '409',
      scimType: 'uniqueness',
    });

    // Entra ID's group sync: look-up, create with members.
    const groupLookup = await scim(listGroups, token, 'GET', '/Groups', {
      query: `${filterQuery('displayName eq "Radar Viewers"')}&excludedAttributes=members`,
    });
    expect(groupLookup.body.totalResults).toBe(0);
    const group = await scim(createGroup, token, 'POST', '/Groups', {
      body: {
        schemas: [GROUP_SCHEMA],
        externalId: 'grp-1',
        displayName: 'Radar Viewers',
        members: [{ value: userId }],
      },
    });
    expect(group.status).toBe(201);
    const groupId = group.body.id;

    // The owner maps the group on the organization page: the member joins at once.
    const mapped = await invoke(
      mapScimGroup,
      routeRequest('PUT', '/api/organization/scim/groups/{id}', {
        cookie: owner.cookie,
        params: { id: groupId },
        body: { workspace_id: workspaceId, role: 'workspace_manager' },
      }),
    );
    expect(mapped.statusCode).toBe(200);
    expect((await findMember(workspaceId, userId))?.role).toBe('workspace_manager');

    const removeMember = {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: userId }] }],
    };
    expect(
      (
        await scim(patchGroup, token, 'PATCH', `/Groups/${groupId}`, {
          id: groupId,
          body: removeMember,
        })
      ).status,
    ).toBe(200);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    const addMember = {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: userId }] }],
    };
    const added = await scim(patchGroup, token, 'PATCH', `/Groups/${groupId}`, {
      id: groupId,
      body: addMember,
    });
    expect(added.body.members).toEqual([expect.objectContaining({ value: userId })]);
    expect((await findMember(workspaceId, userId))?.role).toBe('workspace_manager');

    // Signed in, with an API key: both work until the deactivation.
    const { cookie, secret } = await givenSignedInWithKey(userId);
    expect((await withSession(cookie)).statusCode).toBe(200);
    expect((await withApiKey(secret)).statusCode).toBe(200);

    const deactivated = await scim(patchUser, token, 'PATCH', `/Users/${userId}`, {
      id: userId,
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      },
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    // The very next request with each answers 401.
    expect((await withSession(cookie)).statusCode).toBe(401);
    expect((await withApiKey(secret)).statusCode).toBe(401);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    const [event] = await ownerEvents(owner.userId, 'scim.user_deactivated');
    expect(event?.metadata).toMatchObject({
      sessionsEnded: 1,
      apiKeysDeleted: 1,
      workspacesLeft: [workspaceId],
    });

    // The provider's next sign-in of the person is refused, whatever it answers.
    const connection: SsoConnectionRecord = {
      organizationId: owner.userId,
      protocol: 'oidc',
      issuer: 'https://idp.example',
      defaultWorkspaceId: workspaceId,
      defaultRole: 'viewer',
      requireSso: false,
      updatedAt: new Date().toISOString(),
    };
    const signIn = () =>
      ssoSignInAccount({
        connection,
        identity: { subject: 'alice-subject', email: userName, name: 'Alice' },
        requestedEmail: userName,
        now: new Date(),
        ip: '127.0.0.1',
      });
    expect(await signIn()).toEqual({ kind: 'refused', redirectTo: SSO_DEACTIVATED_REDIRECT });

    // Reactivated, the mapped group gives the workspace back.
    await scim(patchUser, token, 'PATCH', `/Users/${userId}`, {
      id: userId,
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
      },
    });
    expect((await findMember(workspaceId, userId))?.role).toBe('workspace_manager');
    expect(await signIn()).toMatchObject({ kind: 'account', user: { id: userId } });

    expect(
      (await scim(deleteUser, token, 'DELETE', `/Users/${userId}`, { id: userId })).status,
    ).toBe(204);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    expect((await scim(getUser, token, 'GET', `/Users/${userId}`, { id: userId })).status).toBe(
      404,
    );
    const members = await scim(getGroup, token, 'GET', `/Groups/${groupId}`, { id: groupId });
    expect(members.body.members).toEqual([]);
    expect(await ownerEvents(owner.userId, 'scim.user_created')).toHaveLength(1);
    expect(await ownerEvents(owner.userId, 'scim.user_deleted')).toHaveLength(1);
  });
});

describe('SCIM provisioning as Okta sends it', () => {
  it('deactivates with PUT and with a path-less PATCH, removes a member by its value path', async () => {
    const { owner, workspaceId, domain, token } = await givenOrganization();
    const provision = async (login: string) => {
      const response = await scim(createUser, token, 'POST', '/Users', {
        body: {
          schemas: [USER_SCHEMA],
          userName: `${login}@${domain}`,
          name: { givenName: login, familyName: 'Okta' },
          emails: [{ primary: true, value: `${login}@${domain}`, type: 'work' }],
          displayName: `${login} Okta`,
          locale: 'en-US',
          externalId: `00u${login}`,
          groups: [],
          password: 'ignored-by-the-service',
          active: true,
        },
      });
      expect(response.status).toBe(201);
      return response.body;
    };
    const bob = await provision('bob');
    const carol = await provision('carol');

    const page = await scim(listUsers, token, 'GET', '/Users', { query: 'startIndex=2&count=1' });
    expect(page.body).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });

    const group = await scim(createGroup, token, 'POST', '/Groups', {
      body: { schemas: [GROUP_SCHEMA], displayName: 'Okta Team', members: [] },
    });
    const groupId = group.body.id;
    await scim(patchGroup, token, 'PATCH', `/Groups/${groupId}`, {
      id: groupId,
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: 'replace', value: { id: groupId, displayName: 'Okta Viewers' } },
          {
            op: 'add',
            path: 'members',
            value: [{ value: bob.id, display: bob.userName }, { value: carol.id }],
          },
        ],
      },
    });
    const removed = await scim(patchGroup, token, 'PATCH', `/Groups/${groupId}`, {
      id: groupId,
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'remove', path: `members[value eq "${carol.id}"]` }],
      },
    });
    expect(removed.body).toMatchObject({
      displayName: 'Okta Viewers',
      members: [expect.objectContaining({ value: bob.id })],
    });

    await invoke(
      mapScimGroup,
      routeRequest('PUT', '/api/organization/scim/groups/{id}', {
        cookie: owner.cookie,
        params: { id: groupId },
        body: { workspace_id: workspaceId, role: 'viewer' },
      }),
    );
    expect((await findMember(workspaceId, bob.id))?.role).toBe('viewer');
    expect(await findMember(workspaceId, carol.id)).toBeUndefined();
    // The Usage page's seats: the owner and Bob, of whom Bob came through SCIM.
    const usage = await invoke(
      getOrganizationUsage,
      routeRequest('GET', '/api/organization/usage', { cookie: owner.cookie }),
    );
    expect((usage.json as { usage: unknown }).usage).toMatchObject({
      seats: 2,
      provisionedSeats: 1,
    });

    // PUT replaces the group: the read-only id and meta sent are ignored, the members are as sent.
    const putGroup = (body: Record<string, unknown>) =>
      scim(replaceGroup, token, 'PUT', `/Groups/${groupId}`, {
        id: groupId,
        body: { schemas: [GROUP_SCHEMA], displayName: 'Okta Viewers', ...body },
      });
    const kept = await putGroup({
      id: 'another-id',
      meta: { created: '2000-01-01T00:00:00Z' },
      members: [{ value: bob.id, display: bob.userName }],
    });
    expect(kept.body).toMatchObject({
      id: groupId,
      members: [expect.objectContaining({ value: bob.id })],
    });
    expect(kept.body.meta.created).toBe(group.body.meta.created);
    // An attribute left out is cleared: without members the group has none, and Bob loses the
    // workspace it gave him as a PATCH remove would take it, audited alike.
    const emptied = await putGroup({});
    expect(emptied.status).toBe(200);
    expect(emptied.body.members).toEqual([]);
    expect(await findMember(workspaceId, bob.id)).toBeUndefined();
    const groupUpdates = await ownerEvents(owner.userId, 'scim.group_updated');
    expect(groupUpdates.map((event) => event.metadata.membersRemoved)).toContainEqual([bob.id]);
    const workspaceTrail = await listWorkspaceAuditEvents(workspaceId, {
      count: 50,
      now: new Date(),
    });
    expect(
      workspaceTrail
        .filter(({ action, target }) => action === 'member.removed' && target.id === bob.id)
        .map(({ actor, metadata }) => ({ actor: actor.id, reason: metadata.reason })),
    ).toEqual([{ actor: 'scim', reason: 'scim_group' }]);
    expect((await putGroup({ members: [{ value: bob.id }] })).body.members).toHaveLength(1);
    expect((await findMember(workspaceId, bob.id))?.role).toBe('viewer');

    const replaced = await scim(replaceUser, token, 'PUT', `/Users/${bob.id}`, {
      id: bob.id,
      body: {
        ...bob,
        name: { givenName: 'Robert', familyName: 'Okta' },
        displayName: undefined,
        active: false,
      },
    });
    expect(replaced.body).toMatchObject({ active: false, displayName: 'Robert Okta' });
    expect(await findMember(workspaceId, bob.id)).toBeUndefined();

    const pathLess = await scim(patchUser, token, 'PATCH', `/Users/${carol.id}`, {
      id: carol.id,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] },
    });
    expect(pathLess.body.active).toBe(false);
  });
});

describe('SCIM refusals', () => {
  it('answers a wrong token 401 in SCIM shape, audited once per address, 429 over its limits; a malformed filter 400 invalidFilter; an unknown path 404', async () => {
    const { owner, token } = await givenOrganization();
    const wrong = `${token.slice(0, -4)}AAAA`;
    const ip = uniqueIp();
    const refused = await scim(listUsers, wrong, 'GET', '/Users', { ip });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-type']).toContain('application/scim+json');
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
    expect((await scim(listUsers, 'not-a-token', 'GET', '/Users', { ip })).status).toBe(401);
    // Repeated, a wrong token is refused alike but audited once per client address an hour.
    expect((await scim(listUsers, wrong, 'GET', '/Users', { ip })).status).toBe(401);
    const elsewhere = uniqueIp();
    expect((await scim(listUsers, wrong, 'GET', '/Users', { ip: elsewhere })).status).toBe(401);
    const refusalIps = async () =>
      (await ownerEvents(owner.userId, 'scim.request_refused')).map(({ metadata }) => metadata.ip);
    expect((await refusalIps()).sort()).toEqual([ip, elsewhere].sort());

    // Over the limit of its client address, or of the organization it names, a wrong token is
    // answered 429 with Retry-After and not audited; the right token still passes.
    await lockRateLimit(SCIM_RATE_LIMITS.wrongTokenPerIp, ip, new Date());
    const limited = await scim(listUsers, wrong, 'GET', '/Users', { ip });
    expect(limited).toMatchObject({
      status: 429,
      body: { schemas: [ERROR_SCHEMA], status: '429' },
    });
    expect(limited.headers['content-type']).toContain('application/scim+json');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await scim(listUsers, token, 'GET', '/Users', { ip })).status).toBe(200);
    await lockRateLimit(SCIM_RATE_LIMITS.wrongTokenPerOrganization, owner.userId, new Date());
    const fromAnywhere = await scim(listUsers, wrong, 'GET', '/Users', { ip: uniqueIp() });
    expect(fromAnywhere.status).toBe(429);
    expect(await refusalIps()).toHaveLength(2);
    expect((await scim(listUsers, token, 'GET', '/Users', { ip: uniqueIp() })).status).toBe(200);

    for (const filter of [
      'userName co "a"',
      'userName eq',
      'title eq "x"',
      'userName eq "a" or id eq "b"',
    ]) {
      const bad = await scim(listUsers, token, 'GET', '/Users', { query: filterQuery(filter) });
      expect({ filter, status: bad.status, scimType: bad.body.scimType }).toEqual({
        filter,
        status: 400,
        scimType: 'invalidFilter',
      });
    }

    // What no SCIM route takes (ANY /scim/{proxy+}) is refused in SCIM's shape too.
    for (const [method, path] of [
      ['GET', '/Foo'],
      ['PATCH', '/Users/x/y'],
    ]) {
      const unknown = await scim(unknownPath, token, method!, path!);
      expect(unknown).toMatchObject({
        status: 404,
        body: { schemas: [ERROR_SCHEMA], status: '404' },
      });
      expect(unknown.headers['content-type']).toContain('application/scim+json');
    }
    // `/scim/` on its own (API Gateway's `ANY /scim`, where the catch-all does not reach) too.
    const bare = await invoke(
      basePath,
      apiGatewayEvent({ method: 'GET', path: '/scim/', routePath: '/scim' }),
    );
    expect([bare.statusCode, bare.headers?.['content-type']]).toEqual([
      404,
      expect.stringContaining('application/scim+json'),
    ]);
    expect(JSON.parse(bare.body ?? '')).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
    const wrongMethod = await scim(unknownPath, 'not-a-token', 'DELETE', '/Users');
    expect(wrongMethod).toMatchObject({ status: 405, body: { status: '405' } });
    expect(wrongMethod.headers.allow).toBe('GET, POST');

    const outside = await scim(createUser, token, 'POST', '/Users', {
      body: { schemas: [USER_SCHEMA], userName: 'mallory@elsewhere.example' },
    });
    expect(outside.body).toMatchObject({ status: '400', scimType: 'invalidValue' });

    // The owner, provisioned and deactivated by their provider, keeps their access.
    const ownerRecord = (await findUserById(owner.userId))!;
    const kept = await endAccess(
      { organizationId: owner.userId, owner: ownerRecord },
      ownerRecord,
      new Date(),
    );
    expect(kept).toEqual({ sessionsEnded: 0, apiKeysDeleted: 0, workspacesLeft: [] });
    expect((await withSession(owner.cookie)).statusCode).toBe(200);

    // Revoked on the page: the token stops working at once.
    await invoke(
      revokeScimToken,
      routeRequest('DELETE', '/api/organization/scim/token', { cookie: owner.cookie }),
    );
    expect((await scim(listUsers, token, 'GET', '/Users')).status).toBe(401);
    const settings = await invoke(
      getScimSettings,
      routeRequest('GET', '/api/organization/scim', { cookie: owner.cookie }),
    );
    expect(settings.json).toEqual({ token: null, groups: [] });
  });
});
