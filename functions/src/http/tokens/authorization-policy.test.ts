import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ListTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../../test-support/api-gateway-event';
import {
  callerRequest,
  describePolicyTable,
  SIGNED_OUT,
  type PolicyCase,
  type PolicyWorld,
} from '../../../test-support/authorization-policy';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { seedToken } from '../../../test-support/token-seeding';
import {
  givenWorkspace,
  routeRequest,
  type TestUser,
} from '../../../test-support/workspace-fixtures';
import { keys } from '../../data/keys';
import { queryAll } from '../../data/table-operations';
import { workspaceIdOfToken } from '../../domain/token-ids';
import { handler as createToken } from './create-token';
import { handler as deleteToken } from './delete-token';
import { handler as listTokens } from './list-tokens';
import { handler as transferTokens } from './transfer-tokens';
import { handler as updateToken } from './update-token';

const tokenBody = (workspaceId: string) => ({
  name: 'Policy token',
  category: 'key_secret',
  type: 'api_key',
  expiresAt: '2031-06-30',
  workspace_id: workspaceId,
});

const onToken = (
  cookie: string | undefined,
  method: 'PUT' | 'DELETE',
  tokenId: string,
  body?: unknown,
): APIGatewayProxyEventV2 =>
  routeRequest(method, '/api/tokens/{id}', { params: { id: tokenId }, cookie, body });

const transferEvent = (
  cookie: string | undefined,
  targetId: string,
  body: { from_workspace_id: string; token_ids: string[] },
): APIGatewayProxyEventV2 =>
  routeRequest('POST', '/api/v1/workspaces/{id}/transfer-tokens', {
    params: { id: targetId },
    cookie,
    body,
  });

/** A second workspace the caller administers (the owner's, for anonymous callers). */
const callersOtherWorkspace = (world: PolicyWorld) =>
  givenWorkspace({ ownerId: (world.caller ?? world.owner).userId, plan: 'team' });

/**
 * Members read; admins and workspace managers write; a frozen workspace is read-only (403
 * WORKSPACE_FROZEN); non-members get 404 so workspace and token ids cannot be probed.
 */
export const tokenPolicyCases: readonly PolicyCase[] = [
  {
    route: 'GET /api/tokens?workspace_id',
    handler: listTokens,
    request: (world) =>
      callerRequest(world, 'GET', '/api/tokens', {
        query: `workspace_id=${world.workspaceId}&category[]=key_secret&q=policy`,
      }),
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 200,
      workspaceManager: 200,
      admin: 200,
      frozen: 200,
    },
  },
  {
    route: 'POST /api/tokens',
    handler: createToken,
    request: (world) =>
      callerRequest(world, 'POST', '/api/tokens', { body: tokenBody(world.workspaceId) }),
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 201,
      admin: 201,
      frozen: 403,
    },
  },
  {
    route: 'PUT /api/tokens/{id}',
    handler: updateToken,
    request: async (world) => {
      const token = await seedToken(world.workspaceId, { name: 'Before' });
      return onToken(world.cookie, 'PUT', token.id, {
        name: 'After',
        type: token.type,
        category: token.category,
        expiresAt: '2032-01-31',
      });
    },
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      frozen: 403,
    },
  },
  {
    route: 'DELETE /api/tokens/{id}',
    handler: deleteToken,
    request: async (world) =>
      onToken(world.cookie, 'DELETE', (await seedToken(world.workspaceId)).id),
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      frozen: 403,
    },
  },
  {
    route: 'POST /api/v1/workspaces/{id}/transfer-tokens (into {id})',
    handler: transferTokens,
    request: async (world) => {
      const source = await callersOtherWorkspace(world);
      const token = await seedToken(source);
      return transferEvent(world.cookie, world.workspaceId, {
        from_workspace_id: source,
        token_ids: [token.id],
      });
    },
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      frozen: 403,
    },
  },
  {
    route: 'POST /api/v1/workspaces/{id}/transfer-tokens (out of the workspace)',
    handler: transferTokens,
    request: async (world) => {
      const token = await seedToken(world.workspaceId);
      const target = await callersOtherWorkspace(world);
      return transferEvent(world.cookie, target, {
        from_workspace_id: world.workspaceId,
        token_ids: [token.id],
      });
    },
    // Moving tokens out of a frozen workspace is how it is emptied, so it is allowed.
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      frozen: 200,
    },
  },
];

describePolicyTable('authorization policy: tokens and token transfer', tokenPolicyCases);

/** Every item of a workspace's partition: the workspace with its counters, members, tokens, audit. */
const partitionOf = (workspaceId: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk },
    ConsistentRead: true,
  });

describe('authorization policy: no token route reaches another workspace', () => {
  let caller: TestUser;
  let workspaceA: string;
  let secondWorkspaceOfCaller: string;
  let tokenA: Token;
  let workspaceB: string;
  let tokenB: Token;

  beforeAll(async () => {
    const [userA, userB] = await Promise.all([
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
    ]);
    caller = userA;
    workspaceA = await givenWorkspace({ ownerId: userA.userId, plan: 'team' });
    secondWorkspaceOfCaller = await givenWorkspace({ ownerId: userA.userId, plan: 'team' });
    tokenA = await seedToken(workspaceA, { category: 'cert', section: 'ops' });
    // The caller administers A and a second workspace; neither gives anything in B.
    workspaceB = await givenWorkspace({ ownerId: userB.userId, plan: 'team' });
    tokenB = await seedToken(workspaceB, { category: 'cert', section: 'ops', name: 'B secret' });
  });

  const uuidOf = (tokenId: string) => tokenId.slice(workspaceIdOfToken(tokenId)!.length + 1);

  const attacks: ReadonlyArray<{
    name: string;
    handler: PolicyCase['handler'];
    request: () => APIGatewayProxyEventV2;
  }> = [
    {
      name: 'GET /api/tokens?workspace_id=B',
      handler: listTokens,
      request: () =>
        routeRequest('GET', '/api/tokens', {
          query: `workspace_id=${workspaceB}`,
          cookie: caller.cookie,
        }),
    },
    {
      name: 'POST /api/tokens into B',
      handler: createToken,
      request: () =>
        routeRequest('POST', '/api/tokens', { body: tokenBody(workspaceB), cookie: caller.cookie }),
    },
    {
      name: "PUT /api/tokens/{B's token}",
      handler: updateToken,
      request: () =>
        onToken(caller.cookie, 'PUT', tokenB.id, {
          name: 'Taken over',
          type: tokenB.type,
          category: tokenB.category,
          expiresAt: '2033-01-01',
        }),
    },
    {
      name: "DELETE /api/tokens/{B's token}",
      handler: deleteToken,
      request: () => onToken(caller.cookie, 'DELETE', tokenB.id),
    },
    {
      name: "DELETE /api/tokens/{A's id with B's token uuid}",
      handler: deleteToken,
      request: () => onToken(caller.cookie, 'DELETE', `${workspaceA}.${uuidOf(tokenB.id)}`),
    },
    {
      name: 'POST transfer-tokens from B into A',
      handler: transferTokens,
      request: () =>
        transferEvent(caller.cookie, workspaceA, {
          from_workspace_id: workspaceB,
          token_ids: [tokenB.id],
        }),
    },
    {
      name: 'POST transfer-tokens from A into B',
      handler: transferTokens,
      request: () =>
        transferEvent(caller.cookie, workspaceB, {
          from_workspace_id: workspaceA,
          token_ids: [tokenA.id],
        }),
    },
    {
      name: "POST transfer-tokens from A (caller's) with B's token id",
      handler: transferTokens,
      request: () =>
        transferEvent(caller.cookie, secondWorkspaceOfCaller, {
          from_workspace_id: workspaceA,
          token_ids: [tokenB.id],
        }),
    },
  ];

  it.each(attacks)(
    '$name by the admin of A answers 404 and leaves A and B unchanged',
    async ({ handler, request }) => {
      const before = await Promise.all([partitionOf(workspaceA), partitionOf(workspaceB)]);
      const response = await invoke(handler, request());
      expect({ status: response.statusCode, body: response.json }).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
      expect(await Promise.all([partitionOf(workspaceA), partitionOf(workspaceB)])).toEqual(before);
    },
  );

  it("lists only A's tokens and counts only A's tokens in A's facets", async () => {
    const response = await invoke(
      listTokens,
      routeRequest('GET', '/api/tokens', {
        query: `workspace_id=${workspaceA}&q=secret`,
        cookie: caller.cookie,
      }),
    );
    expect(response.statusCode).toBe(200);
    const searched = response.json as ListTokensResponse;
    expect(searched.items).toEqual([]);
    const all = (
      await invoke(
        listTokens,
        routeRequest('GET', '/api/tokens', {
          query: `workspace_id=${workspaceA}`,
          cookie: caller.cookie,
        }),
      )
    ).json as ListTokensResponse;
    expect(all.items.map((token) => token.id)).toEqual([tokenA.id]);
    expect(all.total).toBe(1);
    expect(all.facets.category.cert).toBe(1);
    expect(all.facets.section).toEqual([{ section: 'ops', count: 1 }]);
  });
});
