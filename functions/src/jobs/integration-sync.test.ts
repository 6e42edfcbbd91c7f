import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
import { createIntegrationSyncWorker, handler as worker } from './integration-sync-worker';
import { startAzureStandIn, type AzureStandIn } from '../local/emulators/azure-stand-in';
import { sqsEvent } from '../../test-support/sqs-event';

const LIST_ROUTE = '/api/v1/workspaces/{id}/integrations';
const HOUR = 60 * 60 * 1000;

let vault: VaultStandIn;
let azure: AzureStandIn;
beforeAll(async () => {
  // The stand-in listens on loopback, which outbound calls reach only when allowed (never in production).
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  vault = await startVaultStandIn();
  azure = await startAzureStandIn();
  vault.setSecrets('kv', { 'billing/stripe': { expires_at: inDays(30) } });
});
afterAll(async () => {
  await vault.stop();
  await azure.stop();
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

describe('a scheduled sync of a large account, and one its source fails', () => {
  const day = (days: number) => `${inDays(days)}T08:00:00Z`;
  const VAULTS = ['alpha', 'beta', 'gamma'] as const;

  async function givenAzureIntegration(
    team: Team,
    schedule: 'daily' | 'manual' = 'daily',
  ): Promise<string> {
    const created = await invoke(
      createIntegration,
      routeRequest('POST', LIST_ROUTE, {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
        body: {
          kind: 'azure',
          name: 'Azure, three vaults',
          schedule,
          enabled: true,
          settings: {
            tenant_id: azure.tenantId,
            authority_host: azure.url,
            graph_url: azure.url,
            management_url: azure.url,
            vault_urls: VAULTS.map((name) => azure.vaultUrl(name)),
          },
          credentials: { client_id: azure.clientId, client_secret: azure.clientSecret },
          rules: { removed: 'mark' },
        },
      }),
    );
    expect(created.statusCode).toBe(201);
    return (created.json as Integration).id;
  }

  const removedNames = async (workspaceId: string) =>
    (await listAllTokens(workspaceId))
      .map((record) => record.token)
      .filter((token) => token.source?.removed_at)
      .map((token) => token.name)
      .sort();

  it('reads it over several messages, each resuming where the last stopped, and marks removals only once the whole account was read', async () => {
    azure.setState({
      applications: [
        {
          appId: '00000000-0000-4000-8000-0000000000a1',
          displayName: 'billing-api',
          passwordCredentials: [{ keyId: 'k1', displayName: 'ci', endDateTime: day(20) }],
        },
      ],
      vaults: {
        alpha: { secrets: [{ name: 'db', expires: day(30) }] },
        beta: { secrets: [{ name: 'queue', expires: day(40) }] },
        gamma: { certificates: [{ name: 'www', expires: day(50) }] },
      },
    });
    const team = await givenTeam({ plan: 'pro' });
    const id = await givenAzureIntegration(team);
    // No time to read more than one part a message: the app registrations, then each vault.
    const sent: IntegrationSyncMessage[] = [];
    const slowWorker = createIntegrationSyncWorker({
      readShare: 0,
      enqueue: (batch) => Promise.resolve(void sent.push(...batch)),
      delay: () => Promise.reject(new Error('nothing to retry')),
    });
    /** Runs the sync's messages in turn; after each but the last, `between` looks. */
    const runSync = async (between: () => Promise<void>) => {
      let message: IntegrationSyncMessage | undefined = {
        workspaceId: team.workspaceId,
        integrationId: id,
      };
      let count = 0;
      while (message) {
        sent.length = 0;
        const response = await slowWorker(
          sqsEvent([message]),
          lambdaContext('integration-sync-worker', 'test-request'),
        );
        expect(response.batchItemFailures).toEqual([]);
        count += 1;
        message = sent.pop();
        if (message) await between();
      }
      return count;
    };

    expect(await runSync(() => Promise.resolve())).toBe(4);
    const names = (await listAllTokens(team.workspaceId)).map((record) => record.token.name);
    expect(names.sort()).toEqual([
      'Azure Key Vault certificate: www (gamma)',
      'Azure Key Vault secret: db (alpha)',
      'Azure Key Vault secret: queue (beta)',
      'Entra ID app billing-api client secret: ci',
    ]);
    const lastSync = async () => (await findIntegration(team.workspaceId, id))?.lastSync;
    expect(await lastSync()).toMatchObject({ created: 4, removed: 0, errors: [] });

    // Two items go at the source: nothing is marked until the last message has read the rest.
    azure.setState({
      applications: [],
      vaults: { alpha: {}, beta: { secrets: [{ name: 'queue', expires: day(40) }] }, gamma: {} },
    });
    const seenBetween: string[][] = [];
    expect(
      await runSync(async () => void seenBetween.push(await removedNames(team.workspaceId))),
    ).toBe(4);
    expect(seenBetween).toEqual([[], [], []]);
    expect(await removedNames(team.workspaceId)).toEqual([
      'Azure Key Vault certificate: www (gamma)',
      'Azure Key Vault secret: db (alpha)',
      'Entra ID app billing-api client secret: ci',
    ]);
    expect(await lastSync()).toMatchObject({ created: 0, removed: 3, errors: [] });

    // Nothing changed since: the whole run writes nothing.
    const before = await lastSync();
    await runSync(() => Promise.resolve());
    expect(await lastSync()).toEqual(before);
  });

  it('retries a sync its source failed with a growing delay, showing the error on the integration, until it succeeds', async () => {
    azure.setState({
      vaults: {
        alpha: { secrets: [{ name: 'db', expires: day(30) }] },
        beta: { secrets: [{ name: 'queue', expires: day(40) }] },
        gamma: { certificates: [{ name: 'www', expires: day(50) }] },
      },
    });
    const team = await givenTeam({ plan: 'pro' });
    const id = await givenAzureIntegration(team);
    const delays: [string, number][] = [];
    const retryingWorker = createIntegrationSyncWorker({
      enqueue: () => Promise.reject(new Error('no continuation expected')),
      delay: (receipt, seconds) => Promise.resolve(void delays.push([receipt, seconds])),
    });
    const receive = (count: number) =>
      retryingWorker(
        sqsEvent([{ workspaceId: team.workspaceId, integrationId: id }], { receiveCount: count }),
        lambdaContext('integration-sync-worker', 'test-request', 300_000),
      );
    // Key Vault beta answers 500 to the next two syncs.
    azure.fail({ path: '/vaults/beta/secrets', status: 500, times: 2 });

    expect((await receive(1)).batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    const names = async () =>
      (await listAllTokens(team.workspaceId)).map((record) => record.token.name).sort();
    expect(await names()).toEqual([
      'Azure Key Vault certificate: www (gamma)',
      'Azure Key Vault secret: db (alpha)',
    ]);
    const lastSync = async () => (await findIntegration(team.workspaceId, id))?.lastSync;
    expect((await lastSync())?.errors).toEqual([
      'Key Vault beta (secrets): Azure answered 500: The request was throttled or the service is unavailable.',
    ]);
    expect((await receive(2)).batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    expect(delays).toEqual([
      ['r0', 300],
      ['r0', 600],
    ]);

    expect((await receive(3)).batchItemFailures).toEqual([]);
    expect(await names()).toEqual([
      'Azure Key Vault certificate: www (gamma)',
      'Azure Key Vault secret: db (alpha)',
      'Azure Key Vault secret: queue (beta)',
    ]);
    expect(await lastSync()).toMatchObject({ created: 1, errors: [] });
  });

  it('sends a message its source still fails after the last receive on to the dead-letter queue, the error shown', async () => {
    azure.setState({ vaults: { alpha: {}, beta: {}, gamma: {} } });
    const team = await givenTeam({ plan: 'pro' });
    const id = await givenAzureIntegration(team);
    const delays: number[] = [];
    const retryingWorker = createIntegrationSyncWorker({
      delay: (_receipt, seconds) => Promise.resolve(void delays.push(seconds)),
    });
    // Still unavailable after the throttling's three retries (Retry-After: 0).
    azure.fail({ path: '/vaults/gamma/certificates', status: 503, times: 4, retry_after: 0 });
    const response = await retryingWorker(
      sqsEvent([{ workspaceId: team.workspaceId, integrationId: id }], { receiveCount: 3 }),
      lambdaContext('integration-sync-worker', 'test-request', 300_000),
    );
    // Failed on its third receive: the queue's redrive policy (maxReceiveCount 3) dead-letters it.
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    expect(delays).toEqual([1_200]);
    expect((await findIntegration(team.workspaceId, id))?.lastSync?.errors).toEqual([
      'Key Vault gamma (certificates): Azure answered 503: The request was throttled or the service is unavailable.',
    ]);
  });
  describe('"Sync now" of a source too large for its request', () => {
    const sqs = () =>
      new SQSClient({
        endpoint: process.env.SQS_ENDPOINT,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
    /** Hands what "Sync now" sent to the worker, and what the worker sends on, until none is left. */
    async function runQueue(): Promise<IntegrationSyncMessage[]> {
      const client = sqs();
      const seen: IntegrationSyncMessage[] = [];
      try {
        for (;;) {
          const { Messages = [] } = await client.send(
            new ReceiveMessageCommand({
              QueueUrl: getConfig().integrationSyncQueueUrl,
              MaxNumberOfMessages: 10,
            }),
          );
          if (Messages.length === 0) return seen;
          for (const received of Messages) {
            const body = JSON.parse(received.Body ?? '{}') as IntegrationSyncMessage;
            seen.push(body);
            const response = await worker(
              sqsEvent([body]),
              lambdaContext('integration-sync-worker', 'test-request', 300_000),
            );
            expect(response.batchItemFailures).toEqual([]);
            await client.send(
              new DeleteMessageCommand({
                QueueUrl: getConfig().integrationSyncQueueUrl,
                ReceiptHandle: received.ReceiptHandle,
              }),
            );
          }
        }
      } finally {
        client.destroy();
      }
    }
    const syncNow = (team: Team, id: string) =>
      invoke(
        syncIntegration,
        routeRequest('POST', `${LIST_ROUTE}/{iid}/sync`, {
          params: { id: team.workspaceId, iid: id },
          cookie: team.manager.cookie,
        }),
      );
    const listed = async (team: Team, id: string) => {
      const response = await invoke(
        listIntegrations,
        routeRequest('GET', LIST_ROUTE, {
          params: { id: team.workspaceId },
          cookie: team.admin.cookie,
        }),
      );
      return (response.json as { items: Integration[] }).items.find((item) => item.id === id);
    };
    afterEach(() => {
      delete process.env.SYNC_NOW_READ_SECONDS;
      delete process.env.SYNC_NOW_DEADLINE_SECONDS;
    });

    it('writes the parts read in time, answers 202 and goes on in the worker as the person who asked, whatever the schedule', async () => {
      azure.setState({
        applications: [
          {
            appId: '00000000-0000-4000-8000-0000000000b1',
            displayName: 'ledger',
            passwordCredentials: [{ keyId: 'k1', displayName: 'ci', endDateTime: day(20) }],
          },
        ],
        vaults: {
          alpha: { secrets: [{ name: 'db', expires: day(30) }] },
          beta: { secrets: [{ name: 'queue', expires: day(40) }] },
          gamma: {},
        },
      });
      const team = await givenTeam({ plan: 'pro' });
      const id = await givenAzureIntegration(team, 'manual');
      // No time to read beyond the first part (the app registrations) within the request.
      process.env.SYNC_NOW_READ_SECONDS = '0';

      const answered = await syncNow(team, id);
      expect(answered.statusCode).toBe(202);
      expect(answered.json).toMatchObject({ state: 'running', dry_run: false, created: 1 });
      expect((await listed(team, id))?.syncing_since).toEqual(expect.any(String));
      // Asked again meanwhile: the running sync is the answer, and nothing more is sent.
      expect((await syncNow(team, id)).json).toMatchObject({ state: 'running', created: 0 });

      const messages = await runQueue();
      expect(messages).toHaveLength(1);
      expect(messages[0]?.requestedBy?.id).toBe(team.manager.userId);
      const integration = await listed(team, id);
      expect(integration?.syncing_since).toBeNull();
      expect(integration?.last_sync).toMatchObject({ created: 3, removed: 0, errors: [] });
      const events = await listWorkspaceAuditEvents(team.workspaceId, {
        count: 5,
        now: new Date(),
      });
      expect(events.find((event) => event.action === 'integration.synced')).toMatchObject({
        actor: { id: team.manager.userId },
        metadata: { trigger: 'manual', created: 3 },
      });
    });

    it('previews the parts read in time and says the preview is partial, counting nothing removed', async () => {
      const vaults = {
        alpha: { secrets: [{ name: 'db', expires: day(30) }] },
        beta: { secrets: [{ name: 'queue', expires: day(40) }] },
        gamma: {},
      };
      const ledger = {
        appId: '00000000-0000-4000-8000-0000000000c1',
        displayName: 'ledger',
        passwordCredentials: [{ keyId: 'k1', displayName: 'ci', endDateTime: day(20) }],
      };
      azure.setState({ applications: [], vaults });
      const team = await givenTeam({ plan: 'pro' });
      const id = await givenAzureIntegration(team, 'manual');
      expect((await syncNow(team, id)).json).toMatchObject({ state: 'done', created: 2 });
      azure.setState({ applications: [ledger], vaults });
      const preview = () =>
        invoke(
          previewIntegrationSync,
          routeRequest('POST', `${LIST_ROUTE}/{iid}/preview`, {
            params: { id: team.workspaceId, iid: id },
            cookie: team.manager.cookie,
          }),
        );
      // Whole within the request's time: no `partial`.
      expect((await preview()).json).not.toHaveProperty('partial');

      // No time to read beyond the first part (the app registrations): the vaults' two tokens
      // were not read, so they are not counted removed.
      process.env.SYNC_NOW_READ_SECONDS = '0';
      const partial = await preview();
      expect(partial.statusCode).toBe(200);
      expect(partial.json).toMatchObject({
        dry_run: true,
        created: 1,
        removed: 0,
        errors: [],
        found: [{ name: 'Entra ID app ledger client secret: ci', kept: true }],
        partial: {
          previewed: 1,
          message: 'Previewed the first 1 item; the sync reads the rest.',
        },
      });

      // Nothing answered by the deadline: nothing previewed, and the answer says so.
      process.env.SYNC_NOW_DEADLINE_SECONDS = '0';
      expect((await preview()).json).toMatchObject({
        dry_run: true,
        created: 0,
        removed: 0,
        found: [],
        partial: { previewed: 0 },
      });
      expect(
        (await listAllTokens(team.workspaceId)).map((record) => record.token.name),
      ).toHaveLength(2);
    });

    it('hands a source not read by the deadline whole to the worker, whose outcome is shown even when nothing changed', async () => {
      azure.setState({
        vaults: { alpha: { secrets: [{ name: 'db', expires: day(30) }] }, beta: {}, gamma: {} },
      });
      const team = await givenTeam({ plan: 'pro' });
      const id = await givenAzureIntegration(team);
      expect((await syncNow(team, id)).json).toMatchObject({ state: 'done', created: 1 });
      const first = (await listed(team, id))?.last_sync;

      process.env.SYNC_NOW_DEADLINE_SECONDS = '0';
      const answered = await syncNow(team, id);
      expect(answered.statusCode).toBe(202);
      expect(answered.json).toMatchObject({ state: 'running', created: 0, errors: [] });
      const messages = await runQueue();
      expect(messages.map((message) => message.continuation)).toEqual([undefined]);
      const integration = await listed(team, id);
      expect(integration?.syncing_since).toBeNull();
      expect(integration?.last_sync).toMatchObject({ created: 0, updated: 0, errors: [] });
      expect(integration?.last_sync?.at).not.toBe(first?.at);
    });
  });
});
