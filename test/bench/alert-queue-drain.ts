/**
 * Runs the local queue poller with a worker until `done()` says every delivery arrived (or 30
 * minutes pass), bringing failed and dead-lettered alerts back as the requeue route does whenever
 * the queue has been idle a while. Counts what the worker's invocations read from DynamoDB (not
 * the requeues'). For the alert benchmarks.
 */
import { performance } from 'node:perf_hooks';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, Context } from 'aws-lambda';
import type { RunningEmulators } from '@expiry-radar/functions/local/emulators/start-emulators';
import { meterDynamoDbWithin, noDynamoDbUsage, type DynamoDbUsage } from './dynamodb-usage';

export interface DrainResult {
  /** Alerts the requeues brought back. */
  readonly requeued: number;
  readonly seconds: number;
  /** What the worker's invocations sent to DynamoDB. */
  readonly workerUsage: DynamoDbUsage;
  readonly invocations: number;
  /** Messages the worker was handed, redeliveries included. */
  readonly messages: number;
}

/** The worker's reads, as the alert benchmarks print them. */
export function workerReadsLine(drain: DrainResult): string {
  const { workerUsage, invocations, messages } = drain;
  const count = (value: number) => value.toLocaleString('en-US');
  const each = (value: number, of: number) => (value / Math.max(1, of)).toFixed(1);
  return `  worker reads: ${count(workerUsage.readRequests)} read requests for ${count(workerUsage.itemsRead)} items (${each(workerUsage.readRequests, invocations)} requests an invocation, ${each(workerUsage.readRequests, messages)} a message); ${count(invocations)} invocations, ${count(messages)} messages; all requests ${count(workerUsage.requests)}`;
}

export async function drainAlertQueue(options: {
  emulators: RunningEmulators;
  worker: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
  workspaceIds: readonly string[];
  started: number;
  done: () => boolean;
  progress: () => string;
}): Promise<DrainResult> {
  const { startAlertQueuePoller } =
    await import('@expiry-radar/functions/local/alert-queue-poller');
  const { requeueAlerts } = await import('@expiry-radar/functions/services/alerts/alert-requeue');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const { emulators } = options;
  const { meteredWithin } = meterDynamoDbWithin(getDocumentClient());
  const workerUsage = noDynamoDbUsage();
  let invocations = 0;
  let messages = 0;
  const sqs = new SQSClient({
    endpoint: emulators.endpoints.sqs,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const poller = startAlertQueuePoller({
    client: sqs,
    queueUrl: emulators.endpoints.alertQueueUrl,
    worker: (event, context) => {
      invocations += 1;
      messages += event.Records.length;
      return meteredWithin(workerUsage, () => options.worker(event, context));
    },
    concurrency: 8,
    onError: (error) => console.error(error),
  });
  const queueDepth = async () => {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: emulators.endpoints.alertQueueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  };
  let requeued = 0;
  let idleChecks = 0;
  const deadline = Date.now() + 30 * 60_000;
  while (Date.now() < deadline && !options.done()) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Retried messages are hidden for their backoff: idle only after several empty looks.
    const depth = await queueDepth();
    idleChecks = depth > 0 ? 0 : idleChecks + 1;
    if (Math.round((performance.now() - options.started) / 1000) % 30 === 0) {
      console.log(`  ... ${options.progress()}, ${depth} messages queued`);
    }
    if (idleChecks < 5) continue;
    idleChecks = 0;
    // What the requeue route does: failed records back to pending, dead letters moved back.
    requeued += (await requeueAlerts({ workspaceIds: options.workspaceIds, now: new Date() }))
      .length;
  }
  await poller.stop();
  sqs.destroy();
  return {
    requeued,
    seconds: (performance.now() - options.started) / 1000,
    workerUsage,
    invocations,
    messages,
  };
}
