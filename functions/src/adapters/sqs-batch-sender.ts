/**
 * Puts messages on an SQS queue with SendMessageBatch, 10 at a time, retrying entries SQS reports
 * as failed and batches whose call failed; what is still unsent after the last attempt is
 * answered, not thrown, so one bad batch loses no other. The check queues' dispatchers give the
 * unsent ones' schedules back, so the next dispatch takes them again.
 */
import { getSqsClient, loadSqs } from '../platform/aws-clients';
import { logger } from '../platform/logger';

const SQS_BATCH_SIZE = 10;
const MAX_SEND_ATTEMPTS = 5;

/** `what` names the messages in the log line of a failed attempt ("endpoint checks"). */
export async function sendInBatches<Message>(
  queueUrl: string,
  messages: readonly Message[],
  what: string,
): Promise<Message[]> {
  const unsent: Message[] = [];
  const { SendMessageBatchCommand } = loadSqs();
  for (let start = 0; start < messages.length; start += SQS_BATCH_SIZE) {
    const batch = messages.slice(start, start + SQS_BATCH_SIZE);
    let entries = batch.map((message, index) => ({
      Id: String(index),
      MessageBody: JSON.stringify(message),
    }));
    for (let attempt = 1; entries.length > 0 && attempt <= MAX_SEND_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      try {
        const { Failed } = await getSqsClient().send(
          new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }),
        );
        const failedIds = new Set((Failed ?? []).map((failure) => failure.Id));
        entries = entries.filter((entry) => failedIds.has(entry.Id));
      } catch (error) {
        logger.warn(`Sending ${what} failed`, { attempt, error });
      }
    }
    unsent.push(...entries.map((entry) => batch[Number(entry.Id)]!));
  }
  return unsent;
}
