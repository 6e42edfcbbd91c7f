/**
 * Endpoint checks (informational): 1,000 TLS endpoints (500 certificates with 2 each) against 4
 * local TLS servers whose certificates are made here by a CA of their own, which the checker
 * trusts. One dispatch (the due index, then one message per endpoint), then the worker's batches
 * of 10, 5 batches at once as the deployment's event source allows; prints the total time, the
 * checks per second and the table items read per check (index items, schedules, tokens,
 * workspaces).
 *
 * Starts its own emulators. Standalone: `npx tsx test/bench/endpoint-checks.ts`.
 */
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import type { ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { withBenchEmulators } from './bench-emulators';

const SERVERS = 4;
const BATCH = 10;
const BATCHES_AT_ONCE = 5;

export async function measureEndpointChecks(options: { endpoints?: number } = {}): Promise<void> {
  const endpointCount = options.endpoints ?? 1_000;
  await withBenchEmulators('endpoint-bench', async () => {
    const { makeCertificateChain } = await import('../../functions/test-support/certificates');
    const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
    const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
    const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');
    const { syncEndpointSchedule } = await import('@expiry-radar/functions/data/endpoint-records');
    const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
    const { forEachLimited } = await import('@expiry-radar/functions/platform/concurrency');
    const { createTlsEndpointChecker } =
      await import('@expiry-radar/functions/adapters/tls-endpoint-checker');
    const { runEndpointDispatch } = await import('@expiry-radar/functions/jobs/endpoint-dispatch');
    const { createEndpointCheckWorker } =
      await import('@expiry-radar/functions/jobs/endpoint-check-worker');
    const { lambdaContext } = await import('@expiry-radar/functions/local/lambda-http-adapter');

    const chain = makeCertificateChain({
      commonName: 'bench.test',
      altNames: 'DNS:bench.test',
      days: 200,
    });
    const servedDate = new Date(new X509Certificate(chain.leaf.pem).validTo)
      .toISOString()
      .slice(0, 10);
    const servers = await Promise.all(
      Array.from({ length: SERVERS }, async () => {
        const server = tls.createServer(
          { key: chain.leaf.keyPem, cert: chain.leaf.pem + chain.intermediate.pem },
          (socket) => socket.end(),
        );
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    const ports = servers.map((server) => (server.address() as AddressInfo).port);
    try {
      const now = new Date();
      const owner = await givenSignedInUser({ plan: 'enterprise' });
      const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'enterprise' });
      const tokens = Array.from({ length: Math.ceil(endpointCount / 2) }, (_, index) =>
        buildToken(workspaceId, {
          name: `Certificate ${index}`,
          category: 'cert',
          type: 'ssl_cert',
          expiresAt: servedDate,
          // Two servers each: consecutive ports of the list differ.
          endpoints: [0, 1].map((offset) => ({
            host: '127.0.0.1',
            port: ports[(index * 2 + offset) % SERVERS]!,
            sni: 'bench.test',
            last_check: null,
          })),
        }),
      );
      await seedTokens(workspaceId, tokens, 8);
      await forEachLimited(tokens, 8, (token) => syncEndpointSchedule(token, undefined, now));

      const reads = { index: 0, schedules: 0, tokens: 0, workspaces: 0, other: 0, requests: 0 };
      const client = getDocumentClient();
      const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
      const count = (item: { sk?: unknown }) => {
        const sk = String(item.sk);
        if (sk.startsWith('ENDPOINT_SCHEDULE#')) reads.schedules += 1;
        else if (sk.startsWith('TOKEN#')) reads.tokens += 1;
        else if (sk === 'WORKSPACE') reads.workspaces += 1;
        else reads.other += 1;
      };
      Object.assign(client, {
        send: async (command: { input?: { IndexName?: string } }) => {
          const output = (await send(command)) as {
            ScannedCount?: number;
            Items?: { sk?: unknown }[];
            Responses?: Record<string, { sk?: unknown }[]>;
            Item?: { sk?: unknown };
          };
          reads.requests += 1;
          if (typeof output.ScannedCount === 'number') {
            if (command.input?.IndexName) reads.index += output.ScannedCount;
            else for (const item of output.Items ?? []) count(item);
          } else if (output.Responses) {
            for (const item of Object.values(output.Responses).flat()) count(item);
          } else if (output.Item) count(output.Item);
          return output;
        },
      });

      const checker = createTlsEndpointChecker({
        policy: { allowLoopback: true },
        trustedRoots: [chain.root.pem],
      });
      const worker = createEndpointCheckWorker({
        check: checker,
        enqueueAlerts: () => Promise.resolve(),
      });
      const messages: EndpointCheckMessage[] = [];
      const started = performance.now();
      const dispatched = await runEndpointDispatch(now, {
        enqueue: (batch) => (messages.push(...batch), Promise.resolve([])),
      });
      const dispatchSeconds = (performance.now() - started) / 1000;
      const batches: SQSEvent[] = [];
      for (let start = 0; start < messages.length; start += BATCH) {
        batches.push({
          Records: messages.slice(start, start + BATCH).map((message, index) => ({
            messageId: `${start + index}`,
            receiptHandle: `${start + index}`,
            body: JSON.stringify(message),
            attributes: {
              ApproximateReceiveCount: '1',
              SentTimestamp: String(Date.now()),
              SenderId: 'bench',
              ApproximateFirstReceiveTimestamp: String(Date.now()),
            },
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:local:000000000000:endpoint-checks',
            awsRegion: 'us-east-1',
          })),
        });
      }
      let failed = 0;
      await forEachLimited(batches, BATCHES_AT_ONCE, async (event) => {
        const answer = await worker(event, lambdaContext('endpoint-check-worker', 'bench'));
        failed += answer.batchItemFailures.length;
      });
      const seconds = (performance.now() - started) / 1000;
      const checks = messages.length;
      const perCheck = (value: number) => (checks === 0 ? 0 : value / checks).toFixed(2);
      const itemsRead =
        reads.index + reads.schedules + reads.tokens + reads.workspaces + reads.other;
      console.log(
        `\nEndpoint checks: ${checks.toLocaleString('en-US')} endpoints (${dispatched.due} certificates) against ${SERVERS} local TLS servers`,
      );
      console.log(
        `  total ${seconds.toFixed(1)} s (dispatch ${dispatchSeconds.toFixed(2)} s), ${(checks / seconds).toFixed(0)} checks/s, ${failed} failed`,
      );
      console.log(
        `  items read per check: ${perCheck(itemsRead)} (index ${perCheck(reads.index)}, schedules ${perCheck(reads.schedules)}, tokens ${perCheck(reads.tokens)}, workspaces ${perCheck(reads.workspaces)}, other ${perCheck(reads.other)}); ${reads.requests} requests in all`,
      );
    } finally {
      await Promise.all(
        servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
      );
    }
  });
}

if (require.main === module) {
  measureEndpointChecks().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
