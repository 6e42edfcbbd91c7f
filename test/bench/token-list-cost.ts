/**
 * Token list cost (budgets: docs/architecture.md): a 100-item `GET /api/tokens` page from a
 * workspace of 5,000 tokens, through the real handler, against the raw DynamoDB Query of gsi2
 * for the same 100 items (budget: at most 1.5x), with the items each one reads. Also a search
 * page, which reads every token of the workspace (bounded by the plan's token limit) and so is
 * compared both with the raw read of every token and with the raw 100-item page.
 *
 * Starts its own emulators (DynamoDB Local, SQS, SES) in this process and stops them at the end.
 * Standalone: `npx tsx test/bench/token-list-cost.ts`; also part of `npm run bench`.
 */
import { performance } from 'node:perf_hooks';
import type { ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { withBenchEmulators } from './bench-emulators';

const BUDGET_RATIO = 1.5;
const SECTIONS = ['platform', 'payments', 'identity', 'data', null] as const;

export interface TokenListCostOptions {
  /** Tokens seeded into the workspace (5,000: the Team plan's token limit). */
  readonly tokens?: number;
  /** Timed runs of each measurement, after warm-up runs. */
  readonly runs?: number;
}

/** What DynamoDB read for one measured call, counted around the document client's `send`. */
interface Reads {
  requests: number;
  /** Token items read by Queries (ScannedCount: before any filter). */
  tokenItems: number;
  /** Items read by GetItem and BatchGetItem (session, user, workspace, membership). */
  otherItems: number;
  /** Read capacity units DynamoDB reports (ReturnConsumedCapacity TOTAL). */
  capacity: number;
  capacityReported: boolean;
}

const noReads = (): Reads => ({
  requests: 0,
  tokenItems: 0,
  otherItems: 0,
  capacity: 0,
  capacityReported: false,
});

interface Measurement {
  readonly label: string;
  readonly timings: number[];
  readonly reads: Reads;
}

type ConsumedCapacity = { CapacityUnits?: number } | undefined;

function count(reads: Reads, output: ServiceOutputTypes): void {
  reads.requests += 1;
  const result = output as {
    ScannedCount?: number;
    Item?: unknown;
    Responses?: Record<string, unknown[]>;
    ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[];
  };
  if (typeof result.ScannedCount === 'number') reads.tokenItems += result.ScannedCount;
  else if (result.Responses) {
    reads.otherItems += Object.values(result.Responses).reduce(
      (sum, items) => sum + items.length,
      0,
    );
  } else if (result.Item) reads.otherItems += 1;
  const capacities = [result.ConsumedCapacity ?? []].flat();
  for (const capacity of capacities) {
    if (typeof capacity?.CapacityUnits !== 'number') continue;
    reads.capacity += capacity.CapacityUnits;
    reads.capacityReported = true;
  }
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;

function stats(timings: readonly number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const thousands = (value: number) => value.toLocaleString('en-US');

function describeReads(reads: Reads): string {
  const capacity = reads.capacityReported ? `${reads.capacity.toFixed(1)} RCU` : 'RCU not reported';
  return `${thousands(reads.tokenItems)} token items + ${reads.otherItems} other items read in ${reads.requests} requests, ${capacity}`;
}

function printMeasurement({ label, timings, reads }: Measurement): void {
  const { median, p95 } = stats(timings);
  console.log(`  ${label}`);
  console.log(
    `    median ${ms(median).padStart(10)}   p95 ${ms(p95).padStart(10)}   ${describeReads(reads)}`,
  );
}

function printRatio(label: string, measured: Measurement, baseline: Measurement, budget?: number) {
  const a = stats(measured.timings);
  const b = stats(baseline.timings);
  const verdict = (ratio: number) =>
    budget === undefined ? '' : ratio <= budget ? ' (within budget)' : ' (OVER budget)';
  const timeRatio = a.median / b.median;
  const parts = [
    `time median ${timeRatio.toFixed(2)}x${verdict(timeRatio)}, p95 ${(a.p95 / b.p95).toFixed(2)}x`,
  ];
  if (measured.reads.capacityReported && baseline.reads.capacityReported) {
    const capacityRatio = measured.reads.capacity / baseline.reads.capacity;
    parts.push(`read capacity ${capacityRatio.toFixed(2)}x${verdict(capacityRatio)}`);
  }
  const itemRatio = measured.reads.tokenItems / baseline.reads.tokenItems;
  parts.push(`token items read ${itemRatio.toFixed(2)}x${verdict(itemRatio)}`);
  const budgetNote = budget === undefined ? ' [no budget: informational]' : ` [budget ${budget}x]`;
  console.log(`  ${label}: ${parts.join('; ')}${budgetNote}`);
}

/** Seeds, measures and prints; starts and stops its own emulators. */
export async function measureTokenListCost(options: TokenListCostOptions = {}): Promise<void> {
  const tokenCount = options.tokens ?? 5_000;
  const runs = options.runs ?? 30;
  await withBenchEmulators('bench-token-list', () => measureAgainstEmulators(tokenCount, runs));
}

async function measureAgainstEmulators(tokenCount: number, runs: number): Promise<void> {
  // Imported after the environment points at the emulators: handlers read it on first use.
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { handler: listTokensHandler } =
    await import('@expiry-radar/functions/http/tokens/list-tokens');
  const { listTokens } = await import('@expiry-radar/functions/data/token-listing');
  const { keys, tokenIndexKeys, TOKEN_SORT_PREFIX } =
    await import('@expiry-radar/functions/data/keys');
  const { INDEX_NAMES } = await import('@expiry-radar/functions/data/table-definition');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const { getConfig } = await import('@expiry-radar/functions/platform/config');
  const { apiGatewayEvent, invoke } =
    await import('../../functions/test-support/api-gateway-event');
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');

  // Every DynamoDB call goes through the one document client: count what each call reads.
  const client = getDocumentClient();
  const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
  let meter: Reads | undefined;
  Object.assign(client, {
    send: async (command: { input?: Record<string, unknown> }) => {
      if (meter && command.input) command.input.ReturnConsumedCapacity = 'TOTAL';
      const output = await send(command);
      if (meter) count(meter, output);
      return output;
    },
  });

  // One Team workspace (limit 5,000) with an owner and a viewer, filled like a real inventory:
  // every category, four sections and unsectioned tokens, expiries spread over three years.
  const [owner, viewer] = await Promise.all([
    givenSignedInUser({ plan: 'team' }),
    givenSignedInUser({ plan: 'team' }),
  ]);
  const workspaceId = await givenWorkspace({
    ownerId: owner.userId,
    plan: 'team',
    members: [{ userId: viewer.userId, role: 'viewer' }],
  });
  const start = Date.UTC(2026, 0, 1);
  const tokens: Token[] = Array.from({ length: tokenCount }, (_, index) =>
    buildToken(workspaceId, {
      name: `Token ${String(index).padStart(5, '0')}`,
      category: CATEGORIES[index % CATEGORIES.length],
      expiresAt: new Date(start + ((index * 7919) % 1_095) * 86_400_000).toISOString().slice(0, 10),
      section: SECTIONS[index % SECTIONS.length] ?? null,
      vendor: index % 10 === 0 ? 'Acme Corporation' : 'Globex',
      description: `Seeded for the token list benchmark (#${index})`,
    }),
  );
  const seedStarted = performance.now();
  await seedTokens(workspaceId, tokens);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const listEvent = (query: string): APIGatewayProxyEventV2 =>
    apiGatewayEvent({
      method: 'GET',
      path: '/api/tokens',
      query: `workspace_id=${workspaceId}&${query}`,
      cookies: [viewer.cookie],
    });

  const { tableName } = getConfig();
  const rawPage = async () => {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: INDEX_NAMES.tokensByExpiry,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': tokenIndexKeys.partition(workspaceId, 'cert') },
        ScanIndexForward: true,
        Limit: 100,
      }),
    );
    return (page.Items ?? []).map((item) => String(item.id));
  };
  const rawEveryToken = async () => {
    let startKey: Record<string, unknown> | undefined;
    let read = 0;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': keys.workspace(workspaceId).pk,
            ':prefix': TOKEN_SORT_PREFIX,
          },
          ExclusiveStartKey: startKey,
        }),
      );
      read += page.Items?.length ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return read;
  };
  const throughHandler = (query: string) => async () => {
    const response = await invoke(listTokensHandler, listEvent(query));
    if (response.statusCode !== 200) {
      throw new Error(`GET /api/tokens answered ${response.statusCode}: ${response.body}`);
    }
    return response.json as { items: Array<{ id: string }>; total: number };
  };

  // The measured calls, interleaved so that both see the same state of the emulator.
  const measure = async (
    entries: ReadonlyArray<{ label: string; call: () => Promise<unknown> }>,
  ): Promise<Measurement[]> => {
    const results = entries.map(({ label }) => ({
      label,
      timings: [] as number[],
      reads: noReads(),
    }));
    for (let run = -5; run < runs; run += 1) {
      for (const [index, { call }] of entries.entries()) {
        meter = noReads();
        const started = performance.now();
        await call();
        const elapsed = performance.now() - started;
        if (run >= 0) {
          results[index]!.timings.push(elapsed);
          results[index]!.reads = meter;
        }
        meter = undefined;
      }
    }
    return results;
  };

  const pageQuery = 'category[]=cert&limit=100';
  const searchQuery = 'q=acme&category[]=cert&limit=100';
  const page = await throughHandler(pageQuery)();
  const rawIds = await rawPage();
  const samePage =
    page.items.length === 100 && page.items.every((token, index) => token.id === rawIds[index]);
  if (!samePage) throw new Error('The handler and the raw Query did not answer the same 100 items');
  const search = await throughHandler(searchQuery)();
  const { loadWorkspaceAccess } =
    await import('@expiry-radar/functions/services/workspaces/workspace-access');
  const { tokenCounters } = await loadWorkspaceAccess(workspaceId, {
    id: viewer.userId,
    twoFactorEnabled: false,
  });
  const listing = await listTokens({
    workspaceId,
    tokenCounters,
    q: undefined,
    category: ['cert'],
    sort: 'expiration_asc',
    section: undefined,
    offset: 0,
    limit: 100,
  });
  const searchListing = await listTokens({
    workspaceId,
    tokenCounters,
    q: 'acme',
    category: ['cert'],
    sort: 'expiration_asc',
    section: undefined,
    offset: 0,
    limit: 100,
  });

  const [handlerPage, rawPageMeasurement] = await measure([
    {
      label: `GET /api/tokens?${pageQuery} (handler: session, access, counters, page)`,
      call: throughHandler(pageQuery),
    },
    { label: 'raw DynamoDB Query on gsi2 for the same 100 items (Limit 100)', call: rawPage },
  ]);
  const [handlerSearch, rawEvery] = await measure([
    { label: `GET /api/tokens?${searchQuery} (handler)`, call: throughHandler(searchQuery) },
    {
      label: `raw DynamoDB Query of every token of the workspace (${thousands(tokenCount)} items)`,
      call: rawEveryToken,
    },
  ]);

  console.log(
    `Token list cost: one Team workspace of ${thousands(tokenCount)} tokens (seeded with BatchWrite in ${seedSeconds.toFixed(1)} s, counters total ${thousands(tokenCount)}), DynamoDB Local, ${runs} runs each after 5 warm-up runs`,
  );
  console.log('100-item page (no search), budget <= 1.5x the raw query:');
  printMeasurement(handlerPage!);
  printMeasurement(rawPageMeasurement!);
  printRatio('handler / raw', handlerPage!, rawPageMeasurement!, BUDGET_RATIO);
  console.log(
    `  same 100 items in the same order: yes; total ${thousands(page.total)} cert tokens; the listing's own counter: ${listing.itemsRead} token items read`,
  );
  console.log(
    `Search page (q=acme, ${thousands(search.total)} matches): reads every token of the workspace, bounded by the plan limit (Team: ${thousands(5_000)} tokens):`,
  );
  printMeasurement(handlerSearch!);
  printMeasurement(rawEvery!);
  printRatio('handler / raw read of every token', handlerSearch!, rawEvery!);
  printRatio('handler / raw 100-item page', handlerSearch!, rawPageMeasurement!);
  console.log(
    `  the listing's own counter: ${thousands(searchListing.itemsRead)} token items read for ${search.items.length} answered`,
  );
}

if (require.main === module) {
  measureTokenListCost().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
