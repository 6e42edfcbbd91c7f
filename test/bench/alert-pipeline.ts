/**
 * Alert pipeline (budgets: docs/architecture.md): 10,000 alerts (one per due token, each to one
 * email address and one webhook) through the scan, the SQS emulator, the local queue poller and
 * the worker, with 20% of channel sends failing at random (injected through the worker's mailer
 * and webhook ports). Retries back off 1 s; dead letters are requeued as the requeue route does.
 * Prints deliveries lost and sent twice (budget 0 and 0) and the time taken.
 *
 * Starts its own emulators. Standalone: `npx tsx test/bench/alert-pipeline.ts`.
 */
import { performance } from 'node:perf_hooks';
import { drainAlertQueue, workerReadsLine } from './alert-queue-drain';
import { withBenchEmulators } from './bench-emulators';

const FAILURE_RATE = 0.2;

export async function measureAlertPipeline(options: { alerts?: number } = {}): Promise<void> {
  const alertCount = options.alerts ?? 10_000;
  await withBenchEmulators(
    'pipeline-bench',
    async (emulators) => {
      const { addCalendarDays } = await import('@expiry-radar/shared/domain/calendar-date');
      const { runExpiryScan } = await import('@expiry-radar/functions/jobs/expiry-scan');
      const { createAlertWorker } = await import('@expiry-radar/functions/jobs/alert-worker');
      const { readAlertSettingsRecord, writeAlertSettings } =
        await import('@expiry-radar/functions/data/alert-settings-records');
      const { WebhookDeliveryError } =
        await import('@expiry-radar/functions/domain/alert-channels');
      const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
      const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
      const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');

      const now = new Date();
      const perWorkspace = 2_500;
      const workspaceIds: string[] = [];
      for (let seeded = 0; seeded < alertCount; seeded += perWorkspace) {
        const owner = await givenSignedInUser({ plan: 'enterprise' });
        const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'enterprise' });
        workspaceIds.push(workspaceId);
        const settings = await readAlertSettingsRecord(workspaceId);
        await writeAlertSettings({
          workspaceId,
          changes: {
            ...settings.settings,
            webhook_urls: [{ name: 'ops', kind: 'generic', url: 'https://hooks.example.com/in' }],
          },
          expectedRevision: settings.revision,
          now,
        });
        const tokens = Array.from({ length: Math.min(perWorkspace, alertCount - seeded) }, (_, i) =>
          buildToken(workspaceId, {
            name: `Token ${seeded + i}`,
            expiresAt: addCalendarDays(now, 7),
          }),
        );
        await seedTokens(workspaceId, tokens, 8, () => ({
          nextAlertAt: `${addCalendarDays(now, 0)}T00:00:00.000Z`,
          lastAlert: null,
        }));
      }

      const sends = new Map<string, number>();
      let injectedFailures = 0;
      const deliver = (key: string) => {
        if (Math.random() < FAILURE_RATE) {
          injectedFailures += 1;
          throw new WebhookDeliveryError('rejected', 'Injected failure', 503);
        }
        sends.set(key, (sends.get(key) ?? 0) + 1);
      };
      const worker = createAlertWorker({
        ports: {
          mailer: {
            send: (message) => {
              // One email per address lists its due tokens, a row each: a delivery per row.
              const rows = message.text.match(/^Token \d+ (?=expires)/gm) ?? [];
              if (Math.random() < FAILURE_RATE) {
                injectedFailures += 1;
                throw new WebhookDeliveryError('rejected', 'Injected failure', 503);
              }
              for (const row of rows) {
                const key = `${row.trim()}|${message.to}`;
                sends.set(key, (sends.get(key) ?? 0) + 1);
              }
              return Promise.resolve();
            },
          },
          sendWebhook: ({ notice, channel }) => {
            deliver(`${notice.alertId}|${channel.name}`);
            return Promise.resolve({ status: 204 });
          },
        },
      });
      const started = performance.now();
      const scan = await runExpiryScan(now);
      const expected = scan.queued * 2;
      const drain = await drainAlertQueue({
        emulators,
        worker,
        workspaceIds,
        started,
        done: () => sends.size >= expected,
        progress: () => `${sends.size}/${expected} delivered`,
      });
      const { requeued, seconds } = drain;
      const delivered = sends.size;
      const twice = [...sends.values()].filter((count) => count > 1).length;
      const lost = expected - delivered;
      console.log(
        `\nAlert pipeline: ${scan.queued.toLocaleString('en-US')} alerts, ${expected.toLocaleString('en-US')} deliveries, ${Math.round(FAILURE_RATE * 100)}% of sends failing`,
      );
      console.log(
        `  lost: ${lost} [budget 0]; sent twice: ${twice} [budget 0]; injected failures: ${injectedFailures}; requeued from failed/dead letters: ${requeued}`,
      );
      console.log(workerReadsLine(drain));
      console.log(
        `  time: ${seconds.toFixed(1)} s (scan, queue, worker with 1 s backoff): ${lost === 0 && twice === 0 ? 'within budget' : 'OVER BUDGET'}`,
      );
    },
    { ALERT_RETRY_BASE_SECONDS: '1', ALERT_RETRY_MAX_SECONDS: '1' },
  );
}

if (require.main === module) {
  measureAlertPipeline().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
