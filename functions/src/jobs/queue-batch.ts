/**
 * What the queue workers (endpoint checks, registration checks, certificate transparency reads,
 * integration syncs) do alike with a batch of SQS messages: read each message with its schema,
 * and handle each on its own, so that only the messages that failed come back.
 */
import type { SQSBatchItemFailure, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { forEachLimited } from '../platform/concurrency';
import { errorMessage } from '../platform/error-message';
import { logger } from '../platform/logger';

/**
 * The message's body read with `schema`. One that does not match throws (`Not <kind> message`),
 * and is left to reach the dead-letter queue, where an operator can see it.
 */
export function queueMessageOf<Schema extends z.ZodType>(
  record: SQSRecord,
  schema: Schema,
  kind: string,
): z.output<Schema> {
  const parsed = schema.safeParse(JSON.parse(record.body));
  if (!parsed.success) throw new Error(`Not ${kind} message: ${record.messageId}`);
  return parsed.data;
}

/**
 * Handles each message of the batch, at most `concurrency` at once. A message whose handling
 * throws is logged as `failedMessage` and answered as a batch item failure: the queue retries it
 * alone, then dead-letters it.
 */
export async function handleEachMessage(
  records: readonly SQSRecord[],
  options: { readonly concurrency: number; readonly failedMessage: string },
  handle: (record: SQSRecord) => Promise<void>,
): Promise<SQSBatchItemFailure[]> {
  const failures: SQSBatchItemFailure[] = [];
  await forEachLimited(records, options.concurrency, async (record) => {
    try {
      await handle(record);
    } catch (error) {
      logger.warn(options.failedMessage, {
        messageId: record.messageId,
        error: errorMessage(error),
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  });
  return failures;
}
