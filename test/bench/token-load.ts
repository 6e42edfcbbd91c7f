/**
 * Token list and create under load: the local runtime (`npm start`'s server, handlers and
 * emulators, in this process) with a workspace of 5,000 tokens, driven by autocannon at 50
 * connections for a few seconds each: `GET /api/tokens` (a 100-item page), a search page, and
 * `POST /api/tokens`. Prints throughput, p50 and p99 beside the time of one request alone, so
 * that a regression under concurrency shows even where single requests stay fast. A failure is
 * named (timed out, connection error, 4xx, 5xx), and beside it how long the server itself held
 * its slowest request, so that a client timeout can be told from a slow server.
 *
 * Standalone: `npx tsx test/bench/token-load.ts`; also part of `npm run bench`
 * (`npm run bench -- token-load`).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';

const CONNECTIONS = 50;
const SECONDS = 10;
const TOKENS = 5_000;
const SINGLE_RUNS = 20;
/** autocannon's own default: a request without an answer this long counts as timed out. */
const CLIENT_TIMEOUT_MS = 10_000;

export interface TokenLoadOptions {
  readonly connections?: number;
  readonly seconds?: number;
}

/**
 * How long the app's HTTP server itself held each request (from its arrival to the last byte of
 * the answer handed to the socket), through Node's http diagnostics channels, so that a request
 * the client gave up on can be told apart from one the server was slow to answer.
 */
class ServerTimes {
  private readonly started = new Map<IncomingMessage, number>();
  private answered: number[] = [];
  private readonly onStart = (message: unknown) => {
    this.started.set((message as { request: IncomingMessage }).request, performance.now());
  };
  private readonly onFinish = (message: unknown) => {
    const { request } = message as { request: IncomingMessage };
    const started = this.started.get(request);
    if (started === undefined) return;
    this.started.delete(request);
    this.answered.push(performance.now() - started);
  };

  constructor() {
    subscribe('http.server.request.start', this.onStart);
    subscribe('http.server.response.finish', this.onFinish);
  }

  /** From now on only the requests that arrive later count. */
  reset(): void {
    this.started.clear();
    this.answered = [];
  }

  /** The slowest answer, and how many requests were held past the client's timeout unanswered. */
  summary(): { slowestMs: number; unansweredPastTimeout: number } {
    const now = performance.now();
    return {
      slowestMs: Math.max(0, ...this.answered),
      unansweredPastTimeout: [...this.started.values()].filter(
        (started) => now - started > CLIENT_TIMEOUT_MS,
      ).length,
    };
  }

  stop(): void {
    unsubscribe('http.server.request.start', this.onStart);
    unsubscribe('http.server.response.finish', this.onFinish);
  }
}

interface Target {
  readonly label: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly expected: number;
}

export async function measureTokenLoad(options: TokenLoadOptions = {}): Promise<void> {
  const connections = options.connections ?? CONNECTIONS;
  const seconds = options.seconds ?? SECONDS;
  const { applyLocalCredentials } =
    await import('@expiry-radar/functions/local/emulators/local-credentials');
  const { findFreePort } = await import('@expiry-radar/functions/local/ports');
  const { startLocalRuntime } = await import('@expiry-radar/functions/local/local-runtime');
  applyLocalCredentials();
  Object.assign(process.env, {
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  const runtime = await startLocalRuntime({
    appPort: await findFreePort(),
    host: '127.0.0.1',
    emulatorPorts: {
      dynamoDb: await findFreePort(),
      sqs: await findFreePort(),
      ses: await findFreePort(),
    },
    tableName: 'expiry-radar-bench-load',
    webDirectory: join(resolve(__dirname, '../..'), 'web/dist'),
    runtimeSettings: {
      apiBaseUrl: '',
      analyticsKey: '',
      analyticsHost: '',
      paymentPublishableKey: '',
      supportEmail: '',
      communityChatUrl: '',
    },
    onUnexpectedError: (error) => console.error(error),
  });
  const serverTimes = new ServerTimes();
  try {
    await measureAgainst(runtime.appUrl, connections, seconds, serverTimes);
  } finally {
    serverTimes.stop();
    await runtime.stop();
  }
}

async function measureAgainst(
  appUrl: string,
  connections: number,
  seconds: number,
  serverTimes: ServerTimes,
) {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');
  const { readSearchIndex } = await import('@expiry-radar/functions/data/search-index');
  const { compactSearchIndex } =
    await import('@expiry-radar/functions/data/search-index-compaction');
  const { sessionCsrfToken, CSRF_HEADER } =
    await import('@expiry-radar/functions/http/pipeline/csrf-token');

  const owner = await givenSignedInUser({ plan: 'enterprise' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'enterprise' });
  await readSearchIndex(workspaceId);
  await seedTokens(
    workspaceId,
    Array.from({ length: TOKENS }, (_, index) =>
      buildToken(workspaceId, {
        name: `Token ${String(index).padStart(5, '0')}`,
        category: CATEGORIES[index % CATEGORIES.length],
        vendor: index % 10 === 0 ? 'Acme Corporation' : 'Globex',
      }),
    ),
  );
  await compactSearchIndex(workspaceId);

  const headers = {
    cookie: owner.cookie,
    'content-type': 'application/json',
    [CSRF_HEADER]: sessionCsrfToken(owner.sessionId),
  };
  const body = JSON.stringify({
    workspace_id: workspaceId,
    name: 'Load test key',
    category: 'key_secret',
    type: 'api_key',
    expiresAt: '2030-01-01',
  });
  const targets: Target[] = [
    {
      label: 'GET /api/tokens (100-item page)',
      method: 'GET',
      path: `/api/tokens?workspace_id=${workspaceId}&category[]=cert&limit=100`,
      expected: 200,
    },
    {
      label: 'GET /api/tokens?q=acme (search page)',
      method: 'GET',
      path: `/api/tokens?workspace_id=${workspaceId}&q=acme&limit=100`,
      expected: 200,
    },
    {
      label: 'POST /api/tokens (create)',
      method: 'POST',
      path: '/api/tokens',
      body,
      expected: 201,
    },
  ];

  console.log(
    `Token load: the local runtime (in this process, DynamoDB Local in memory), one workspace of ${TOKENS.toLocaleString('en-US')} tokens; autocannon at ${connections} connections for ${seconds} s each`,
  );
  for (const target of targets) {
    const single: number[] = [];
    for (let run = -3; run < SINGLE_RUNS; run += 1) {
      const started = performance.now();
      const response = await fetch(`${appUrl}${target.path}`, {
        method: target.method,
        headers,
        body: target.body,
      });
      await response.arrayBuffer();
      if (response.status !== target.expected) {
        throw new Error(`${target.label} answered ${response.status}`);
      }
      if (run >= 0) single.push(performance.now() - started);
    }
    single.sort((a, b) => a - b);
    const alone = single[Math.floor(single.length / 2)]!;
    serverTimes.reset();
    const result = await autocannon({
      url: `${appUrl}${target.path}`,
      method: target.method,
      headers,
      body: target.body,
      connections,
      duration: seconds,
      timeout: CLIENT_TIMEOUT_MS / 1000,
    });
    const server = serverTimes.summary();
    // autocannon counts timeouts among its errors.
    const failed = result.non2xx + result.errors;
    const failures = failed === 0 ? '' : ` (${describeFailures(result)})`;
    console.log(`  ${target.label}`);
    console.log(
      `    one request alone: median ${alone.toFixed(1)} ms; under load: ${result.requests.average.toFixed(0)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${(result.latency.p50 / alone).toFixed(1)}x alone at p50); ${result.requests.total} requests, ${failed} failed${failures}`,
    );
    console.log(
      `    in the server: the slowest answer took ${server.slowestMs.toFixed(0)} ms; ${server.unansweredPastTimeout} requests held past the client's ${CLIENT_TIMEOUT_MS / 1000} s without an answer`,
    );
  }
}

/** What failed under load, so a failure says whether it was the app (5xx) or the machine. */
function describeFailures(result: autocannon.Result): string {
  const parts = [
    [result.timeouts, 'timed out'],
    [result.errors - result.timeouts, 'connection errors'],
    [result['4xx'], 'answered 4xx'],
    [result['5xx'], 'answered 5xx'],
  ] as const;
  return parts
    .filter(([count]) => count > 0)
    .map(([count, what]) => `${count} ${what}`)
    .join(', ');
}

if (require.main === module) {
  measureTokenLoad().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
