/**
 * The integration sync queue: the daily dispatcher puts one message per integration due; the
 * worker puts a sync's continuation, and hides a message to retry for its backoff.
 */
import type { IntegrationSyncMessage } from '@expiry-radar/shared/api/integration-sync-message';
import { getSqsClient, loadSqs } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

const SQS_BATCH_SIZE = 10;
const MAX_SEND_ATTEMPTS = 5;

/** Port: puts integration sync messages on the queue. */
export type IntegrationSyncEnqueuer = (
  messages: readonly IntegrationSyncMessage[],
) => Promise<void>;

/** SendMessageBatch, 10 at a time, retrying entries SQS reports as failed. */
export const enqueueIntegrationSyncs: IntegrationSyncEnqueuer = async (messages) => {
  const queueUrl = getConfig().integrationSyncQueueUrl;
  const { SendMessageBatchCommand } = loadSqs();
  for (let start = 0; start < messages.length; start += SQS_BATCH_SIZE) {
    let entries = messages
      .slice(start, start + SQS_BATCH_SIZE)
      .map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) }));
    for (let attempt = 1; entries.length > 0; attempt += 1) {
      if (attempt > MAX_SEND_ATTEMPTS) {
        throw new Error(`The integration sync queue refused ${entries.length} messages`);
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

/** Port: hides a received message for `seconds` before the queue hands it out again. */
export type IntegrationSyncRedeliveryDelay = (
  receiptHandle: string,
  seconds: number,
) => Promise<void>;

/** ChangeMessageVisibility on the integration sync queue (a retry's backoff). */
export const delayIntegrationSyncRedelivery: IntegrationSyncRedeliveryDelay = async (
  receiptHandle,
  seconds,
) => {
  const { ChangeMessageVisibilityCommand } = loadSqs();
  await getSqsClient().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: getConfig().integrationSyncQueueUrl,
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: Math.max(0, Math.min(43_200, Math.round(seconds))),
    }),
  );
};
