import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import type { Integration } from '@expiry-radar/shared/api/integration-api-schemas';
import type { IntegrationSyncMessage } from '@expiry-radar/shared/api/integration-sync-message';
import { invoke } from '../../test-support/api-gateway-event';
import { inDays } from '../../test-support/token-fixtures';
import { startVaultStandIn, type VaultStandIn } from '../../test-support/vault-stand-in';
import { givenTeam, routeRequest } from '../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../data/audit-queries';
import { findIntegration } from '../data/integration-records';
import { keys } from '../data/keys';
import { listAllTokens } from '../data/token-records';
import { INTEGRATION_MESSAGES } from '@expiry-radar/shared/api/integration-api-schemas';
import { handler as createIntegration } from '../http/integrations/create-integration';
import { handler as deleteIntegration } from '../http/integrations/delete-integration';
import { handler as listIntegrations } from '../http/integrations/list-integrations';
import { handler as previewIntegrationSync } from '../http/integrations/preview-integration-sync';
import { handler as syncIntegration } from '../http/integrations/sync-integration';
import { handler as updateIntegration } from '../http/integrations/update-integration';
import { lambdaContext } from '../local/lambda-http-adapter';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig, resetConfigForTests } from '../platform/config';
import { runIntegrationSyncDispatch } from './integration-sync-dispatch';
import { handler as worker } from './integration-sync-worker';

const LIST_ROUTE = '/api/v1/workspaces/{id}/integrations';
const HOUR = 60 * 60 * 1000;

let vault: VaultStandIn;
beforeAll(async () => {
  // The stand-in listens on loopback, which outbound calls reach only when allowed (never in production).
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  vault = await startVaultStandIn();
  vault.setSecrets('kv', { 'billing/stripe': { expires_at: inDays(30) } });
});
afterAll(async () => {
  await vault.stop();
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
});

type Team = Awaited<ReturnType<typeof givenTeam>>;

async function givenVaultIntegration(
  team: Team,
  options: { name: string; schedule: 'daily' | 'manual'; enabled: boolean; token?: string },
): Promise<string> {
  const created = await invoke(
    createIntegration,
    routeRequest('POST', LIST_ROUTE, {
      params: { id: team.workspaceId },
      cookie: team.admin.cookie,
      body: {
        kind: 'vault',
        name: options.name,
        schedule: options.schedule,
        enabled: options.enabled,
        settings: { address: vault.address, kv_mounts: ['kv'] },
        credentials: { token: options.token ?? vault.token },
      },
    }),
  );
  expect(created.statusCode).toBe(201);
  return (created.json as Integration).id;
}

async function dispatch(now: Date, workspaceId: string): Promise<string[]> {
  const sent: IntegrationSyncMessage[] = [];
  await runIntegrationSyncDispatch(now, {
    enqueue: (batch) => Promise.resolve(void sent.push(...batch)),
  });
  // The table is shared with other test files: only this workspace's integrations count.
  return sent.filter((m) => m.workspaceId === workspaceId).map((m) => m.integrationId);
}

function sqsEvent(bodies: readonly unknown[]): SQSEvent {
  return {
    Records: bodies.map((body, index) => ({
      messageId: `m${index}`,
      receiptHandle: `r${index}`,
      body: JSON.stringify(body),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:integration-syncs',
      awsRegion: 'us-east-1',
    })),
  };
}

describe('the scheduled integration sync', () => {
  it('dispatches only enabled daily integrations that are due, each once a day', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const daily = await givenVaultIntegration(team, {
      name: 'Daily',
      schedule: 'daily',
      enabled: true,
    });
    await givenVaultIntegration(team, { name: 'Off', schedule: 'daily', enabled: false });
    await givenVaultIntegration(team, { name: 'By hand', schedule: 'manual', enabled: true });
    const turnedOff = await givenVaultIntegration(team, {
      name: 'Turned off',
      schedule: 'daily',
      enabled: true,
    });
    const patched = await invoke(
      updateIntegration,
      routeRequest('PATCH', `${LIST_ROUTE}/{iid}`, {
        params: { id: team.workspaceId, iid: turnedOff },
        cookie: team.admin.cookie,
        body: { schedule: 'manual' },
      }),
    );
    expect(patched.statusCode).toBe(200);

    const now = new Date(Date.now() + 1_000);
    expect(await dispatch(now, team.workspaceId)).toEqual([daily]);
    // Taken: not due again until a day later.
    expect(await dispatch(new Date(now.getTime() + HOUR), team.workspaceId)).toEqual([]);
    expect(await dispatch(new Date(now.getTime() + 23 * HOUR), team.workspaceId)).toEqual([]);
    expect(await dispatch(new Date(now.getTime() + 24 * HOUR), team.workspaceId)).toEqual([daily]);
  });

  it('syncs each message as the system and records a failure without stopping the others', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const good = await givenVaultIntegration(team, {
      name: 'Vault',
      schedule: 'daily',
      enabled: true,
    });
    const refused = await givenVaultIntegration(team, {
      name: 'Vault, old token',
      schedule: 'daily',
      enabled: true,
      token: 'hvs.revoked',
    });
    const broken = await givenVaultIntegration(team, {
      name: 'Vault, broken credentials',
      schedule: 'daily',
      enabled: true,
    });
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.integration(team.workspaceId, broken),
        UpdateExpression: 'SET sealedCredentials = :garbage',
        ExpressionAttributeValues: { ':garbage': 'not-an-envelope' },
      }),
    );
    const messages = await dispatch(new Date(Date.now() + 1_000), team.workspaceId);
    expect([...messages].sort()).toEqual([good, refused, broken].sort());

    const bodies = [
      { workspaceId: team.workspaceId, integrationId: refused },
      { not: 'a sync' },
      { workspaceId: team.workspaceId, integrationId: broken },
      { workspaceId: team.workspaceId, integrationId: good },
    ];
    const response = await worker(
      sqsEvent(bodies),
      lambdaContext('integration-sync-worker', 'test-request'),
    );
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);

    const tokens = (await listAllTokens(team.workspaceId)).map((record) => record.token);
    expect(tokens.map((token) => [token.name, token.source?.integration_id])).toEqual([
      ['billing/stripe', good],
    ]);
    const stored = async (id: string) => (await findIntegration(team.workspaceId, id))?.lastSync;
    expect(await stored(good)).toMatchObject({ created: 1, errors: [] });
    expect((await stored(refused))?.errors).toEqual([
      'Vault refused the token (403): check it is valid, not expired and allowed to look itself up',
    ]);
    expect((await stored(broken))?.errors).toEqual([
      expect.stringMatching(/^The sync could not start: /) as string,
    ]);

    const events = await listWorkspaceAuditEvents(team.workspaceId, { count: 20, now: new Date() });
    const syncs = events.filter((event) => event.action === 'integration.synced');
    expect(syncs).toHaveLength(3);
    expect(syncs.every((event) => event.actor.id === 'system')).toBe(true);
    expect(syncs.every((event) => event.metadata.trigger === 'schedule')).toBe(true);

    // The next day nothing changed at the source and the failures are the same: nothing written.
    const before = await Promise.all([good, refused, broken].map(stored));
    const again = await worker(
      sqsEvent(bodies.filter((body) => 'integrationId' in body)),
      lambdaContext('integration-sync-worker', 'test-request'),
    );
    expect(again.batchItemFailures).toEqual([]);
    expect(await Promise.all([good, refused, broken].map(stored))).toEqual(before);
  });
});

describe('integrations beyond the plan after a downgrade', () => {
  it('pauses the newest beyond the limit: listed as paused, refused by hand, skipped on schedule, resumed when an older one goes', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const ids: string[] = [];
    for (const name of ['Oldest', 'Middle', 'Newest']) {
      ids.push(await givenVaultIntegration(team, { name, schedule: 'daily', enabled: true }));
    }
    const [oldest, middle, newest] = ids as [string, string, string];
    const client = getDocumentClient();
    // Created in the same millisecond, they would be ranked by the order of the table.
    for (const [index, id] of ids.entries()) {
      await client.send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: keys.integration(team.workspaceId, id),
          UpdateExpression: 'SET createdAt = :at',
          ExpressionAttributeValues: { ':at': `2025-01-0${index + 1}T00:00:00.000Z` },
        }),
      );
    }
    // The owner moved to Free: one integration per workspace.
    await client.send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(team.workspaceId),
        UpdateExpression: 'SET #plan = :free',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':free': 'free' },
      }),
    );

    const listed = async () => {
      const response = await invoke(
        listIntegrations,
        routeRequest('GET', LIST_ROUTE, {
          params: { id: team.workspaceId },
          cookie: team.admin.cookie,
        }),
      );
      const items = (response.json as { items: Integration[] }).items;
      return items.map((item) => [item.name, item.paused]);
    };
    expect(await listed()).toEqual([
      ['Oldest', false],
      ['Middle', true],
      ['Newest', true],
    ]);

    for (const handler of [syncIntegration, previewIntegrationSync]) {
      const route = handler === syncIntegration ? 'sync' : 'preview';
      const refused = await invoke(
        handler,
        routeRequest('POST', `${LIST_ROUTE}/{iid}/${route}`, {
          params: { id: team.workspaceId, iid: middle },
          cookie: team.manager.cookie,
        }),
      );
      expect({ route, status: refused.statusCode, body: refused.json }).toEqual({
        route,
        status: 409,
        body: { error: INTEGRATION_MESSAGES.paused(1), code: 'PLAN_LIMIT' },
      });
    }

    const messages = ids.map((integrationId) => ({ workspaceId: team.workspaceId, integrationId }));
    const synced = await worker(
      sqsEvent(messages),
      lambdaContext('integration-sync-worker', 'test-request'),
    );
    expect(synced.batchItemFailures).toEqual([]);
    const lastSyncOf = async (id: string) =>
      (await findIntegration(team.workspaceId, id))?.lastSync ?? null;
    expect(await lastSyncOf(oldest)).toMatchObject({ created: 1 });
    expect(await lastSyncOf(middle)).toBeNull();
    expect(await lastSyncOf(newest)).toBeNull();

    const deleted = await invoke(
      deleteIntegration,
      routeRequest('DELETE', `${LIST_ROUTE}/{iid}`, {
        params: { id: team.workspaceId, iid: oldest },
        cookie: team.admin.cookie,
      }),
    );
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await listed()).toEqual([
      ['Middle', false],
      ['Newest', true],
    ]);
    const resumed = await invoke(
      syncIntegration,
      routeRequest('POST', `${LIST_ROUTE}/{iid}/sync`, {
        params: { id: team.workspaceId, iid: middle },
        cookie: team.manager.cookie,
      }),
    );
    expect(resumed.statusCode).toBe(200);
  });
});
