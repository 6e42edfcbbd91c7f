/**
 * Expiry scan cost (budgets: docs/architecture.md): with 100,000 tokens of which 1% are due,
 * the items the scan reads against the items due (budget: at most 1.2x). The scan queries the
 * sparse due-alerts index (keys only) per shard and then reads each due token once, so both the
 * index items and the token items it reads are counted, each against the due count.
 *
 * Starts its own emulators. Standalone: `npx tsx test/bench/expiry-scan-cost.ts`.
 */
import { performance } from 'node:perf_hooks';
import type { ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import { withBenchEmulators } from './bench-emulators';

const BUDGET_RATIO = 1.2;

export async function measureExpiryScanCost(
  options: { tokens?: number; dueShare?: number } = {},
): Promise<void> {
  const tokenCount = options.tokens ?? 100_000;
  const dueShare = options.dueShare ?? 0.01;
  await withBenchEmulators('scan-bench', async () => {
    const { addCalendarDays } = await import('@expiry-radar/shared/domain/calendar-date');
    const { INDEX_NAMES } = await import('@expiry-radar/functions/data/table-definition');
    const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
    const { runExpiryScan } = await import('@expiry-radar/functions/jobs/expiry-scan');
    const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
    const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
    const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');

    const now = new Date();
    const perWorkspace = 5_000;
    const dueEvery = Math.round(1 / dueShare);
    let due = 0;
    const seedStarted = performance.now();
    for (let seeded = 0; seeded < tokenCount; seeded += perWorkspace) {
      const owner = await givenSignedInUser({ plan: 'enterprise' });
      const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'enterprise' });
      const tokens = Array.from({ length: Math.min(perWorkspace, tokenCount - seeded) }, (_, i) =>
        buildToken(workspaceId, {
          name: `Token ${seeded + i}`,
          expiresAt:
            (seeded + i) % dueEvery === 0 ? addCalendarDays(now, 7) : addCalendarDays(now, 200),
        }),
      );
      await seedTokens(workspaceId, tokens, 8, (token) => {
        const isDue = token.expiresAt === addCalendarDays(now, 7);
        if (isDue) due += 1;
        return {
          nextAlertAt: `${addCalendarDays(now, isDue ? 0 : 170)}T00:00:00.000Z`,
          lastAlert: null,
        };
      });
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const reads = { indexItems: 0, tokenItems: 0, otherItems: 0, requests: 0 };
    const client = getDocumentClient();
    const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
    Object.assign(client, {
      send: async (command: { input?: { IndexName?: string } }) => {
        const output = (await send(command)) as {
          ScannedCount?: number;
          Responses?: Record<string, { sk?: string }[]>;
          Item?: unknown;
        };
        reads.requests += 1;
        if (typeof output.ScannedCount === 'number') {
          if (command.input?.IndexName === INDEX_NAMES.dueAlerts)
            reads.indexItems += output.ScannedCount;
          else reads.otherItems += output.ScannedCount;
        } else if (output.Responses) {
          for (const item of Object.values(output.Responses).flat()) {
            if (String(item.sk).startsWith('TOKEN#')) reads.tokenItems += 1;
            else reads.otherItems += 1;
          }
        } else if (output.Item) reads.otherItems += 1;
        return output;
      },
    });
    let enqueued = 0;
    const started = performance.now();
    const result = await runExpiryScan(now, {
      enqueue: (messages) => Promise.resolve(void (enqueued += messages.length)),
    });
    const seconds = (performance.now() - started) / 1000;
    const ratio = (value: number) => (due === 0 ? 0 : value / due);
    const within =
      ratio(reads.indexItems) <= BUDGET_RATIO && ratio(reads.tokenItems) <= BUDGET_RATIO;
    console.log(
      `\nExpiry scan cost: ${tokenCount.toLocaleString('en-US')} tokens, ${due.toLocaleString('en-US')} due (seeded in ${seedSeconds.toFixed(0)} s)`,
    );
    console.log(
      `  due-alerts index items read: ${reads.indexItems} (${ratio(reads.indexItems).toFixed(2)}x due) [budget ${BUDGET_RATIO}x]`,
    );
    console.log(
      `  token items read: ${reads.tokenItems} (${ratio(reads.tokenItems).toFixed(2)}x due) [budget ${BUDGET_RATIO}x]`,
    );
    console.log(
      `  other items read: ${reads.otherItems} (workspace and alert-settings items, per workspace); ${reads.requests} requests in all`,
    );
    console.log(
      `  queued ${result.queued} (enqueued ${enqueued}) in ${seconds.toFixed(1)} s: ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
  });
}

if (require.main === module) {
  measureExpiryScanCost().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
