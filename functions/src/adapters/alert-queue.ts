/**
 * The SQS alert queue and its dead-letter queue: the expiry scan and the requeue routes send
 * messages, the worker delays retries, the requeue moves dead letters back.
 */
import {
  alertQueueMessageSchema,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { getSqsClient, loadSqs } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

const SQS_BATCH_SIZE = 10;
/** SQS takes at most 256 KiB per batch (all its messages together); kept well below. */
const SQS_BATCH_BYTES = 200 * 1024;
const MAX_SEND_ATTEMPTS = 5;

/** Port: puts alert messages (digests and alerts for their webhooks) on the alert queue. */
export type AlertEnqueuer = (messages: readonly AlertQueueMessage[]) => Promise<void>;

/** Message bodies in batches of at most 10 and SQS_BATCH_BYTES. */
function batchesOf(messages: readonly AlertQueueMessage[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const message of messages) {
    const body = JSON.stringify(message);
    const size = Buffer.byteLength(body);
    if (batch.length > 0 && (batch.length === SQS_BATCH_SIZE || bytes + size > SQS_BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(body);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** SendMessageBatch, 10 (or fewer large) at a time, retrying entries SQS reports as failed. */
export const enqueueAlerts: AlertEnqueuer = async (messages) => {
  const queueUrl = getConfig().alertQueueUrl;
  const { SendMessageBatchCommand } = loadSqs();
  for (const bodies of batchesOf(messages)) {
    let entries = bodies.map((body, index) => ({ Id: String(index), MessageBody: body }));
    for (let attempt = 1; entries.length > 0; attempt += 1) {
      if (attempt > MAX_SEND_ATTEMPTS) {
        throw new Error(`The alert queue refused ${entries.length} messages`);
      }
      const { Failed } = await getSqsClient().send(
        new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }),
      );
      const failedIds = new Set((Failed ?? []).map((failure) => failure.Id));
      entries = entries.filter((entry) => failedIds.has(entry.Id));
      if (entries.length > 0) await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
};

/** Hides a received message for `seconds` before the queue hands it out again (retry backoff). */
export async function delayRedelivery(receiptHandle: string, seconds: number): Promise<void> {
  const { ChangeMessageVisibilityCommand } = loadSqs();
  await getSqsClient().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: getConfig().alertQueueUrl,
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: Math.max(0, Math.min(43_200, Math.round(seconds))),
    }),
  );
}

/**
 * Moves the dead letters `select` accepts back to the alert queue (send, then delete from the
 * dead-letter queue) and answers them. Others are left for other callers: hidden for a few
 * seconds, then visible again. Reads until the dead-letter queue has nothing more to give.
 */
export async function moveDeadLetters(
  select: (message: AlertQueueMessage) => boolean,
): Promise<AlertQueueMessage[]> {
  const { alertDeadLetterQueueUrl } = getConfig();
  const { DeleteMessageBatchCommand, ReceiveMessageCommand } = loadSqs();
  const moved: AlertQueueMessage[] = [];
  for (;;) {
    const { Messages } = await getSqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: alertDeadLetterQueueUrl,
        MaxNumberOfMessages: SQS_BATCH_SIZE,
        VisibilityTimeout: 5,
        WaitTimeSeconds: 0,
      }),
    );
    if (!Messages || Messages.length === 0) return moved;
    const chosen: { receiptHandle: string; message: AlertQueueMessage }[] = [];
    for (const received of Messages) {
      const parsed = alertQueueMessageSchema.safeParse(safeJson(received.Body));
      // Unreadable bodies stay in the dead-letter queue for an operator.
      if (!received.ReceiptHandle || !parsed.success) continue;
      if (select(parsed.data)) {
        chosen.push({ receiptHandle: received.ReceiptHandle, message: parsed.data });
      }
    }
    if (chosen.length === 0) return moved;
    await enqueueAlerts(chosen.map(({ message }) => message));
    await getSqsClient().send(
      new DeleteMessageBatchCommand({
        QueueUrl: alertDeadLetterQueueUrl,
        Entries: chosen.map(({ receiptHandle }, index) => ({
          Id: String(index),
          ReceiptHandle: receiptHandle,
        })),
      }),
    );
    moved.push(...chosen.map(({ message }) => message));
  }
}

function safeJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
}
