/**
 * Alert digests (budgets: docs/architecture.md): 10,000 due tokens over 500 recipients (five
 * workspaces of 100 contact groups with one address each; each address is due 20 tokens) through
 * the scan, the SQS emulator, the local queue poller and the worker, with 20% of the emails
 * failing at random (injected through the worker's mailer port). Retries back off 1 s; dead
 * letters are requeued as the requeue route does. Prints the emails sent, the rows (one token to
 * one address) lost and sent twice (budget 0 and 0) and the time taken.
 *
 * Starts its own emulators. Standalone: `npx tsx test/bench/alert-digests.ts`.
 */
import { performance } from 'node:perf_hooks';
import { drainAlertQueue, workerReadsLine } from './alert-queue-drain';
import { withBenchEmulators } from './bench-emulators';

const FAILURE_RATE = 0.2;
const GROUPS_PER_WORKSPACE = 100;

export async function measureAlertDigests(
  options: { tokens?: number; recipients?: number } = {},
): Promise<void> {
  const tokenCount = options.tokens ?? 10_000;
  const recipientCount = options.recipients ?? 500;
  await withBenchEmulators(
    'digests-bench',
    async (emulators) => {
      const { addCalendarDays } = await import('@expiry-radar/shared/domain/calendar-date');
      const { runExpiryScan } = await import('@expiry-radar/functions/jobs/expiry-scan');
      const { createAlertWorker } = await import('@expiry-radar/functions/jobs/alert-worker');
      const { readAlertSettingsRecord, writeAlertSettings } =
        await import('@expiry-radar/functions/data/alert-settings-records');
      const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
      const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
      const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');

      const now = new Date();
      const workspaceCount = Math.ceil(recipientCount / GROUPS_PER_WORKSPACE);
      const tokensPerWorkspace = Math.ceil(tokenCount / workspaceCount);
      const workspaceIds: string[] = [];
      let seeded = 0;
      for (let w = 0; w < workspaceCount; w += 1) {
        const owner = await givenSignedInUser({ plan: 'enterprise' });
        const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'enterprise' });
        workspaceIds.push(workspaceId);
        const groups = Math.min(GROUPS_PER_WORKSPACE, recipientCount - w * GROUPS_PER_WORKSPACE);
        const settings = await readAlertSettingsRecord(workspaceId);
        await writeAlertSettings({
          workspaceId,
          changes: {
            ...settings.settings,
            webhook_urls: [],
            contact_groups: Array.from({ length: groups }, (_, g) => ({
              id: `g${g}`,
              name: `Group ${g}`,
              emails: [`recipient-${w * GROUPS_PER_WORKSPACE + g}@example.com`],
              webhook_names: [],
            })),
          },
          expectedRevision: settings.revision,
          now,
        });
        const count = Math.min(tokensPerWorkspace, tokenCount - seeded);
        const tokens = Array.from({ length: count }, (_, i) =>
          buildToken(workspaceId, {
            name: `Token ${seeded + i}`,
            expiresAt: addCalendarDays(now, 7),
            contact_group_id: `g${i % groups}`,
          }),
        );
        seeded += count;
        await seedTokens(workspaceId, tokens, 8, () => ({
          nextAlertAt: `${addCalendarDays(now, 0)}T00:00:00.000Z`,
          lastAlert: null,
        }));
      }

      /** Per token and address, how often a row of it was sent. */
      const rows = new Map<string, number>();
      let emailsSent = 0;
      let injectedFailures = 0;
      const worker = createAlertWorker({
        ports: {
          mailer: {
            send: (message) => {
              if (Math.random() < FAILURE_RATE) {
                injectedFailures += 1;
                return Promise.reject(new Error('Injected failure'));
              }
              emailsSent += 1;
              for (const row of message.text.match(/^Token \d+ (?=expires)/gm) ?? []) {
                const key = `${row.trim()}|${message.to}`;
                rows.set(key, (rows.get(key) ?? 0) + 1);
              }
              return Promise.resolve();
            },
          },
        },
      });

      const started = performance.now();
      const scan = await runExpiryScan(now);
      const scanSeconds = (performance.now() - started) / 1000;
      const expected = scan.queued;
      const drain = await drainAlertQueue({
        emulators,
        worker,
        workspaceIds,
        started,
        done: () => rows.size >= expected,
        progress: () => `${rows.size}/${expected} rows delivered in ${emailsSent} emails`,
      });
      const { requeued, seconds } = drain;
      const recipients = new Set([...rows.keys()].map((key) => key.split('|')[1])).size;
      const twice = [...rows.values()].filter((count) => count > 1).length;
      const lost = expected - rows.size;
      console.log(
        `\nAlert digests: ${scan.queued.toLocaleString('en-US')} due tokens over ${recipients} recipients, ${scan.digests} digests queued, ${Math.round(FAILURE_RATE * 100)}% of emails failing`,
      );
      console.log(
        `  emails sent: ${emailsSent} (${(expected / Math.max(1, emailsSent)).toFixed(1)} rows each); injected failures: ${injectedFailures}; requeued from failed/dead letters: ${requeued}`,
      );
      console.log(`  lost: ${lost} [budget 0]; sent twice: ${twice} [budget 0]`);
      console.log(workerReadsLine(drain));
      console.log(
        `  time: ${seconds.toFixed(1)} s (scan ${scanSeconds.toFixed(1)} s, then queue and worker with 1 s backoff): ${lost === 0 && twice === 0 ? 'within budget' : 'OVER BUDGET'}`,
      );
    },
    { ALERT_RETRY_BASE_SECONDS: '1', ALERT_RETRY_MAX_SECONDS: '1' },
  );
}

if (require.main === module) {
  measureAlertDigests().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
