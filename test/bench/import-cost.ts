/**
 * Import cost (budgets: docs/architecture.md): 5,000 CSV rows in one
 * `POST /api/v1/workspaces/{id}/imports` through the real handler into an empty Team workspace,
 * as a dry run, as the import, and as the same import again (budget: writes nothing). Prints the
 * time, the read and write capacity DynamoDB reports, the requests and items, the request and
 * answer sizes against Lambda's 6 MB, the time against the function's 29 s, and the Node heap's
 * peak against its 1,024 MB.
 *
 * Starts its own emulators (DynamoDB Local, SQS, SES) in this process and stops them at the end.
 * Standalone: `npx tsx test/bench/import-cost.ts`; also part of `npm run bench`.
 */
import { performance } from 'node:perf_hooks';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import { writeCsv } from '@expiry-radar/shared/domain/csv-text';
import { withBenchEmulators } from './bench-emulators';
import { meterDynamoDb } from './dynamodb-usage';

const ROWS = 5_000;
const LAMBDA_PAYLOAD_BYTES = 6 * 1024 * 1024;
const FUNCTION_TIMEOUT_MS = 29_000;
const FUNCTION_MEMORY_MB = 1_024;

const TYPES = {
  cert: 'ssl_cert',
  key_secret: 'api_key',
  license: 'software_license',
  general: 'other',
};
const SECTIONS = ['platform', 'payments', 'identity', ''] as const;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const thousands = (value: number) => value.toLocaleString('en-US');

export async function measureImportCost(): Promise<void> {
  await withBenchEmulators('bench-import', measureAgainstEmulators, {
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  });
}

async function measureAgainstEmulators(): Promise<void> {
  // Imported after the environment points at the emulators: handlers read it on first use.
  const { handler: importHandler } =
    await import('@expiry-radar/functions/http/tokens/import-tokens');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const { invoke } = await import('../../functions/test-support/api-gateway-event');
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace, routeRequest } =
    await import('../../functions/test-support/workspace-fixtures');

  const { metered } = meterDynamoDb(getDocumentClient());

  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const today = new Date();
  const rows = Array.from({ length: ROWS }, (_, index) => {
    const category = CATEGORIES[index % CATEGORIES.length]!;
    return [
      `Imported token ${String(index).padStart(5, '0')}`,
      category,
      TYPES[category],
      addCalendarDays(today, 1 + ((index * 7919) % 1_095)),
      SECTIONS[index % SECTIONS.length]!,
      category === 'cert' ? `host-${index}.example.com` : '',
      category === 'license' ? 'Acme Corporation' : '',
      `Row ${index} of the import benchmark`,
    ];
  });
  const content = writeCsv(
    ['name', 'category', 'type', 'expiresAt', 'section', 'domains', 'vendor', 'notes'],
    rows,
  );

  const run = async (label: string, dryRun: boolean) => {
    const body = { format: 'csv', content, dryRun };
    const requestBytes = Buffer.byteLength(JSON.stringify(body));
    const event = routeRequest('POST', '/api/v1/workspaces/{id}/imports', {
      params: { id: workspaceId },
      cookie: owner.cookie,
      body,
    });
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 20);
    const started = performance.now();
    const { result: response, usage } = await metered(() => invoke(importHandler, event));
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    if (response.statusCode !== 200) {
      throw new Error(`${label} answered ${response.statusCode}: ${response.body?.slice(0, 300)}`);
    }
    const answer = response.json as { created: number; updated: number; unchanged: number };
    const answerBytes = Buffer.byteLength(response.body ?? '');
    const capacity = usage.capacityReported
      ? `${usage.readUnits.toFixed(1)} RCU, ${usage.writeUnits.toFixed(1)} WCU`
      : 'capacity not reported';
    console.log(`  ${label}`);
    console.log(
      `    ${(elapsed / 1000).toFixed(2)} s (function timeout ${FUNCTION_TIMEOUT_MS / 1000} s: ${elapsed < FUNCTION_TIMEOUT_MS ? 'within' : 'OVER'}); ${capacity}; ${usage.requests} requests, ${thousands(usage.itemsRead)} items read, ${thousands(usage.itemsWritten)} items written in ${usage.transactions} transactions (a transactional write costs 2 WCU per KB in AWS)`,
    );
    console.log(
      `    created ${thousands(answer.created)}, updated ${thousands(answer.updated)}, unchanged ${thousands(answer.unchanged)}; request ${mb(requestBytes)}, answer ${mb(answerBytes)} (Lambda payload ${mb(LAMBDA_PAYLOAD_BYTES)}: ${Math.max(requestBytes, answerBytes) < LAMBDA_PAYLOAD_BYTES ? 'within' : 'OVER'}); Node heap +${mb(heapPeak - heapBefore)} at its peak (function memory ${FUNCTION_MEMORY_MB} MB)`,
    );
    return { usage, answer };
  };

  console.log(
    `Import cost: ${thousands(ROWS)} CSV rows (${mb(Buffer.byteLength(content))}) into an empty Team workspace, one request each, DynamoDB Local`,
  );
  await run('dry run (preview): reads the workspace, writes nothing', true);
  await run('import: every row created', false);
  const again = await run('the same import again: budget writes nothing', false);

  // The floor: the same number of transactions of new tokens and the counters, written raw.
  const { buildToken } = await import('../../functions/test-support/token-seeding');
  const { IMPORT_BATCH_MAX_TOKENS } = await import('@expiry-radar/functions/data/token-mutations');
  const { counterCellOf, putNewTokenItem, runTokenTransaction } =
    await import('@expiry-radar/functions/data/token-records');
  const rawWorkspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const rawTokens = rows.map(([name, category, , expiresAt]) =>
    buildToken(rawWorkspaceId, {
      name,
      category: category as (typeof CATEGORIES)[number],
      expiresAt,
    }),
  );
  const rawStarted = performance.now();
  for (let start = 0; start < rawTokens.length; start += IMPORT_BATCH_MAX_TOKENS) {
    const batch = rawTokens.slice(start, start + IMPORT_BATCH_MAX_TOKENS);
    await runTokenTransaction(
      batch.map((token) => putNewTokenItem(token)),
      [
        {
          workspaceId: rawWorkspaceId,
          cells: batch.map((token) => ({ cell: counterCellOf(token), delta: 1 })),
          requireNotFrozen: true,
        },
      ],
    );
  }
  console.log(
    `  raw floor: the same ${Math.ceil(ROWS / IMPORT_BATCH_MAX_TOKENS)} transactions of ${IMPORT_BATCH_MAX_TOKENS} new tokens, the counters and the search delta, without checks or alert schedules: ${((performance.now() - rawStarted) / 1000).toFixed(2)} s`,
  );
  const wrote = again.usage.transactions > 0 || again.usage.writeUnits > 0;
  console.log(
    `  second import: ${again.usage.transactions} transactions, ${again.usage.writeUnits.toFixed(1)} WCU (${wrote ? 'OVER budget' : 'within budget: nothing written'})`,
  );
}

if (require.main === module) {
  measureImportCost().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
