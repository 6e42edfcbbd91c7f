/** The registration check queue: the dispatcher puts one message per followed domain due. */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { RegistrationCheckMessage } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import { getSqsClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { logger } from '../platform/logger';

const SQS_BATCH_SIZE = 10;
const MAX_SEND_ATTEMPTS = 5;

/**
 * Port: puts registration check messages on the queue; answers those it could not put there (the
 * dispatcher gives their schedules back, so the next dispatch takes them again).
 */
export type RegistrationCheckEnqueuer = (
  messages: readonly RegistrationCheckMessage[],
) => Promise<RegistrationCheckMessage[]>;

/**
 * SendMessageBatch, 10 at a time, retrying entries SQS reports as failed and batches whose call
 * failed; what is still unsent after the last attempt is answered, not thrown, so one bad batch
 * loses no other.
 */
export const enqueueRegistrationChecks: RegistrationCheckEnqueuer = async (messages) => {
  const queueUrl = getConfig().registrationCheckQueueUrl;
  const unsent: RegistrationCheckMessage[] = [];
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
        logger.warn('Sending registration checks failed', { attempt, error });
      }
    }
    unsent.push(...entries.map((entry) => batch[Number(entry.Id)]!));
  }
  return unsent;
};
