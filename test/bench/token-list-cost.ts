/**
 * Token list and search cost (budgets: docs/architecture.md), for workspaces of 5,000 and
 * 100,000 tokens, through the real `GET /api/tokens` handler:
 *
 * - a 100-item page without search against the raw DynamoDB Query of gsi2 for the same 100 items
 *   (budget: at most 1.5x on time, 1.2x on items read);
 * - search pages (a common term with 100 shown, a term matching one token, and one matching 100,
 *   the names that begin with `token 0012`): items read per result shown (budget: at most 5 at
 *   5,000 tokens, 20 at 100,000) and time, against the raw page query and against what a search
 *   read before the search index (every token); the read units each search consumes, the
 *   index's and the page's tokens' (budget at 100,000 tokens: 20 RU per search);
 * - write capacity per create, edit and delete: the transaction alone against the same
 *   transaction without the search delta (what these writes sent before), and all writes of 200
 *   creates, edits and deletes (compactions included) per write.
 *
 * Seeding writes the tokens and their search deltas with a few BatchWrites at a time, then the
 * app's own compaction folds the deltas into packs (data/search-index-compaction). Starts its own emulators (DynamoDB Local, SQS, SES) in
 * this process per size. Standalone: `npx tsx test/bench/token-list-cost.ts [tokens…]`; also
 * part of `npm run bench` (`npm run bench -- token-list`).
 */
import { performance } from 'node:perf_hooks';
import type { ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { withBenchEmulators } from './bench-emulators';
import { missingBatchKeyUnits } from './dynamodb-usage';

const LIST_TIME_BUDGET = 1.5;
const LIST_ITEMS_BUDGET = 1.2;
const SEARCH_ITEMS_PER_RESULT_BUDGET: Readonly<Record<number, number>> = {
  5_000: 5,
  100_000: 20,
};
/** Read units one search may consume, by workspace size (docs/architecture.md). */
const SEARCH_READ_UNITS_BUDGET: Readonly<Record<number, number>> = { 100_000: 20 };
const WRITE_BUDGET = 2;
/** BatchWrites in flight while seeding: more makes DynamoDB Local time out on its locks. */
const SEED_CONCURRENCY = 4;
const EVERY_TOKEN_TIMED_UP_TO = 10_000;
/**
 * Untimed runs before the page and its raw Query are timed. DynamoDB Local is Java: its JIT
 * compiles a request path only after hundreds of calls. The raw Query was steady after about
 * 500 runs; the access check's BatchGetItem (a path the raw Query never takes) kept getting
 * faster until about 1,000 (medians of 100 runs at 5,000 tokens: 10.5 ms, 7.4 at 200, 5.7 at
 * 600, 3.5 at 1,000 and after), and after 300 runs it was still slower than the page's Query
 * it runs beside, so the handler was timed waiting on an emulator half-compiled. A deployed
 * DynamoDB has no such warm-up, so both are timed warm.
 */
const PAGE_WARM_UP_RUNS = 1_200;
/** The page and its raw Query take milliseconds: this many timed runs keep their medians steady. */
const PAGE_TIMED_RUNS = 100;
/** Searches decode packs in the handler (Node's JIT warms quickly); their time has no budget. */
const SEARCH_WARM_UP_RUNS = 3;
const SECTIONS = ['platform', 'payments', 'identity', 'data', null] as const;
const WRITE_COMMANDS = new Set([
  'TransactWriteCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchWriteCommand',
]);

export interface TokenListCostOptions {
  /** Workspace sizes to measure (default 5,000 and 100,000 tokens). */
  readonly sizes?: readonly number[];
  /** Timed runs of each search (the page and its raw Query have PAGE_TIMED_RUNS). */
  readonly runs?: number;
}

/** What DynamoDB read and wrote for one measured call, counted around the client's `send`. */
interface Usage {
  requests: number;
  /** Items read by Queries (ScannedCount), GetItem and BatchGetItem. */
  itemsRead: number;
  readUnits: number;
  /** Of readUnits, those of BatchGetItems of token items (a search's page or its candidates). */
  tokenReadUnits: number;
  writeUnits: number;
  capacityReported: boolean;
}

const noUsage = (): Usage => ({
  requests: 0,
  itemsRead: 0,
  readUnits: 0,
  tokenReadUnits: 0,
  writeUnits: 0,
  capacityReported: false,
});

type ConsumedCapacity = { CapacityUnits?: number } | undefined;

/** Whether a command is a BatchGetItem of token items only. */
function readsTokens(commandName: string, input: Record<string, unknown> | undefined): boolean {
  if (commandName !== 'BatchGetCommand' || !input) return false;
  const requests = Object.values(input.RequestItems as Record<string, { Keys: { sk: string }[] }>);
  return requests.every(({ Keys }) => Keys.every(({ sk }) => sk.startsWith('TOKEN#')));
}

function count(
  usage: Usage,
  command: { input?: unknown; constructor: { name: string } },
  output: ServiceOutputTypes,
  tokens: boolean,
): void {
  const commandName = command.constructor.name;
  usage.requests += 1;
  const result = output as {
    ScannedCount?: number;
    Item?: unknown;
    Responses?: Record<string, unknown[]>;
    ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[];
  };
  if (typeof result.ScannedCount === 'number') usage.itemsRead += result.ScannedCount;
  else if (result.Responses) {
    usage.itemsRead += Object.values(result.Responses).reduce(
      (sum, items) => sum + items.length,
      0,
    );
  } else if (result.Item) usage.itemsRead += 1;
  for (const capacity of [result.ConsumedCapacity ?? []].flat()) {
    if (typeof capacity?.CapacityUnits !== 'number') continue;
    if (WRITE_COMMANDS.has(commandName)) usage.writeUnits += capacity.CapacityUnits;
    else usage.readUnits += capacity.CapacityUnits;
    if (tokens) usage.tokenReadUnits += capacity.CapacityUnits;
    usage.capacityReported = true;
  }
  const missing = usage.capacityReported ? missingBatchKeyUnits(command, output) : 0;
  usage.readUnits += missing;
  if (tokens) usage.tokenReadUnits += missing;
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;

function median(timings: readonly number[]): number {
  return percentile(
    [...timings].sort((a, b) => a - b),
    0.5,
  );
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const thousands = (value: number) => value.toLocaleString('en-US');
const verdict = (value: number, budget: number) =>
  value <= budget ? `within budget ${budget}x` : `OVER budget ${budget}x`;

interface Measurement {
  readonly label: string;
  readonly timings: number[];
  usage: Usage;
}

function describe({ label, timings, usage }: Measurement): string {
  return `  ${label}\n    median ${ms(median(timings)).padStart(11)}   ${thousands(usage.itemsRead)} items read in ${usage.requests} requests, ${usage.readUnits.toFixed(1)} RCU`;
}

/**
 * A search's read units (the list call alone: the access check's read is the page's too) and how
 * many of them were its tokens' (the page's, or the candidates it checked), against the budget.
 */
function readUnitsLine(search: Usage, budget: number | undefined): string {
  if (!search.capacityReported) return 'read units: not reported by DynamoDB Local';
  const units = search.readUnits;
  const tokens = search.tokenReadUnits;
  const judged =
    budget === undefined
      ? '[no budget at this size]'
      : `[budget ${budget} RU: ${units <= budget ? 'within' : 'OVER'}]`;
  return `read units per search: ${units.toFixed(1)} RU (the index ${(units - tokens).toFixed(1)} RU, its tokens read ${tokens.toFixed(1)} RU) ${judged}`;
}

/** Seeds, measures and prints; starts and stops its own emulators for each size. */
export async function measureTokenListCost(options: TokenListCostOptions = {}): Promise<void> {
  const sizes = options.sizes ?? [5_000, 100_000];
  for (const size of sizes) {
    const runs = options.runs ?? (size > 10_000 ? 20 : 30);
    await withBenchEmulators(`bench-token-list-${size}`, () => measureAgainstEmulators(size, runs));
  }
}

async function measureAgainstEmulators(tokenCount: number, runs: number): Promise<void> {
  // Imported after the environment points at the emulators: handlers read it on first use.
  const { QueryCommand, TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { handler: listTokensHandler } =
    await import('@expiry-radar/functions/http/tokens/list-tokens');
  const { listTokens } = await import('@expiry-radar/functions/data/token-listing');
  const { readSearchIndex } = await import('@expiry-radar/functions/data/search-index');
  const { readManifest } = await import('@expiry-radar/functions/data/search-index-store');
  const { compactSearchIndex, rebuildBaseIfDue } =
    await import('@expiry-radar/functions/data/search-index-compaction');
  const { createToken, deleteToken, updateToken } =
    await import('@expiry-radar/functions/data/token-mutations');
  const {
    counterCellOf,
    deleteTokenItem,
    pruneEmptyCounters,
    putNewTokenItem,
    readTokenCounters,
    replaceTokenItem,
    workspaceChangeItem,
  } = await import('@expiry-radar/functions/data/token-records');
  const { armTokens } = await import('@expiry-radar/functions/data/alert-arming');
  const { keys, tokenIndexKeys, TOKEN_SORT_PREFIX } =
    await import('@expiry-radar/functions/data/keys');
  const { INDEX_NAMES } = await import('@expiry-radar/functions/data/table-definition');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const { getConfig } = await import('@expiry-radar/functions/platform/config');
  const { apiGatewayEvent } = await import('../../functions/test-support/api-gateway-event');
  const { lambdaContext } = await import('@expiry-radar/functions/local/lambda-http-adapter');
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');

  // Every DynamoDB call goes through the one document client: count what each call reads.
  const client = getDocumentClient();
  const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
  let meter: Usage | undefined;
  Object.assign(client, {
    send: async (command: { input?: Record<string, unknown>; constructor: { name: string } }) => {
      const metered = meter;
      if (metered && command.input) command.input.ReturnConsumedCapacity = 'TOTAL';
      const output = await send(command);
      if (metered) {
        count(metered, command, output, readsTokens(command.constructor.name, command.input));
      }
      return output;
    },
  });
  const metered = async <T>(call: () => Promise<T>): Promise<{ result: T; usage: Usage }> => {
    meter = noUsage();
    const usage = meter;
    try {
      return { result: await call(), usage };
    } finally {
      meter = undefined;
    }
  };

  // One workspace (Enterprise: no token limit) with an owner and a viewer, filled like a real
  // inventory: every category, four sections and unsectioned tokens, expiries over three years.
  const [owner, viewer] = await Promise.all([
    givenSignedInUser({ plan: 'enterprise' }),
    givenSignedInUser({ plan: 'enterprise' }),
  ]);
  const workspaceId = await givenWorkspace({
    ownerId: owner.userId,
    plan: 'enterprise',
    members: [{ userId: viewer.userId, role: 'viewer' }],
  });
  const digits = String(tokenCount).length;
  const start = Date.UTC(2026, 0, 1);
  // Seeded in a function of its own: the 100,000 tokens and their entries are garbage once it
  // returns, so that the measured calls run in a heap like a Lambda's.
  const seed = async () => {
    const tokens: Token[] = Array.from({ length: tokenCount }, (_, index) =>
      buildToken(workspaceId, {
        name: `Token ${String(index).padStart(digits, '0')}`,
        category: CATEGORIES[index % CATEGORIES.length],
        expiresAt: new Date(start + ((index * 7919) % 1_095) * 86_400_000)
          .toISOString()
          .slice(0, 10),
        section: SECTIONS[index % SECTIONS.length] ?? null,
        vendor: index % 10 === 0 ? 'Acme Corporation' : 'Globex',
        description: `Seeded for the token list benchmark (#${index})`,
      }),
    );
    // Token items and their search deltas (as token writes leave them, packed into fewer
    // items), a few BatchWrites at a time; the workspace's index exists (its first search built
    // it, empty), and the app's own compaction folds the deltas into packs.
    await readSearchIndex(workspaceId);
    const seedStarted = performance.now();
    await seedTokens(workspaceId, tokens, SEED_CONCURRENCY);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const compactStarted = performance.now();
    const { usage } = await metered(() => compactSearchIndex(workspaceId));
    const compactSeconds = (performance.now() - compactStarted) / 1000;
    // A base keeps a limited number of tokens read per build: the compactions of the next writes
    // build it again until it keeps nearly all (data/search-base-tokens.ts); here at once.
    const rebuildStarted = performance.now();
    const { result: rebuilds, usage: rebuilding } = await metered(async () => {
      let built = 0;
      while (await rebuildBaseIfDue(workspaceId)) built += 1;
      return built;
    });
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    const base = (await readManifest(workspaceId))?.base ?? null;
    const index = await readSearchIndex(workspaceId);
    if (index.entries.length !== tokenCount) {
      throw new Error(`The search index holds ${index.entries.length} tokens of ${tokenCount}`);
    }
    return {
      seedSeconds,
      compactSeconds,
      compaction: usage,
      packs: index.itemsRead - 1,
      rebuilds,
      rebuildSeconds,
      rebuilding,
      base,
    };
  };
  const {
    seedSeconds,
    compactSeconds,
    compaction,
    packs,
    rebuilds,
    rebuildSeconds,
    rebuilding,
    base,
  } = await seed();
  console.log(
    `Token list and search cost: one workspace of ${thousands(tokenCount)} tokens, DynamoDB Local, the page and its raw Query ${PAGE_TIMED_RUNS} timed runs each after ${PAGE_WARM_UP_RUNS} warm-up runs, each search ${runs} after ${SEARCH_WARM_UP_RUNS}`,
  );
  console.log(
    `  seeded with BatchWrite, ${SEED_CONCURRENCY} at a time, in ${seedSeconds.toFixed(1)} s; the app's compaction folded the deltas into ${packs} packs in ${compactSeconds.toFixed(1)} s (${thousands(compaction.itemsRead)} items read, ${compaction.writeUnits.toFixed(0)} WCU)`,
  );
  if (rebuilds > 0) {
    console.log(
      `  the search base built again ${rebuilds} more times until it kept its tokens, in ${rebuildSeconds.toFixed(1)} s (${thousands(rebuilding.itemsRead)} items read, ${rebuilding.writeUnits.toFixed(0)} WCU: ${(rebuilding.writeUnits / rebuilds).toFixed(0)} a build, the base it replaces left to the table's TTL)`,
    );
  }
  if (base) {
    // Gram buckets, chunks of ids, the shared texts and the categories' heads.
    const heads = base.heads ?? [];
    const parts =
      base.buckets +
      Math.ceil(base.entries / base.chunkSize) +
      (heads.length > 0 ? 1 : 0) +
      heads.reduce((sum, { chunks }) => sum + chunks, 0);
    console.log(
      `  its base: ${thousands(parts)} parts, ${(base.bytes / 1e6).toFixed(2)} MB deflated, lacking the tokens of ${thousands(base.tokensMissing ?? base.entries)} of its ${thousands(base.entries)} entries`,
    );
  }

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
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  /**
   * The handler as Lambda runs it: the timed calls check its answer but do not parse it (parsing
   * the JSON body is the caller's work, as the raw Query's timing holds no encoding of its items).
   */
  const handle = async (query: string) => {
    const event = listEvent(query);
    const response = (await listTokensHandler(
      event,
      lambdaContext('listTokens', event.requestContext.requestId),
    )) as { statusCode?: number; body?: string };
    if (response.statusCode !== 200) {
      throw new Error(`GET /api/tokens answered ${response.statusCode}: ${response.body}`);
    }
    return response;
  };
  const answerOf = async (query: string) =>
    JSON.parse((await handle(query)).body ?? '') as { items: Array<{ id: string }>; total: number };
  const throughHandler = (query: string) => async () => {
    await handle(query);
  };

  // The measured calls, interleaved so that each sees the same state of the emulator.
  const measure = async (
    entries: ReadonlyArray<{ label: string; call: () => Promise<unknown> }>,
    { timedRuns = runs, warmUpRuns }: { timedRuns?: number; warmUpRuns: number },
  ): Promise<Measurement[]> => {
    const results: Measurement[] = entries.map(({ label }) => ({
      label,
      timings: [],
      usage: noUsage(),
    }));
    for (let run = -warmUpRuns; run < timedRuns; run += 1) {
      for (const [position, { call }] of entries.entries()) {
        const started = performance.now();
        const { usage } = await metered(call);
        const elapsed = performance.now() - started;
        if (run >= 0) {
          results[position]!.timings.push(elapsed);
          results[position]!.usage = usage;
        }
      }
    }
    return results;
  };

  const pageQuery = 'category[]=cert&limit=100';
  const commonQuery = 'q=acme&category[]=cert&limit=100';
  const oneName = `token ${String(Math.floor(tokenCount / 2) + 3).padStart(digits, '0')}`;
  const oneQuery = `q=${encodeURIComponent(oneName)}&limit=100`;
  // A page of exactly 100 results, all it matches: the names that begin with these digits.
  const hundredName = `token ${String(12).padStart(digits - 2, '0')}`;
  const hundredQuery = `q=${encodeURIComponent(hundredName)}&limit=100`;
  const page = await answerOf(pageQuery);
  const rawIds = await rawPage();
  const samePage =
    page.items.length === 100 && page.items.every((token, at) => token.id === rawIds[at]);
  if (!samePage) throw new Error('The handler and the raw Query did not answer the same 100 items');
  const common = await answerOf(commonQuery);
  const one = await answerOf(oneQuery);
  const hundred = await answerOf(hundredQuery);
  const counters = await readTokenCounters(workspaceId);
  const listingOf = (q: string | undefined, category: ['cert'] | undefined) =>
    listTokens({
      workspaceId,
      tokenCounters: counters,
      q,
      category,
      sort: 'expiration_asc',
      section: undefined,
      offset: 0,
      limit: 100,
    });
  // One at a time, so that each search's read units are its own.
  const searchCost = async (q: string | undefined, category: ['cert'] | undefined) => {
    const { result, usage } = await metered(() => listingOf(q, category));
    return { listing: result, usage };
  };
  const listing = await listingOf(undefined, ['cert']);
  const commonCost = await searchCost('acme', ['cert']);
  const oneCost = await searchCost(oneName, undefined);
  const hundredCost = await searchCost(hundredName, undefined);
  const [commonListing, oneListing, hundredListing] = [
    commonCost.listing,
    oneCost.listing,
    hundredCost.listing,
  ];

  // The page and its raw Query in turns; the searches apart, so that the garbage of decoding
  // their packs is not collected during the page's turn.
  const [handlerPage, rawPageTime] = await measure(
    [
      { label: `GET /api/tokens?${pageQuery} (handler)`, call: throughHandler(pageQuery) },
      { label: 'raw DynamoDB Query on gsi2 for the same 100 items (Limit 100)', call: rawPage },
    ],
    { timedRuns: PAGE_TIMED_RUNS, warmUpRuns: PAGE_WARM_UP_RUNS },
  );
  const [commonSearch, oneSearch, hundredSearch] = await measure(
    [
      { label: `GET /api/tokens?${commonQuery} (handler)`, call: throughHandler(commonQuery) },
      { label: `GET /api/tokens?${oneQuery} (handler)`, call: throughHandler(oneQuery) },
      { label: `GET /api/tokens?${hundredQuery} (handler)`, call: throughHandler(hundredQuery) },
    ],
    { warmUpRuns: SEARCH_WARM_UP_RUNS },
  );
  // DynamoDB Local pages through one partition in a time that grows with the square of its size
  // (100,000 tokens: about 8 minutes), so the read of every token is timed at small sizes only.
  const [everyToken] =
    tokenCount <= EVERY_TOKEN_TIMED_UP_TO
      ? await measure(
          [
            {
              label: `before the index, a search read every token: raw Query of ${thousands(tokenCount)} items`,
              call: rawEveryToken,
            },
          ],
          { timedRuns: 5, warmUpRuns: SEARCH_WARM_UP_RUNS },
        )
      : [];

  const pageTime = median(handlerPage!.timings) / median(rawPageTime!.timings);
  const pageItems = handlerPage!.usage.itemsRead / rawPageTime!.usage.itemsRead;
  if (listing.itemsRead !== rawPageTime!.usage.itemsRead) {
    throw new Error(`The page read ${listing.itemsRead} token items, the raw Query 100`);
  }
  console.log('100-item page (no search):');
  console.log(describe(handlerPage!));
  console.log(describe(rawPageTime!));
  console.log(
    `  handler / raw: time median ${pageTime.toFixed(2)}x (${verdict(pageTime, LIST_TIME_BUDGET)}); items read ${pageItems.toFixed(2)}x (${verdict(pageItems, LIST_ITEMS_BUDGET)}): the page's tokens and the session, user, workspace and membership the access check read in one BatchGetItem`,
  );
  const budget = SEARCH_ITEMS_PER_RESULT_BUDGET[tokenCount];
  const unitsBudget = SEARCH_READ_UNITS_BUDGET[tokenCount];
  for (const [measurement, listed, shown, total, cost] of [
    [commonSearch!, commonListing, common.items.length, common.total, commonCost],
    [oneSearch!, oneListing, one.items.length, one.total, oneCost],
    [hundredSearch!, hundredListing, hundred.items.length, hundred.total, hundredCost],
  ] as const) {
    const perResult = listed.itemsRead / Math.max(1, shown);
    console.log(`Search page (${thousands(total)} matches, ${shown} shown):`);
    console.log(describe(measurement));
    console.log(
      `  items read / results shown: ${listed.itemsRead} / ${shown} = ${perResult.toFixed(2)}${budget === undefined ? ' [no budget at this size]' : ` (${verdict(perResult, budget)})`}; time ${(median(measurement.timings) / median(rawPageTime!.timings)).toFixed(2)}x the raw page query`,
    );
    console.log(`  ${readUnitsLine(cost.usage, unitsBudget)}`);
  }
  if (everyToken) {
    console.log(describe(everyToken));
    console.log(
      `  the common search now takes ${(median(commonSearch!.timings) / median(everyToken.timings)).toFixed(3)}x that time and reads ${(commonListing.itemsRead / tokenCount).toFixed(4)}x those items`,
    );
  } else {
    console.log(
      `  before the index, a search read every token: the common search now reads ${(commonListing.itemsRead / tokenCount).toFixed(4)}x those ${thousands(tokenCount)} items (not timed: DynamoDB Local takes minutes to page through them)`,
    );
  }

  // Write capacity: each write's transaction with its search delta, against the same
  // transaction without it (what these writes sent before the index), in the same workspace.
  const sample = (at: number) =>
    buildToken(workspaceId, { name: `Written ${at}`, category: 'cert', vendor: 'Initech' });
  const fieldsOf = ({ id: _i, created_at: _c, updated_at: _u, workspace_id: _w, ...rest }: Token) =>
    rest;
  const noCompaction = async <T>(call: () => Promise<T>) => {
    const random = Math.random;
    Math.random = () => 0.999;
    try {
      return await call();
    } finally {
      Math.random = random;
    }
  };
  // The first write of a workspace also creates its alert settings: not part of what is compared.
  await createToken({
    workspaceId,
    fields: fieldsOf(sample(-1)),
    tokenLimit: null,
    now: new Date(),
  });
  type TransactItems = NonNullable<
    ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
  >;
  const raw = (items: TransactItems) =>
    client.send(new TransactWriteCommand({ TransactItems: items }));
  // The same items the app writes (its alert schedules included), without the search delta.
  const writes = {
    create: async (token: Token) =>
      raw([
        putNewTokenItem(token, (await armTokens(workspaceId, [token], new Date())).get(token.id))
          .item,
        workspaceChangeItem({
          workspaceId,
          cells: [{ cell: counterCellOf(token), delta: 1 }],
          requireNotFrozen: true,
          tokenLimit: null,
        }),
      ]),
    edit: async (token: Token, next: Token) =>
      raw([
        replaceTokenItem(
          next,
          token,
          (await armTokens(workspaceId, [next], new Date(), ({ id }) => id)).get(next.id),
        ).item,
        workspaceChangeItem({ workspaceId, cells: [], requireNotFrozen: true }),
      ]),
    delete: async (token: Token) => {
      await raw([
        deleteTokenItem(token, new Date()).item,
        workspaceChangeItem({
          workspaceId,
          cells: [{ cell: counterCellOf(token), delta: -1 }],
          requireNotFrozen: true,
        }),
      ]);
      await pruneEmptyCounters(workspaceId, [counterCellOf(token)]);
    },
  };
  const edit = (token: Token): Token => ({
    ...token,
    vendor: 'Umbrella',
    updated_at: new Date(Date.parse(token.updated_at) + 1).toISOString(),
  });
  const series = async (count: number, before: boolean) => {
    const { usage } = await metered(async () => {
      const written: Token[] = [];
      for (let at = 0; at < count; at += 1) {
        const token = sample(at);
        if (before) await writes.create(token);
        written.push(
          before
            ? token
            : await createToken({
                workspaceId,
                fields: fieldsOf(token),
                tokenLimit: null,
                now: new Date(),
              }),
        );
      }
      for (const [at, token] of written.entries()) {
        if (before) {
          written[at] = edit(token);
          await writes.edit(token, written[at]);
        } else {
          written[at] = await updateToken(token, { vendor: 'Umbrella' }, new Date());
        }
      }
      for (const token of written) {
        if (before) await writes.delete(token);
        else await deleteToken(token, new Date());
      }
    });
    return usage;
  };
  const oneOfEach = (before: boolean) =>
    noCompaction(async () => {
      const units: number[] = [];
      const token = sample(0);
      let stored = token;
      for (const step of ['create', 'edit', 'delete'] as const) {
        const { usage } = await metered(async () => {
          if (step === 'create') {
            if (before) await writes.create(token);
            else
              stored = await createToken({
                workspaceId,
                fields: fieldsOf(token),
                tokenLimit: null,
                now: new Date(),
              });
          } else if (step === 'edit') {
            if (before) {
              const next = edit(stored);
              await writes.edit(stored, next);
              stored = next;
            } else stored = await updateToken(stored, { vendor: 'Umbrella' }, new Date());
          } else if (before) await writes.delete(stored);
          else await deleteToken(stored, new Date());
        });
        units.push(usage.writeUnits);
      }
      return units;
    });
  const [beforeOne, afterOne] = [await oneOfEach(true), await oneOfEach(false)];
  console.log(
    'Write capacity per token write, as DynamoDB Local reports it (a transactional write: 2 WCU per KB of each item; it reports an edit with its 2-WCU delta as 8 WCU, the same as without):',
  );
  for (const [position, label] of ['create', 'edit', 'delete'].entries()) {
    const ratio = afterOne[position]! / beforeOne[position]!;
    console.log(
      `  ${label}: ${afterOne[position]!.toFixed(1)} WCU against ${beforeOne[position]!.toFixed(1)} WCU for the same writes without the search delta: ${ratio.toFixed(2)}x (${verdict(ratio, WRITE_BUDGET)})`,
    );
  }
  const WRITES = 200;
  const beforeSeries = await series(WRITES, true);
  const afterSeries = await series(WRITES, false);
  const ratio = afterSeries.writeUnits / beforeSeries.writeUnits;
  console.log(
    `  ${WRITES} creates, ${WRITES} edits and ${WRITES} deletes with the compactions they started (deltas folded into packs, then deleted): ${(afterSeries.writeUnits / (3 * WRITES)).toFixed(2)} WCU per write against ${(beforeSeries.writeUnits / (3 * WRITES)).toFixed(2)} without the index: ${ratio.toFixed(2)}x (${verdict(ratio, WRITE_BUDGET)}); ${(afterSeries.readUnits / (3 * WRITES)).toFixed(2)} RCU per write for the compactions' reads`,
  );
}

if (require.main === module) {
  const sizes = process.argv.slice(2).map(Number).filter(Number.isFinite);
  measureTokenListCost(sizes.length > 0 ? { sizes } : {}).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
