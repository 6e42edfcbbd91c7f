/**
 * The endpoint check dispatcher (EventBridge, hourly; a timer locally; `npm run endpoints:check`):
 * reads the tokens whose endpoints are due for a check (their schedule items on the sparse due
 * index, shards `ENDPOINT_CHECK#<n>`, never a Scan), moves each schedule to its next check (every
 * 6 hours, or every hour for tokens of Enterprise workspaces that ask for it) with a conditional
 * write, so two dispatches never take the same one, then puts one message per endpoint on the
 * endpoint check queue, which the worker (jobs/endpoint-check-worker.ts) consumes with bounded
 * concurrency. Schedules of tokens deleted or left without endpoints are removed.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import {
  enqueueEndpointChecks,
  type EndpointCheckEnqueuer,
} from '../adapters/endpoint-check-queue';
import {
  advanceEndpointSchedule,
  deleteEndpointSchedule,
  findDueEndpointSchedules,
  readScheduledTokens,
} from '../data/endpoint-records';
import { findWorkspaces } from '../data/workspace-store';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';

const CONCURRENCY = 16;
const DEFAULT_INTERVAL_HOURS = 6;

export interface EndpointDispatchResult {
  /** Schedule items due. */
  readonly due: number;
  /** Endpoint check messages enqueued. */
  readonly enqueued: number;
  /** Schedules removed: their token is gone or has no endpoint left. */
  readonly removed: number;
}

export async function runEndpointDispatch(
  now: Date,
  ports: { readonly enqueue: EndpointCheckEnqueuer } = { enqueue: enqueueEndpointChecks },
): Promise<EndpointDispatchResult> {
  const due = await findDueEndpointSchedules(now);
  const [tokens, workspaces] = await Promise.all([
    readScheduledTokens(due),
    findWorkspaces([...new Set(due.map(({ workspaceId }) => workspaceId))]),
  ]);
  const plans = new Map(workspaces.map((workspace) => [workspace.id, workspace.plan]));
  const messages: EndpointCheckMessage[] = [];
  let removed = 0;
  await forEachLimited(due, CONCURRENCY, async (schedule) => {
    const token = tokens.get(schedule.tokenId);
    const plan = plans.get(schedule.workspaceId);
    if (!token?.endpoints?.length || !plan) {
      removed += 1;
      await deleteEndpointSchedule(schedule.workspaceId, schedule.tokenId);
      return;
    }
    // A plan that no longer has hourly checks gets the default interval.
    const hours = PLAN_LIMITS[plan].hourlyEndpointChecks
      ? schedule.intervalHours
      : Math.max(schedule.intervalHours, DEFAULT_INTERVAL_HOURS);
    const next = new Date(now.getTime() + hours * 60 * 60 * 1000);
    if (!(await advanceEndpointSchedule(schedule, next))) return;
    for (const { host, port, sni } of token.endpoints) {
      messages.push({ workspaceId: token.workspace_id, tokenId: token.id, host, port, sni });
    }
  });
  await ports.enqueue(messages);
  const result = { due: due.length, enqueued: messages.length, removed };
  logger.info('Endpoint dispatch done', { ...result });
  return result;
}

export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  await runEndpointDispatch(new Date());
}).use(injectLambdaContext(logger, { resetKeys: true }));
