/**
 * The integration sync worker (SQS event source of the integration sync queue): each message is
 * one integration, synced as the system (services/integrations/scheduled-sync.ts), one at a time
 * within a batch since each sync asks its source many times. A sync whose source fails is not a
 * failure here: its errors are recorded in the integration's last sync. Only what throws (a table
 * error) is reported as a batch item failure, retried by the queue and then dead-lettered; one
 * integration failing never stops the others of the batch.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { integrationSyncMessageSchema } from '@expiry-radar/shared/api/integration-sync-message';
import { logger } from '../platform/logger';
import { syncScheduledIntegration } from '../services/integrations/scheduled-sync';
import { errorMessage } from '../platform/error-message';

async function syncRecord(body: string, messageId: string): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const parsed = integrationSyncMessageSchema.safeParse(json);
  if (!parsed.success) {
    // Left to reach the dead-letter queue, where an operator can see it.
    throw new Error(`Not an integration sync message: ${messageId}`);
  }
  const outcome = await syncScheduledIntegration(parsed.data, new Date());
  logger.info('Scheduled integration sync', {
    integrationId: parsed.data.integrationId,
    outcome: outcome.kind === 'synced' ? 'synced' : outcome.reason,
    ...(outcome.kind === 'synced'
      ? {
          created: outcome.report.created,
          updated: outcome.report.updated,
          removed: outcome.report.removed,
          errors: outcome.report.errors.length,
        }
      : {}),
  });
}

export const handler = middy(
  async (event: SQSEvent, _context: Context): Promise<SQSBatchResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      try {
        await syncRecord(record.body, record.messageId);
      } catch (error) {
        logger.warn('Integration sync failed', {
          messageId: record.messageId,
          error: errorMessage(error),
        });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  },
).use(injectLambdaContext(logger, { resetKeys: true }));
