/**
 * The integration sync worker (SQS event source of the integration sync queue): each message is
 * one integration, synced as the system (services/integrations/scheduled-sync.ts), one at a time
 * within a batch since each sync asks its source many times. A sync whose source refuses it is
 * not a failure here: its errors are recorded in the integration's last sync.
 *
 * - Time: a source that reads in parts (GitHub, Azure, Google Cloud) starts no further part once
 *   READ_SHARE of the invocation's time is spent, keeping the rest for writing; where it stopped
 *   goes on the queue as the sync's next message, which resumes it.
 * - Retries: a sync that met a failure worth retrying (a 5xx, throttling beyond its Retry-After,
 *   no answer in time) has recorded its errors on the integration; its message is reported
 *   failed after its visibility is set to the backoff (INTEGRATION_SYNC_RETRY_BASE_SECONDS,
 *   default 300, doubling per receive, at most 1,800), and after the queue's last receive it
 *   moves to the dead-letter queue. What throws (a table error) fails the message likewise.
 *
 * One integration failing never stops the others of the batch.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { integrationSyncMessageSchema } from '@expiry-radar/shared/api/integration-sync-message';
import {
  delayIntegrationSyncRedelivery,
  enqueueIntegrationSyncs,
  type IntegrationSyncEnqueuer,
  type IntegrationSyncRedeliveryDelay,
} from '../adapters/integration-sync-queue';
import { INTEGRATION_SYNC_QUEUE_SETTINGS } from '../data/queue-definition';
import { logger } from '../platform/logger';
import { syncScheduledIntegration } from '../services/integrations/scheduled-sync';
import { retryDelaySeconds, type RetryPolicy } from '../services/alerts/delivery-rules';
import { handleEachMessage } from './queue-batch';

/** The share of the invocation's time spent reading the source; the rest writes and sends. */
const READ_SHARE = 0.6;

export interface IntegrationSyncWorkerOptions {
  /** Sends a sync's continuation; SQS by default. */
  readonly enqueue?: IntegrationSyncEnqueuer;
  /** Sets a retried message's visibility (the backoff); SQS ChangeMessageVisibility by default. */
  readonly delay?: IntegrationSyncRedeliveryDelay;
  /** The share of the invocation's time spent reading (tests give 0: one part a message). */
  readonly readShare?: number;
}

function secondsFrom(variable: string, fallback: number): number {
  const value = Number(process.env[variable]);
  return process.env[variable] !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : fallback;
}

export function syncRetryPolicy(): RetryPolicy {
  return {
    maxReceiveCount: INTEGRATION_SYNC_QUEUE_SETTINGS.maxReceiveCount,
    baseDelaySeconds: secondsFrom('INTEGRATION_SYNC_RETRY_BASE_SECONDS', 300),
    maxDelaySeconds: secondsFrom('INTEGRATION_SYNC_RETRY_MAX_SECONDS', 1_800),
  };
}

export class IntegrationSyncRetryError extends Error {
  constructor(integrationId: string) {
    super(`The sync of integration ${integrationId} will be retried`);
    this.name = 'IntegrationSyncRetryError';
  }
}

export function createIntegrationSyncWorker(options: IntegrationSyncWorkerOptions = {}) {
  const enqueue = options.enqueue ?? enqueueIntegrationSyncs;
  const delay = options.delay ?? delayIntegrationSyncRedelivery;
  const readShare = options.readShare ?? READ_SHARE;

  const syncRecord = async (record: SQSRecord, context: Context): Promise<void> => {
    let json: unknown;
    try {
      json = JSON.parse(record.body);
    } catch {
      json = undefined;
    }
    const parsed = integrationSyncMessageSchema.safeParse(json);
    if (!parsed.success) {
      // Left to reach the dead-letter queue, where an operator can see it.
      throw new Error(`Not an integration sync message: ${record.messageId}`);
    }
    const message = parsed.data;
    const readUntil = context.getRemainingTimeInMillis() * (1 - readShare);
    const outcome = await syncScheduledIntegration(
      message,
      new Date(),
      () => context.getRemainingTimeInMillis() <= readUntil,
    );
    logger.info('Scheduled integration sync', {
      integrationId: message.integrationId,
      outcome: outcome.kind === 'synced' ? 'synced' : outcome.reason,
      ...(outcome.kind === 'synced'
        ? {
            created: outcome.report.created,
            updated: outcome.report.updated,
            removed: outcome.report.removed,
            errors: outcome.report.errors.length,
            continued: outcome.continuation !== null,
            retryable: outcome.retryable,
          }
        : {}),
    });
    if (outcome.kind !== 'synced') return;
    if (outcome.continuation) {
      await enqueue([{ ...message, continuation: outcome.continuation }]);
    }
    if (outcome.retryable) {
      const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
      // Also after the last receive: the queue then moves it to the dead-letter queue.
      await delay(record.receiptHandle, retryDelaySeconds(receiveCount, syncRetryPolicy()));
      throw new IntegrationSyncRetryError(message.integrationId);
    }
  };

  return middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    // One at a time: each sync asks its source many times.
    const failures = await handleEachMessage(
      event.Records,
      { concurrency: 1, failedMessage: 'Integration sync failed' },
      (record) => syncRecord(record, context),
    );
    return { batchItemFailures: failures };
  }).use(injectLambdaContext(logger, { resetKeys: true }));
}

export const handler = createIntegrationSyncWorker();
