import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ListTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  givenMember,
  givenToken,
  givenWorkspace,
  listRequest,
  transferRequest,
} from '../../../test-support/token-fixtures';
import { givenContactGroups } from '../../../test-support/alert-settings-fixtures';
import { OK_CHECK, takeCheckMessages } from '../../../test-support/endpoint-check-fixtures';
import { writeEndpointCheck } from '../../data/endpoint-records';
import { keys } from '../../data/keys';
import { findToken } from '../../data/token-records';
import { runEndpointDispatch } from '../../jobs/endpoint-dispatch';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { TokenConditionError } from '../../data/token-records';
import { auditEventView } from '../../services/audit/audit-event-view';
import { transferTokens } from '../../data/token-mutations';
import { membershipItem } from '../../data/workspace-records';
import { getDocumentClient, getSqsClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';

async function joinAs(workspaceId: string, userId: string, role: Role) {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: membershipItem({ workspaceId, userId, role, now: new Date() }),
    }),
  );
}

/** A source and a target workspace; the source's owner is `targetRole` in the target. */
async function givenTwoWorkspaces(
  options: { targetRole?: Role; sourceFrozen?: boolean; targetPlan?: Plan } = {},
) {
  const source = await givenWorkspace();
  const target = await givenWorkspace({ plan: options.targetPlan ?? 'team' });
  await joinAs(target.workspaceId, source.owner.userId, options.targetRole ?? 'admin');
  const user = source.owner;
  await givenContactGroups(source.workspaceId, ['g1']);
  const tokens = [
    await givenToken(user.cookie, source.workspaceId, { section: 'ops', contact_group_id: 'g1' }),
    await givenToken(user.cookie, source.workspaceId, { category: 'cert', type: 'ssl_cert' }),
    await givenToken(user.cookie, source.workspaceId),
  ];
  if (options.sourceFrozen) {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: { ...(await workspaceItemOf(source.workspaceId)), isFrozen: true },
      }),
    );
  }
  return { source, target, user, tokens };
}

async function workspaceItemOf(workspaceId: string) {
  const { Items } = await getDocumentClient().send(
    new QueryCommand({
      TableName: getConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':sk': 'WORKSPACE' },
    }),
  );
  return Items![0]!;
}

async function listOf(cookie: string, workspaceId: string) {
  return (await listRequest(cookie, `workspace_id=${workspaceId}&sort=name_asc`))
    .json as ListTokensResponse;
}

describe('POST /api/v1/workspaces/{id}/transfer-tokens', () => {
  it('moves tokens with their counters, new ids and no contact group', async () => {
    const { source, target, user, tokens } = await givenTwoWorkspaces();
    const moving = [tokens[0]!, tokens[1]!];
    const response = await transferRequest(user.cookie, target.workspaceId, {
      from_workspace_id: source.workspaceId,
      token_ids: [moving[0]!.id, moving[1]!.id, moving[0]!.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ transferred: 2 });
    const left = await listOf(user.cookie, source.workspaceId);
    expect(left.items.map((token) => token.id)).toEqual([tokens[2]!.id]);
    expect(left.facets.category).toEqual({ cert: 0, key_secret: 1, license: 0, general: 0 });
    const arrived = await listOf(user.cookie, target.workspaceId);
    expect(arrived.total).toBe(2);
    expect(arrived.facets.section).toEqual([
      { section: 'ops', count: 1 },
      { section: null, count: 1 },
    ]);
    for (const token of arrived.items) {
      const original = moving.find((candidate) => candidate.name === token.name)!;
      expect(token).toEqual({
        ...original,
        id: expect.stringMatching(new RegExp(`^${target.workspaceId}\\.`)) as unknown,
        workspace_id: target.workspaceId,
        contact_group_id: null,
        updated_at: expect.any(String) as unknown,
      });
    }
    // Both trails name the workspaces and the tokens; the target is the receiving workspace.
    for (const workspaceId of [source.workspaceId, target.workspaceId]) {
      const [event] = await listWorkspaceAuditEvents(workspaceId, { count: 1, now: new Date() });
      expect(auditEventView(event!)).toMatchObject({
        action: 'tokens.transferred',
        target_type: 'workspace',
        target_id: target.workspaceId,
        target_name: 'Platform',
        metadata: {
          from_workspace_name: 'Platform',
          to_workspace_name: 'Platform',
          tokens: expect.arrayContaining([
            expect.objectContaining({ name: moving[0]!.name }),
            expect.objectContaining({ name: moving[1]!.name }),
          ]) as unknown,
        },
      });
    }
  });

  it('moves tokens out of a frozen workspace', async () => {
    const { source, target, user, tokens } = await givenTwoWorkspaces({ sourceFrozen: true });
    const response = await transferRequest(user.cookie, target.workspaceId, {
      from_workspace_id: source.workspaceId,
      token_ids: tokens.map((token) => token.id),
    });
    expect(response.json).toEqual({ transferred: 3 });
    expect((await listOf(user.cookie, source.workspaceId)).total).toBe(0);
  });

  it('refuses a frozen target, viewers on either side and non-members', async () => {
    const frozenTarget = await givenTwoWorkspaces();
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: { ...(await workspaceItemOf(frozenTarget.target.workspaceId)), isFrozen: true },
      }),
    );
    const body = (setup: Awaited<ReturnType<typeof givenTwoWorkspaces>>) => ({
      from_workspace_id: setup.source.workspaceId,
      token_ids: [setup.tokens[0]!.id],
    });
    const frozen = await transferRequest(
      frozenTarget.user.cookie,
      frozenTarget.target.workspaceId,
      body(frozenTarget),
    );
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });

    const viewerInTarget = await givenTwoWorkspaces({ targetRole: 'viewer' });
    expect(
      (
        await transferRequest(
          viewerInTarget.user.cookie,
          viewerInTarget.target.workspaceId,
          body(viewerInTarget),
        )
      ).statusCode,
    ).toBe(403);

    const setup = await givenTwoWorkspaces();
    const sourceViewer = await givenMember(setup.source.workspaceId, 'viewer');
    await joinAs(setup.target.workspaceId, sourceViewer.userId, 'admin');
    expect(
      (await transferRequest(sourceViewer.cookie, setup.target.workspaceId, body(setup)))
        .statusCode,
    ).toBe(403);
    const outsider = await givenMember(setup.target.workspaceId, 'admin');
    expect(
      (await transferRequest(outsider.cookie, setup.target.workspaceId, body(setup))).statusCode,
    ).toBe(404);
    expect((await listOf(setup.user.cookie, setup.source.workspaceId)).total).toBe(3);
  });

  it('holds the target plan limit, moving nothing', async () => {
    const { source, target, user, tokens } = await givenTwoWorkspaces({ targetPlan: 'free' });
    await Promise.all(
      Array.from({ length: 48 }, () => givenToken(target.owner.cookie, target.workspaceId)),
    );
    const response = await transferRequest(user.cookie, target.workspaceId, {
      from_workspace_id: source.workspaceId,
      token_ids: tokens.map((token) => token.id),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json).toMatchObject({ code: 'PLAN_LIMIT' });
    expect((await listOf(user.cookie, source.workspaceId)).total).toBe(3);
    expect((await listOf(user.cookie, target.workspaceId)).total).toBe(48);
    const fits = await transferRequest(user.cookie, target.workspaceId, {
      from_workspace_id: source.workspaceId,
      token_ids: [tokens[0]!.id, tokens[1]!.id],
    });
    expect(fits.json).toEqual({ transferred: 2 });
  }, 60_000);

  it("checks moved endpoints never checked at once, within the target plan's limit", async () => {
    const { source, target, user } = await givenTwoWorkspaces({ targetPlan: 'free' });
    const hosts = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({ host: `${prefix}${index}.example.com` }));
    const certificate = (endpoints: object[]) =>
      givenToken(user.cookie, source.workspaceId, {
        category: 'cert',
        type: 'ssl_cert',
        endpoints,
      });
    const checked = await certificate(hosts('old', 1));
    await writeEndpointCheck(
      keys.token(source.workspaceId, checked.id),
      0,
      checked.endpoints![0]!,
      OK_CHECK,
    );
    const unchecked = await certificate(hosts('new', 6));
    await takeCheckMessages();
    const response = await transferRequest(user.cookie, target.workspaceId, {
      from_workspace_id: source.workspaceId,
      token_ids: [checked.id, unchecked.id],
    });
    expect(response.json).toEqual({ transferred: 2 });
    const moved = (await listOf(user.cookie, target.workspaceId)).items.find(
      ({ name }) => name === unchecked.name,
    )!;
    // Free monitors 5: the checked certificate's 1 (the older), then 4 of the moved ones'.
    expect(await takeCheckMessages()).toEqual(
      hosts('new', 4).map(({ host }) => ({
        workspaceId: target.workspaceId,
        tokenId: moved.id,
        host,
        port: 443,
        sni: null,
      })),
    );
    const stored = await findToken(target.workspaceId, moved.id);
    expect(stored?.endpoints?.map((endpoint) => Boolean(endpoint.paused_since))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    const dispatched: string[] = [];
    await runEndpointDispatch(new Date(), {
      enqueue: (batch) => (
        dispatched.push(...batch.map(({ tokenId }) => tokenId)),
        Promise.resolve([])
      ),
    });
    expect(dispatched).not.toContain(moved.id);
  });

  it('moves the tokens when the endpoint check queue takes nothing', async () => {
    const { source, target, user } = await givenTwoWorkspaces();
    const certificate = await givenToken(user.cookie, source.workspaceId, {
      category: 'cert',
      type: 'ssl_cert',
      endpoints: [{ host: 'shop.example.com' }],
    });
    const send = jest
      .spyOn(getSqsClient(), 'send')
      .mockRejectedValue(new Error('Queue unavailable') as never);
    let response;
    try {
      response = await transferRequest(user.cookie, target.workspaceId, {
        from_workspace_id: source.workspaceId,
        token_ids: [certificate.id],
      });
    } finally {
      send.mockRestore();
    }
    expect(response.json).toEqual({ transferred: 1 });
    expect((await listOf(user.cookie, target.workspaceId)).total).toBe(1);
  });

  it('moves nothing when one token is unknown or from another workspace', async () => {
    const { source, target, user, tokens } = await givenTwoWorkspaces();
    const other = await givenWorkspace();
    const foreign = await givenToken(other.owner.cookie, other.workspaceId);
    for (const stray of [`${source.workspaceId}.gone`, foreign.id, 'bogus']) {
      const response = await transferRequest(user.cookie, target.workspaceId, {
        from_workspace_id: source.workspaceId,
        token_ids: [tokens[0]!.id, stray],
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await listOf(user.cookie, source.workspaceId)).total).toBe(3);
    expect((await listOf(user.cookie, target.workspaceId)).total).toBe(0);
  });

  it('answers 400 to a source workspace id longer than any id, moving nothing', async () => {
    const { source, target, user, tokens } = await givenTwoWorkspaces();
    for (const fromWorkspaceId of ['x'.repeat(2_100), 'é'.repeat(210_000)]) {
      const response = await transferRequest(user.cookie, target.workspaceId, {
        from_workspace_id: fromWorkspaceId,
        token_ids: [tokens[0]!.id],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'Workspace id must be 200 characters or less',
      });
    }
    expect((await listOf(user.cookie, source.workspaceId)).total).toBe(3);
    expect((await listOf(user.cookie, target.workspaceId)).total).toBe(0);
  });

  it('is one transaction: a token changed meanwhile cancels the whole move', async () => {
    const { source, target, user, tokens } = await givenTwoWorkspaces();
    const stale: Token = { ...tokens[1]!, updated_at: '2000-01-01T00:00:00.000Z' };
    await expect(
      transferTokens({
        tokens: [tokens[0]!, stale],
        sourceWorkspaceId: source.workspaceId,
        targetWorkspaceId: target.workspaceId,
        targetTokenLimit: null,
        now: new Date(),
      }),
    ).rejects.toBeInstanceOf(TokenConditionError);
    expect((await listOf(user.cookie, source.workspaceId)).total).toBe(3);
    expect((await listOf(user.cookie, target.workspaceId)).total).toBe(0);
  });

  it('moves up to 48 tokens in one transaction', async () => {
    const source = await givenWorkspace();
    const target = await givenWorkspace();
    await joinAs(target.workspaceId, source.owner.userId, 'workspace_manager');
    const tokens = await Promise.all(
      Array.from({ length: 48 }, (_, index) =>
        givenToken(source.owner.cookie, source.workspaceId, { section: `s${index % 5}` }),
      ),
    );
    const response = await transferRequest(source.owner.cookie, target.workspaceId, {
      from_workspace_id: source.workspaceId,
      token_ids: tokens.map((token) => token.id),
    });
    expect(response.json).toEqual({ transferred: 48 });
    expect((await listOf(source.owner.cookie, target.workspaceId)).total).toBe(48);
    const emptied = await workspaceItemOf(source.workspaceId);
    expect(Object.keys(emptied).filter((name) => name.startsWith('tc#'))).toEqual([]);
  }, 60_000);

  it.each<[{ from_workspace_id?: string; token_ids?: string[] }, string]>([
    [{ token_ids: ['x'] }, 'Source workspace is required'],
    [{ from_workspace_id: 'other', token_ids: [] }, 'Select at least one token'],
    [{ from_workspace_id: 'other' }, 'Select at least one token'],
    [
      { from_workspace_id: 'other', token_ids: Array.from({ length: 50 }, (_, i) => `t${i}`) },
      'Transfer at most 48 tokens at a time, so that each transfer is all or nothing',
    ],
    [
      { from_workspace_id: 'SAME', token_ids: ['x'] },
      'Choose a different workspace to transfer tokens from',
    ],
  ])('answers 400 to body case %#', async (body, message) => {
    const { workspaceId, owner } = await givenWorkspace();
    const sent = {
      ...body,
      ...(body.from_workspace_id === 'SAME' ? { from_workspace_id: workspaceId } : {}),
    };
    const response = await transferRequest(owner.cookie, workspaceId, sent);
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
  });
});
