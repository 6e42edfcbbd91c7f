/** The endpoint check queue: the dispatcher puts one message per TLS endpoint due for a check. */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { getSqsClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

const SQS_BATCH_SIZE = 10;
const MAX_SEND_ATTEMPTS = 5;

/** Port: puts endpoint check messages on the queue. */
export type EndpointCheckEnqueuer = (messages: readonly EndpointCheckMessage[]) => Promise<void>;

/** SendMessageBatch, 10 at a time, retrying entries SQS reports as failed. */
export const enqueueEndpointChecks: EndpointCheckEnqueuer = async (messages) => {
  const queueUrl = getConfig().endpointCheckQueueUrl;
  for (let start = 0; start < messages.length; start += SQS_BATCH_SIZE) {
    let entries = messages
      .slice(start, start + SQS_BATCH_SIZE)
      .map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) }));
    for (let attempt = 1; entries.length > 0; attempt += 1) {
      if (attempt > MAX_SEND_ATTEMPTS) {
        throw new Error(`The endpoint check queue refused ${entries.length} messages`);
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
