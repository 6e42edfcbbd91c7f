/**
 * The units of each operation of the cost model, measured with the real handlers and jobs against
 * the bench emulators (DynamoDB Local, SQS, SES): DynamoDB capacity as DynamoDB Local reports it
 * (ReturnConsumedCapacity), Lambda invocations and the handler's time measured in this process
 * (warm, each invocation rounded up to the next millisecond as Lambda bills) at the function's
 * configured memory, SQS requests counted around the one SQS client, emails as the mailer sends
 * them, and API Gateway and CloudFront requests as the operation makes them.
 *
 * One Team workspace of TEAM_TOKENS tokens (every category, expiries over three years) serves
 * the dashboard visit and the storage per token; the expiry scan, the alert digest, the endpoint
 * checks and the integration sync each get a workspace of their own beside it.
 */
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import type { SQSEvent } from 'aws-lambda';
import type { RouteId } from '@expiry-radar/shared/api/route-table';
import type { RunningEmulators } from '@expiry-radar/functions/local/emulators/start-emulators';
import { routeFunctionSizes } from '../../../infra/config/route-functions';
import { meterDynamoDb, type DynamoDbUsage } from '../dynamodb-usage';
import { NO_UNITS, addUnits, type Operation, type OperationUnits } from './monthly-model';

const TEAM_TOKENS = 5_000;
const DUE_TOKENS = 60;
/** Contact groups of one address each the due tokens go to: a digest each (the first warms up). */
const ALERT_GROUPS = 5;
const ENDPOINTS = 40;
const INTEGRATION_SECRETS = 30;
const TIMED_RUNS = 5;
/** AppFunction's default (infra/constructs/app-function.ts): every job and most routes. */
const DEFAULT_MEMORY_MB = 512;
/** Beside the API's requests, a visit loads the page itself; hashed assets stay cached. */
const PAGE_REQUESTS_PER_VISIT = 1;

export interface MeasuredOperations {
  readonly perOperation: Record<Operation, OperationUnits>;
  /** One run of the hourly expiry scan with nothing due. */
  readonly emptyScanRun: OperationUnits;
  /** Operations whose units grow with the workspace: the tokens it held as they were measured. */
  readonly measuredAtTokens: Partial<Record<Operation, number>>;
  /** Bytes of the Team workspace's items (with their index copies) per token. */
  readonly storageBytesPerToken: number;
  readonly notes: readonly string[];
}

const memoryOfRoute = (route: RouteId) =>
  routeFunctionSizes[route]?.memorySize ?? DEFAULT_MEMORY_MB;

interface Invocation {
  readonly memoryMb: number;
  readonly billedMs: number;
}

function unitsOf(options: {
  usage: DynamoDbUsage;
  invocations: readonly Invocation[];
  sqsRequests?: number;
  sesMessages?: number;
  apiRequests?: number;
  cloudFrontRequests?: number;
}): OperationUnits {
  return {
    readUnits: options.usage.readUnits,
    writeUnits: options.usage.writeUnits,
    invocations: options.invocations.length,
    lambdaMs: options.invocations.reduce((sum, { billedMs }) => sum + billedMs, 0),
    lambdaGbSeconds: options.invocations.reduce(
      (sum, { billedMs, memoryMb }) => sum + (billedMs / 1000) * (memoryMb / 1024),
      0,
    ),
    sqsRequests: options.sqsRequests ?? 0,
    sesMessages: options.sesMessages ?? 0,
    apiRequests: options.apiRequests ?? 0,
    cloudFrontRequests: options.cloudFrontRequests ?? 0,
  };
}

const perEach = (units: OperationUnits, count: number): OperationUnits => {
  const each = { ...units };
  for (const key of Object.keys(each) as (keyof OperationUnits)[]) each[key] /= count;
  return each;
};

/** Bytes DynamoDB counts for a value as the document client returns it. */
function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number')
    return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + valueBytes(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + valueBytes(v), 0);
  if (typeof value === 'object') {
    return (
      3 +
      Object.entries(value).reduce(
        (sum, [name, v]) => sum + Buffer.byteLength(name) + 1 + valueBytes(v),
        0,
      )
    );
  }
  return 0;
}

/** DynamoDB's billed storage per item: its attributes and 100 bytes of overhead. */
const ITEM_OVERHEAD_BYTES = 100;

export function itemBytes(item: Record<string, unknown>): number {
  return (
    ITEM_OVERHEAD_BYTES +
    Object.entries(item).reduce(
      (sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value),
      0,
    )
  );
}

export async function measureOperations(emulators: RunningEmulators): Promise<MeasuredOperations> {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ReceiveMessageCommand } = await import('@aws-sdk/client-sqs');
  const { CATEGORIES } = await import('@expiry-radar/shared/domain/categories');
  const { addCalendarDays } = await import('@expiry-radar/shared/domain/calendar-date');
  const { WORKSPACE_LOOKUP_PAGE_SIZE, TOKEN_PAGE_SIZE } =
    await import('@expiry-radar/shared/constants/paging');
  const { getDocumentClient, getSqsClient } =
    await import('@expiry-radar/functions/platform/aws-clients');
  const { getConfig } = await import('@expiry-radar/functions/platform/config');
  const { keys } = await import('@expiry-radar/functions/data/keys');
  const { tableDefinition } = await import('@expiry-radar/functions/data/table-definition');
  const { compactSearchIndex } =
    await import('@expiry-radar/functions/data/search-index-compaction');
  const { syncEndpointSchedule } = await import('@expiry-radar/functions/data/endpoint-records');
  const { forEachLimited } = await import('@expiry-radar/functions/platform/concurrency');
  const { lambdaContext } = await import('@expiry-radar/functions/local/lambda-http-adapter');
  const { handler: getSession } = await import('@expiry-radar/functions/http/session/get-session');
  const { handler: listWorkspaces } =
    await import('@expiry-radar/functions/http/workspaces/list-workspaces');
  const { handler: listTokens } = await import('@expiry-radar/functions/http/tokens/list-tokens');
  const { handler: createIntegration } =
    await import('@expiry-radar/functions/http/integrations/create-integration');
  const { readAlertSettingsRecord, writeAlertSettings } =
    await import('@expiry-radar/functions/data/alert-settings-records');
  const { runExpiryScan } = await import('@expiry-radar/functions/jobs/expiry-scan');
  const { createAlertWorker } = await import('@expiry-radar/functions/jobs/alert-worker');
  const { runEndpointDispatch } = await import('@expiry-radar/functions/jobs/endpoint-dispatch');
  const { createEndpointCheckWorker } =
    await import('@expiry-radar/functions/jobs/endpoint-check-worker');
  const { createIntegrationSyncWorker } =
    await import('@expiry-radar/functions/jobs/integration-sync-worker');
  const { createTlsEndpointChecker } =
    await import('@expiry-radar/functions/adapters/tls-endpoint-checker');
  const { apiGatewayEvent, invoke } =
    await import('../../../functions/test-support/api-gateway-event');
  const { givenSignedInUser } = await import('../../../functions/test-support/fixtures');
  const { givenWorkspace, routeRequest } =
    await import('../../../functions/test-support/workspace-fixtures');
  const { buildToken, seedTokens } = await import('../../../functions/test-support/token-seeding');
  const { makeCertificateChain } = await import('../../../functions/test-support/certificates');
  const { startVaultStandIn } = await import('../../../functions/test-support/vault-stand-in');

  const { metered } = meterDynamoDb(getDocumentClient());
  const sqs = getSqsClient();
  const sqsSend = sqs.send.bind(sqs) as (command: unknown) => Promise<unknown>;
  let sqsRequests = 0;
  Object.assign(sqs, {
    send: (command: unknown) => {
      sqsRequests += 1;
      return sqsSend(command);
    },
  });
  /** Runs `call` as one invocation of a function of `memoryMb`: its DynamoDB usage and time. */
  const invocation = async <T>(memoryMb: number, call: () => Promise<T>) => {
    const started = performance.now();
    const { result, usage } = await metered(call);
    const billedMs = Math.max(1, Math.ceil(performance.now() - started));
    return { result, usage, invocation: { memoryMb, billedMs } };
  };
  const sqsEventOf = (bodies: readonly string[], queue: string): SQSEvent => ({
    Records: bodies.map((body, index) => ({
      messageId: `${index}`,
      receiptHandle: `${index}`,
      body,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        SenderId: 'bench',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queue}`,
      awsRegion: 'us-east-1',
    })),
  });
  /** Every message on `queueUrl` (read outside any meter: Lambda's poller reads them). */
  const drain = async (queueUrl: string): Promise<string[]> => {
    const bodies: string[] = [];
    for (;;) {
      const { Messages } = (await sqsSend(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
      )) as { Messages?: { Body?: string }[] };
      if (!Messages?.length) return bodies;
      bodies.push(...Messages.map((message) => message.Body ?? ''));
    }
  };
  const notes: string[] = [];
  const now = new Date();

  // The Team workspace: 5,000 tokens over every category and three years (its members read
  // what its owner reads: one visit is the same for each).
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const tokens = Array.from({ length: TEAM_TOKENS }, (_, index) =>
    buildToken(workspaceId, {
      name: `Token ${String(index).padStart(5, '0')}`,
      category: CATEGORIES[index % CATEGORIES.length],
      expiresAt: addCalendarDays(now, 1 + ((index * 7919) % 1_095)),
      section: index % 3 === 0 ? 'platform' : null,
      vendor: index % 10 === 0 ? 'Acme Corporation' : null,
      description: `Seeded for the cost benchmark (#${index})`,
    }),
  );
  await seedTokens(workspaceId, tokens, 4);
  await compactSearchIndex(workspaceId);

  // A dashboard visit: the session, the workspace list, each category's first page.
  const visitRequests = [
    { route: 'getSession' as const, handler: getSession, path: '/api/session', query: '' },
    {
      route: 'listWorkspaces' as const,
      handler: listWorkspaces,
      path: '/api/v1/workspaces',
      query: `limit=${WORKSPACE_LOOKUP_PAGE_SIZE}&offset=0`,
    },
    ...CATEGORIES.map((category) => ({
      route: 'listTokens' as const,
      handler: listTokens,
      path: '/api/tokens',
      query: `workspace_id=${workspaceId}&category[]=${category}&limit=${TOKEN_PAGE_SIZE}&offset=0&sort=expiration_asc`,
    })),
  ];
  const visit = async () => {
    let units = NO_UNITS;
    for (const request of visitRequests) {
      const event = apiGatewayEvent({
        method: 'GET',
        path: request.path,
        query: request.query,
        cookies: [owner.cookie],
      });
      const measured = await invocation(memoryOfRoute(request.route), () =>
        invoke(request.handler, event),
      );
      if (measured.result.statusCode !== 200) {
        throw new Error(`GET ${request.path} answered ${measured.result.statusCode}`);
      }
      units = addUnits(
        units,
        unitsOf({
          usage: measured.usage,
          invocations: [measured.invocation],
          apiRequests: 1,
          cloudFrontRequests: 1,
        }),
      );
    }
    return addUnits(units, { ...NO_UNITS, cloudFrontRequests: PAGE_REQUESTS_PER_VISIT });
  };
  const dashboardVisit = await medianRun(visit);

  // Storage: the Team workspace's partition, with the copies its items make in the indexes.
  let storageBytes = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocumentClient().send(
      new QueryCommand({
        TableName: getConfig().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const bytes = itemBytes(item);
      storageBytes += bytes;
      for (const index of tableDefinition.globalSecondaryIndexes) {
        if (item[index.partitionKey.name] === undefined) continue;
        storageBytes +=
          index.projection === 'ALL'
            ? bytes
            : itemBytes({
                pk: item.pk,
                sk: item.sk,
                [index.partitionKey.name]: item[index.partitionKey.name],
                [index.sortKey.name]: item[index.sortKey.name],
              });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  // The hourly expiry scan with nothing due, then with DUE_TOKENS due over ALERT_GROUPS addresses.
  const scan = async () => {
    sqsRequests = 0;
    const measured = await invocation(DEFAULT_MEMORY_MB, () => runExpiryScan(now));
    return {
      result: measured.result,
      units: unitsOf({
        usage: measured.usage,
        invocations: [measured.invocation],
        sqsRequests,
      }),
    };
  };
  const emptyScanRun = await medianRun(async () => (await scan()).units);
  const alertOwner = await givenSignedInUser({ plan: 'team' });
  const alertWorkspace = await givenWorkspace({ ownerId: alertOwner.userId, plan: 'team' });
  const settings = await readAlertSettingsRecord(alertWorkspace);
  await writeAlertSettings({
    workspaceId: alertWorkspace,
    changes: {
      ...settings.settings,
      webhook_urls: [],
      contact_groups: Array.from({ length: ALERT_GROUPS }, (_, group) => ({
        id: `g${group}`,
        name: `Group ${group}`,
        emails: [`recipient-${group}@example.com`],
        webhook_names: [],
      })),
    },
    expectedRevision: settings.revision,
    now,
  });
  await seedTokens(
    alertWorkspace,
    Array.from({ length: DUE_TOKENS }, (_, index) =>
      buildToken(alertWorkspace, {
        name: `Due ${index}`,
        expiresAt: addCalendarDays(now, 7),
        contact_group_id: `g${index % ALERT_GROUPS}`,
      }),
    ),
    4,
    () => ({ nextAlertAt: `${addCalendarDays(now, 0)}T00:00:00.000Z`, lastAlert: null }),
  );
  const dueScan = await scan();
  if (dueScan.result.queued !== DUE_TOKENS) {
    throw new Error(`The scan queued ${dueScan.result.queued} alerts of ${DUE_TOKENS} due`);
  }
  const dueToken = perEach(
    {
      ...dueScan.units,
      invocations: 0,
      lambdaMs: dueScan.units.lambdaMs - emptyScanRun.lambdaMs,
      lambdaGbSeconds: dueScan.units.lambdaGbSeconds - emptyScanRun.lambdaGbSeconds,
      readUnits: dueScan.units.readUnits - emptyScanRun.readUnits,
      writeUnits: dueScan.units.writeUnits - emptyScanRun.writeUnits,
    },
    DUE_TOKENS,
  );

  // The alert worker delivers each digest the scan queued (one invocation each, as received).
  let emails = 0;
  const alertWorker = createAlertWorker({
    ports: { mailer: { send: () => Promise.resolve(void (emails += 1)) } },
  });
  const digests = await drain(emulators.endpoints.alertQueueUrl);
  let delivered = NO_UNITS;
  for (const [position, body] of digests.entries()) {
    sqsRequests = 0;
    emails = 0;
    const measured = await invocation(DEFAULT_MEMORY_MB, () =>
      alertWorker(sqsEventOf([body], 'alerts'), lambdaContext('alert-worker', 'bench')),
    );
    // The first delivery compiles the email's rendering: it warms up, uncounted.
    if (position === 0) continue;
    // Lambda's poller received the message and deletes it once handled.
    delivered = addUnits(
      delivered,
      unitsOf({
        usage: measured.usage,
        invocations: [measured.invocation],
        sqsRequests: sqsRequests + 2,
        sesMessages: emails,
      }),
    );
  }
  if (digests.length < 2) throw new Error(`The scan queued ${digests.length} digests`);
  const alertDigest = perEach(delivered, digests.length - 1);
  notes.push(
    `the alert digest measured: ${digests.length - 1} digests (after one to warm up) of ${DUE_TOKENS / ALERT_GROUPS} due tokens each, one address each`,
  );

  // Endpoint checks: ENDPOINTS endpoints of a local TLS server, dispatched, checked 10 a batch.
  const chain = makeCertificateChain({
    commonName: 'bench.test',
    altNames: 'DNS:bench.test',
    days: 200,
  });
  const server = tls.createServer(
    { key: chain.leaf.keyPem, cert: chain.leaf.pem + chain.intermediate.pem },
    (socket) => socket.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let endpointCheck: OperationUnits;
  try {
    const port = (server.address() as AddressInfo).port;
    const servedDate = new Date(new X509Certificate(chain.leaf.pem).validTo)
      .toISOString()
      .slice(0, 10);
    const endpointOwner = await givenSignedInUser({ plan: 'team' });
    const endpointWorkspace = await givenWorkspace({
      ownerId: endpointOwner.userId,
      plan: 'team',
    });
    const certificates = Array.from({ length: ENDPOINTS }, (_, index) =>
      buildToken(endpointWorkspace, {
        name: `Certificate ${index}`,
        category: 'cert',
        type: 'ssl_cert',
        expiresAt: servedDate,
        endpoints: [{ host: '127.0.0.1', port, sni: 'bench.test', last_check: null }],
      }),
    );
    await seedTokens(endpointWorkspace, certificates, 4);
    await forEachLimited(certificates, 4, (token) => syncEndpointSchedule(token, undefined, now));
    sqsRequests = 0;
    const dispatch = await invocation(DEFAULT_MEMORY_MB, () => runEndpointDispatch(now));
    // The dispatch's invocation is one of the hourly jobs at rest (the fixed cost); its time
    // and reads with checks due are the checks'.
    let checks = {
      ...unitsOf({ usage: dispatch.usage, invocations: [dispatch.invocation], sqsRequests }),
      invocations: 0,
    };
    const bodies = await drain(emulators.endpoints.endpointCheckQueueUrl);
    if (bodies.length !== ENDPOINTS) {
      throw new Error(`The dispatch queued ${bodies.length} checks of ${ENDPOINTS}`);
    }
    const worker = createEndpointCheckWorker({
      check: createTlsEndpointChecker({
        policy: { allowLoopback: true },
        trustedRoots: [chain.root.pem],
      }),
      enqueueAlerts: () => Promise.resolve(),
    });
    for (let start = 0; start < bodies.length; start += 10) {
      sqsRequests = 0;
      const batch = bodies.slice(start, start + 10);
      const measured = await invocation(DEFAULT_MEMORY_MB, () =>
        worker(sqsEventOf(batch, 'endpoint-checks'), lambdaContext('endpoint-check', 'bench')),
      );
      if (measured.result.batchItemFailures.length > 0) throw new Error('An endpoint check failed');
      checks = addUnits(
        checks,
        unitsOf({
          usage: measured.usage,
          invocations: [measured.invocation],
          sqsRequests: sqsRequests + 2,
        }),
      );
    }
    endpointCheck = perEach(checks, ENDPOINTS);
  } finally {
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }

  // An integration sync (HashiCorp Vault, KV secrets) that finds nothing changed.
  const vault = await startVaultStandIn();
  let integrationSync: OperationUnits;
  try {
    vault.setSecrets(
      'kv',
      Object.fromEntries(
        Array.from({ length: INTEGRATION_SECRETS }, (_, index) => [
          `app/secret-${index}`,
          { expires_at: addCalendarDays(now, 30 + index) },
        ]),
      ),
    );
    const created = await invoke(
      createIntegration,
      routeRequest('POST', '/api/v1/workspaces/{id}/integrations', {
        params: { id: workspaceId },
        cookie: owner.cookie,
        body: {
          kind: 'vault',
          name: 'Vault',
          schedule: 'daily',
          enabled: true,
          settings: { address: vault.address, kv_mounts: ['kv'] },
          credentials: { token: vault.token },
        },
      }),
    );
    if (created.statusCode !== 201) {
      throw new Error(`The integration was not created (${created.statusCode}): ${created.body}`);
    }
    const message = JSON.stringify({
      workspaceId,
      integrationId: (created.json as { id: string }).id,
    });
    const worker = createIntegrationSyncWorker({ readShare: 1 });
    const sync = async () => {
      sqsRequests = 0;
      const measured = await invocation(DEFAULT_MEMORY_MB, () =>
        worker(sqsEventOf([message], 'integration-syncs'), lambdaContext('sync', 'bench')),
      );
      // The sync reads every token of the Team workspace. The dispatcher sends the message; Lambda's poller receives and deletes it.
      return unitsOf({
        usage: measured.usage,
        invocations: [measured.invocation],
        sqsRequests: sqsRequests + 3,
      });
    };
    const first = await sync();
    if (first.writeUnits === 0) throw new Error('The first sync wrote nothing');
    integrationSync = await medianRun(sync);
    notes.push(
      `the integration sync measured: Vault KV with ${INTEGRATION_SECRETS} secrets, all already tracked, in a workspace of ${(TEAM_TOKENS + INTEGRATION_SECRETS).toLocaleString('en-US')} tokens; it reads every one, so its reads and time are scaled to each tenant's tokens`,
    );
  } finally {
    await vault.stop();
  }

  return {
    perOperation: { dashboardVisit, dueToken, alertDigest, endpointCheck, integrationSync },
    emptyScanRun,
    measuredAtTokens: { integrationSync: TEAM_TOKENS + INTEGRATION_SECRETS },
    storageBytesPerToken: storageBytes / TEAM_TOKENS,
    notes,
  };
}

/** `run` twice to warm up, then TIMED_RUNS times: the run of the median Lambda time. */
async function medianRun(run: () => Promise<OperationUnits>): Promise<OperationUnits> {
  for (let warmUp = 0; warmUp < 2; warmUp += 1) await run();
  const runs: OperationUnits[] = [];
  for (let timed = 0; timed < TIMED_RUNS; timed += 1) runs.push(await run());
  runs.sort((a, b) => a.lambdaMs - b.lambdaMs);
  return runs[Math.floor(runs.length / 2)]!;
}
