/**
 * The daily integration sync's dispatcher (EventBridge, hourly; a timer locally;
 * `npm run integrations:sync`): reads the integrations due for their sync from the sparse due
 * index (shards `INTEGRATION_SYNC#<n>`, which only enabled integrations on the daily schedule
 * are on; never a Scan), takes each by moving its next sync a day on with a conditional write, so
 * two dispatches never take the same one, then puts one message per integration on the
 * integration sync queue, which the worker (jobs/integration-sync-worker.ts) consumes.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { IntegrationSyncMessage } from '@expiry-radar/shared/api/integration-sync-message';
import {
  enqueueIntegrationSyncs,
  type IntegrationSyncEnqueuer,
} from '../adapters/integration-sync-queue';
import { claimScheduledSync, findDueIntegrations } from '../data/integration-records';
import { followingSyncAt } from '../domain/integration-schedule';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';

const CONCURRENCY = 16;

export interface IntegrationSyncDispatchResult {
  /** Integrations due. */
  readonly due: number;
  /** Sync messages enqueued (those another dispatch did not take first). */
  readonly enqueued: number;
}

export async function runIntegrationSyncDispatch(
  now: Date,
  ports: { readonly enqueue: IntegrationSyncEnqueuer } = { enqueue: enqueueIntegrationSyncs },
): Promise<IntegrationSyncDispatchResult> {
  const due = await findDueIntegrations(now);
  const next = followingSyncAt(now);
  const messages: IntegrationSyncMessage[] = [];
  await forEachLimited(due, CONCURRENCY, async (integration) => {
    if (!(await claimScheduledSync(integration, next))) return;
    messages.push({
      workspaceId: integration.workspaceId,
      integrationId: integration.integrationId,
    });
  });
  await ports.enqueue(messages);
  const result = { due: due.length, enqueued: messages.length };
  logger.info('Integration sync dispatch done', { ...result });
  return result;
}

export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  await runIntegrationSyncDispatch(new Date());
}).use(injectLambdaContext(logger, { resetKeys: true }));
