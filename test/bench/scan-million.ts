/**
 * A million tokens over 10,000 workspaces (budgets: docs/architecture.md): the table is generated
 * straight into DynamoDB Local with parallel BatchWriteItem (not through the API), then the real
 * expiry scan handler runs once, as EventBridge invokes it, and its queue messages are drained
 * through the real alert worker by the local queue poller (as Lambda's SQS event source hands
 * them out), with a counting mailer. 1% of the tokens are due: 10,000 due tokens over 2,000
 * recipients, each the owner of 5 workspaces with one due token each (test/bench/scan-million-plan.ts).
 *
 * What is generated: every workspace (its item and its alert settings), every owner, every due
 * token in full, and of the 990,000 tokens not due what the due-alerts index holds of them (their
 * keys, `dueShard` and a `nextAlertAt` up to a year ahead): the scan's Query meets them in the
 * index it reads, and nothing else of them is read by the scan or the worker. DynamoDB Local
 * writes about 3,700 items a second on this machine whatever the concurrency, so full items for
 * them would only add time (about 3,000 a second with their other index keys).
 *
 * Redelivery: SQS delivers a message at least once. Every 20th worker batch is given to a
 * second invocation at the same time (a duplicate received by another consumer), and every 20th
 * (another one) has its acknowledgement lost: the worker's answer is dropped and the messages are
 * made visible again at once, so they come back (receive count 2) after they were sent. The
 * worker's per-delivery claims must absorb both: every recipient gets each of their tokens once.
 *
 * Prints the time, the items and read units the scan read against the items due (budget: at
 * most 1.2x), each invocation's longest time against its function's timeout (budget: half of
 * it), the queue messages and the emails, and the digest check. Starts its own emulators.
 * Standalone: `npx tsx test/bench/scan-million.ts` (`SCAN_MILLION_SCALE=0.1` for a tenth of the
 * workspaces and recipients, a quick look at the same shape).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ChangeMessageVisibilityBatchCommand,
  GetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withBenchEmulators } from './bench-emulators';
import { missingBatchKeyUnits } from './dynamodb-usage';
import {
  DigestLedger,
  InvocationTimes,
  SCAN_MILLION_SHAPE,
  digestRowNames,
  dueCountOf,
  dueTokenName,
  expectedDigestRows,
  ratioBudget,
  recipientAddress,
  recipientOf,
  timeoutBudget,
  tokenCountOf,
  type ScanMillionShape,
} from './scan-million-plan';

const BUDGET_RATIO = 1.2;
/**
 * DynamoDB Local with the JVM's whole JIT: the emulators start it with the quick compiler only
 * (dynamodb-local.ts, right for the tests' short runs), with which the million items were written
 * at about half the rate once warm (2,200 a second against 4,100 in a scratch run of 150,000 on
 * this machine). The JVM reads `_JAVA_OPTIONS` after the options the emulator gives it.
 */
const FULL_JIT = '-XX:TieredStopAtLevel=4';
/** "Well inside its time limit": an invocation takes at most half its function's timeout. */
const TIMEOUT_SHARE = 0.5;
const WRITE_CONCURRENCY = 8;
const BATCH_WRITE_SIZE = 25;
/** Batches of the worker in flight at once (Lambda's SQS event source scales further). */
const WORKER_CONCURRENCY = 8;
/** Every this many worker batches, one duplicated and one with its acknowledgement lost. */
const REDELIVERY_EVERY = 20;
/** The queue empty this long with rows missing: nothing more will come. */
const IDLE_LIMIT_MS = 15_000;

const count = (value: number) => value.toLocaleString('en-US');

interface ScanReads {
  indexItems: number;
  tokenItems: number;
  /** Workspace, alert settings, owner and Slack installation items, and the opt-outs'. */
  workspaceItems: number;
  otherItems: number;
  readUnits: number;
  requests: number;
}

const noReads = (): ScanReads => ({
  indexItems: 0,
  tokenItems: 0,
  workspaceItems: 0,
  otherItems: 0,
  readUnits: 0,
  requests: 0,
});

const WORKSPACE_CONTEXT_KEYS =
  /^(WORKSPACE|ALERT_SETTINGS|PROFILE|ALERT_EMAIL_OPT_OUT#|SLACK_INSTALLATION)/;

export async function measureScanMillion(
  shape: ScanMillionShape = SCAN_MILLION_SHAPE,
): Promise<void> {
  const javaOptions = process.env._JAVA_OPTIONS;
  process.env._JAVA_OPTIONS = [javaOptions, FULL_JIT].filter(Boolean).join(' ');
  try {
    await withBenchEmulators(
      'scan-million',
      async (emulators) => {
        const { addCalendarDays } = await import('@expiry-radar/shared/domain/calendar-date');
        const { dueShardOf } = await import('@expiry-radar/functions/domain/alert-schedule');
        const { newTokenId } = await import('@expiry-radar/functions/domain/token-ids');
        const { keys } = await import('@expiry-radar/functions/data/keys');
        const { INDEX_NAMES } = await import('@expiry-radar/functions/data/table-definition');
        const { tokenCodec } = await import('@expiry-radar/functions/data/entities/token');
        const { userCodec } = await import('@expiry-radar/functions/data/entities/user');
        const { newStoredWorkspace, workspaceCodec } =
          await import('@expiry-radar/functions/data/entities/workspace');
        const { alertSettingsCodec } =
          await import('@expiry-radar/functions/data/entities/alert-settings');
        const { defaultAlertSettings, newSigningSecret } =
          await import('@expiry-radar/functions/data/alert-settings-records');
        const { getDocumentClient, getSqsClient } =
          await import('@expiry-radar/functions/platform/aws-clients');
        const { getConfig } = await import('@expiry-radar/functions/platform/config');
        const { handler: expiryScan } = await import('@expiry-radar/functions/jobs/expiry-scan');
        const { createAlertWorker } = await import('@expiry-radar/functions/jobs/alert-worker');
        const { startAlertQueuePoller } =
          await import('@expiry-radar/functions/local/alert-queue-poller');
        const { lambdaContext } = await import('@expiry-radar/functions/local/lambda-http-adapter');
        const { buildToken } = await import('../../functions/test-support/token-seeding');
        const { ALERT_WORKER_TIMEOUT, EXPIRY_SCAN_TIMEOUT } =
          await import('../../infra/stacks/jobs-stack');

        const now = new Date();
        const tableName = getConfig().tableName;
        const client = getDocumentClient();

        // The table: owners, then per workspace its item, its alert settings and its tokens.
        const workspaceIds = Array.from({ length: shape.workspaces }, () => randomUUID());
        const ownerIds = Array.from({ length: shape.recipients }, () => randomUUID());
        const dueAt = `${addCalendarDays(now, 0)}T00:00:00.000Z`;
        function* ownerItems() {
          for (let recipient = 0; recipient < shape.recipients; recipient += 1) {
            yield userCodec.toItem({
              user: {
                id: ownerIds[recipient]!,
                email: recipientAddress(recipient),
                displayName: `Recipient ${recipient}`,
                name: `Recipient ${recipient}`,
                avatar: null,
                plan: 'team',
                downgraded: false,
                emailVerified: true,
                twoFactorEnabled: false,
                pendingEmail: null,
                createdAt: now.toISOString(),
              },
              passwordHash: null,
              emailVerifiedAt: null,
              sessionsValidFrom: null,
              ownedWorkspaceIds: new Set(),
            });
          }
        }
        function* workspaceItems(workspace: number) {
          const workspaceId = workspaceIds[workspace]!;
          yield workspaceCodec.toItem(
            newStoredWorkspace({
              workspaceId,
              name: `Workspace ${workspace}`,
              ownerId: ownerIds[recipientOf(shape, workspace)]!,
              plan: 'team',
              now,
            }),
          );
          yield alertSettingsCodec.toItem({
            settings: defaultAlertSettings(workspaceId, newSigningSecret()),
            revision: 0,
            updatedAt: null,
          });
          for (let token = 0; token < shape.tokensPerWorkspace; token += 1) {
            if (token < shape.duePerWorkspace) {
              yield tokenCodec.toItem({
                token: buildToken(
                  workspaceId,
                  {
                    name: dueTokenName(shape, workspace, token),
                    expiresAt: addCalendarDays(now, 7),
                  },
                  now,
                ),
                schedule: { nextAlertAt: dueAt, lastAlert: null },
              });
            } else {
              const tokenId = newTokenId(workspaceId);
              const daysAhead = 1 + ((workspace * shape.tokensPerWorkspace + token) % 365);
              yield {
                ...keys.token(workspaceId, tokenId),
                dueShard: dueShardOf(tokenId),
                nextAlertAt: `${addCalendarDays(now, daysAhead)}T00:00:00.000Z`,
              };
            }
          }
        }
        function* tableItems() {
          yield* ownerItems();
          for (let workspace = 0; workspace < shape.workspaces; workspace += 1) {
            yield* workspaceItems(workspace);
          }
        }

        const seedStarted = performance.now();
        let written = 0;
        const items = tableItems();
        const writer = async () => {
          for (;;) {
            const batch: Record<string, unknown>[] = [];
            for (let next = items.next(); !next.done; next = items.next()) {
              batch.push(next.value);
              if (batch.length === BATCH_WRITE_SIZE) break;
            }
            if (batch.length === 0) return;
            let pending = batch.map((Item) => ({ PutRequest: { Item } }));
            while (pending.length > 0) {
              const { UnprocessedItems } = await client.send(
                new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
              );
              pending = (UnprocessedItems?.[tableName] ?? []) as typeof pending;
            }
            written += batch.length;
          }
        };
        await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, writer));
        const seedSeconds = (performance.now() - seedStarted) / 1000;
        const due = dueCountOf(shape);
        console.log(
          `\nScan over a million: ${count(tokenCountOf(shape))} tokens in ${count(shape.workspaces)} workspaces, ${count(due)} due (${((100 * due) / tokenCountOf(shape)).toFixed(0)}%), over ${count(shape.recipients)} recipients`,
        );
        console.log(
          `  generated ${count(written)} items in ${seedSeconds.toFixed(0)} s (${count(Math.round(written / seedSeconds))} a second, BatchWriteItem ${WRITE_CONCURRENCY} at a time)`,
        );

        // The scan's reads, by what they are, and its queue messages.
        let reads: ScanReads | undefined;
        const send = client.send.bind(client) as (command: unknown) => Promise<ServiceOutputTypes>;
        Object.assign(client, {
          send: async (command: {
            input?: Record<string, unknown>;
            constructor: { name: string };
          }) => {
            const counting = reads;
            const isRead = /^(Get|BatchGet|Query)Command$/.test(command.constructor.name);
            if (counting && isRead && command.input) command.input.ReturnConsumedCapacity = 'TOTAL';
            const output = await send(command);
            if (counting && isRead) countRead(counting, command, output);
            return output;
          },
        });
        function countRead(
          into: ScanReads,
          command: { input?: Record<string, unknown>; constructor: { name: string } },
          output: ServiceOutputTypes,
        ): void {
          const result = output as {
            ScannedCount?: number;
            Items?: { sk?: unknown }[];
            Responses?: Record<string, { sk?: unknown }[]>;
            Item?: { sk?: unknown };
            ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
          };
          into.requests += 1;
          for (const capacity of [result.ConsumedCapacity ?? []].flat()) {
            into.readUnits += capacity.CapacityUnits ?? 0;
          }
          into.readUnits += missingBatchKeyUnits(command, output);
          const add = (sk: unknown) => {
            const key = String(sk);
            if (key.startsWith('TOKEN#')) into.tokenItems += 1;
            else if (WORKSPACE_CONTEXT_KEYS.test(key)) into.workspaceItems += 1;
            else into.otherItems += 1;
          };
          if (typeof result.ScannedCount === 'number') {
            if (command.input?.IndexName === INDEX_NAMES.dueAlerts) {
              into.indexItems += result.ScannedCount;
            } else {
              // Items a Query read but did not answer (a filter) count as read too.
              for (const item of result.Items ?? []) add(item.sk);
              into.otherItems += result.ScannedCount - (result.Items?.length ?? 0);
            }
          } else if (result.Responses) {
            for (const item of Object.values(result.Responses).flat()) add(item.sk);
          } else if (result.Item) add(result.Item.sk);
        }
        let messagesSent = 0;
        const sqsClient = getSqsClient();
        const sqsSend = sqsClient.send.bind(sqsClient) as (command: unknown) => Promise<unknown>;
        Object.assign(sqsClient, {
          send: (command: { input?: { Entries?: unknown[] }; constructor: { name: string } }) => {
            if (command.constructor.name === 'SendMessageBatchCommand') {
              messagesSent += command.input?.Entries?.length ?? 0;
            } else if (command.constructor.name === 'SendMessageCommand') messagesSent += 1;
            return sqsSend(command);
          },
        });

        // The scan: one invocation, as the hourly schedule makes it.
        const scanTimeoutSeconds = EXPIRY_SCAN_TIMEOUT.toSeconds();
        reads = noReads();
        const scanStarted = performance.now();
        await expiryScan(
          { 'detail-type': 'Scheduled Event', time: now.toISOString() } as ScheduledEvent,
          lambdaContext('expiry-scan', randomUUID(), scanTimeoutSeconds * 1000),
        );
        const scanMs = performance.now() - scanStarted;
        const scanReads = reads;
        reads = undefined;
        const scanMessages = messagesSent;

        // The worker, fed by the local poller, with a counting mailer.
        const ledger = new DigestLedger();
        const worker = createAlertWorker({
          ports: {
            mailer: {
              send: (message) => {
                ledger.record(message.to, digestRowNames(message.text));
                return Promise.resolve();
              },
            },
          },
        });
        const sqs = new SQSClient({
          endpoint: emulators.endpoints.sqs,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        });
        const queueUrl = emulators.endpoints.alertQueueUrl;
        const invocations = new InvocationTimes();
        const awaitingRedelivery = new Set<string>();
        let batches = 0;
        let duplicated = 0;
        let unacknowledged = 0;
        let redelivered = 0;
        const timed = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
          const started = performance.now();
          try {
            return await worker(event, context);
          } finally {
            invocations.add(performance.now() - started);
          }
        };
        const injectingRedelivery = async (
          event: SQSEvent,
          context: Context,
        ): Promise<SQSBatchResponse> => {
          batches += 1;
          for (const record of event.Records) {
            if (awaitingRedelivery.delete(record.messageId)) redelivered += 1;
          }
          if (batches % REDELIVERY_EVERY === 0) {
            duplicated += event.Records.length;
            const [answer] = await Promise.all([
              timed(event, context),
              timed(
                event,
                lambdaContext('alert-worker', randomUUID(), context.getRemainingTimeInMillis()),
              ),
            ]);
            return answer;
          }
          const answer = await timed(event, context);
          if (batches % REDELIVERY_EVERY !== REDELIVERY_EVERY / 2) return answer;
          // The acknowledgement lost: every message back to the queue at once.
          unacknowledged += event.Records.length;
          for (const record of event.Records) awaitingRedelivery.add(record.messageId);
          await sqs.send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: queueUrl,
              Entries: event.Records.map((record, index) => ({
                Id: String(index),
                ReceiptHandle: record.receiptHandle,
                VisibilityTimeout: 0,
              })),
            }),
          );
          return {
            batchItemFailures: event.Records.map((record) => ({
              itemIdentifier: record.messageId,
            })),
          };
        };
        const expected = expectedDigestRows(shape);
        const drainStarted = performance.now();
        const poller = startAlertQueuePoller({
          client: sqs,
          queueUrl,
          worker: injectingRedelivery,
          concurrency: WORKER_CONCURRENCY,
          onError: (error) => console.error(error),
        });
        const queueDepth = async () => {
          const { Attributes } = await sqs.send(
            new GetQueueAttributesCommand({
              QueueUrl: queueUrl,
              AttributeNames: [
                'ApproximateNumberOfMessages',
                'ApproximateNumberOfMessagesNotVisible',
              ],
            }),
          );
          return (
            Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
            Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
          );
        };
        let idleSince: number | undefined;
        let lastProgress = performance.now();
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const depth = await queueDepth();
          if (depth === 0 && ledger.rowsDelivered >= due && awaitingRedelivery.size === 0) break;
          idleSince = depth > 0 ? undefined : (idleSince ?? performance.now());
          if (idleSince !== undefined && performance.now() - idleSince > IDLE_LIMIT_MS) break;
          if (performance.now() - lastProgress > 30_000) {
            lastProgress = performance.now();
            console.log(
              `  ... ${count(ledger.rowsDelivered)}/${count(due)} rows in ${count(ledger.emails)} emails, ${depth} messages queued`,
            );
          }
        }
        await poller.stop();
        sqs.destroy();
        const drainSeconds = (performance.now() - drainStarted) / 1000;

        const digestsEach = (rows: number) => Math.ceil(rows / 100);
        const check = ledger.compare(expected, digestsEach);
        const expectedEmails = [...expected.values()].reduce(
          (sum, names) => sum + digestsEach(names.size),
          0,
        );
        const ratio = (value: number) => value / due;
        const tokenPathRatio = Math.max(ratio(scanReads.indexItems), ratio(scanReads.tokenItems));
        const allItems =
          scanReads.indexItems +
          scanReads.tokenItems +
          scanReads.workspaceItems +
          scanReads.otherItems;
        console.log(
          `  scan: 1 invocation, ${(scanMs / 1000).toFixed(1)} s; ${count(scanMessages)} queue messages (${count(expectedEmails)} digests expected)`,
        );
        console.log(
          `  items read: ${count(scanReads.indexItems)} due-index keys (${ratio(scanReads.indexItems).toFixed(2)}x due), ${count(scanReads.tokenItems)} token items (${ratio(scanReads.tokenItems).toFixed(2)}x due) ${ratioBudget(tokenPathRatio, BUDGET_RATIO)}`,
        );
        console.log(
          `  per workspace (its item, alert settings, owner, opt-outs, Slack installation): ${count(scanReads.workspaceItems)} items (${ratio(scanReads.workspaceItems).toFixed(2)}x due); other: ${count(scanReads.otherItems)}; all: ${count(allItems)} items (${ratio(allItems).toFixed(2)}x due), ${count(Math.round(scanReads.readUnits))} read units, ${count(scanReads.requests)} read requests`,
        );
        console.log(
          `  longest scan invocation: ${timeoutBudget(scanMs, scanTimeoutSeconds, TIMEOUT_SHARE)}; at this rate half its timeout takes ${count(Math.floor((due * scanTimeoutSeconds * 1000 * TIMEOUT_SHARE) / scanMs))} due tokens`,
        );
        console.log(
          `  worker: ${count(invocations.count)} invocations (batches of up to 10, ${WORKER_CONCURRENCY} at a time), ${count(messagesSent - scanMessages)} messages sent by it; longest invocation: ${timeoutBudget(invocations.longest, ALERT_WORKER_TIMEOUT.toSeconds(), TIMEOUT_SHARE)}`,
        );
        console.log(
          `  redelivered: ${count(duplicated)} messages to two invocations at once, ${count(unacknowledged)} after their acknowledgement was lost (${count(redelivered)} came back)`,
        );
        console.log(
          `  emails sent: ${count(ledger.emails)} (expected ${count(expectedEmails)}), ${count(ledger.rowsDelivered)} of ${count(due)} rows; recipients with other rows than theirs: ${check.recipientsWrong}, with more emails than digests: ${check.recipientsOverEmailed}`,
        );
        const digestsRight =
          check.lost === 0 &&
          check.twice === 0 &&
          check.unexpected === 0 &&
          check.recipientsWrong === 0 &&
          check.recipientsOverEmailed === 0 &&
          ledger.emails === expectedEmails;
        console.log(
          `  lost: ${check.lost} [budget 0]; sent twice: ${check.twice} [budget 0]; not theirs: ${check.unexpected} [budget 0]: ${digestsRight ? 'within budget' : 'OVER BUDGET'}`,
        );
        console.log(
          `  time: ${(seedSeconds + scanMs / 1000 + drainSeconds).toFixed(0)} s (generating ${seedSeconds.toFixed(0)} s, scan ${(scanMs / 1000).toFixed(1)} s, queue and worker ${drainSeconds.toFixed(1)} s)`,
        );
      },
      // A copy of a message that found its digest held by another comes back to see how it ended.
      { ALERT_RETRY_BASE_SECONDS: '1', ALERT_RETRY_MAX_SECONDS: '1' },
    );
  } finally {
    if (javaOptions === undefined) delete process.env._JAVA_OPTIONS;
    else process.env._JAVA_OPTIONS = javaOptions;
  }
}

if (require.main === module) {
  const scale = Number(process.env.SCAN_MILLION_SCALE ?? 1);
  measureScanMillion({
    ...SCAN_MILLION_SHAPE,
    workspaces: Math.round(SCAN_MILLION_SHAPE.workspaces * scale),
    recipients: Math.round(SCAN_MILLION_SHAPE.recipients * scale),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
