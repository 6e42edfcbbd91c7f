/**
 * The endpoint check dispatcher (EventBridge, hourly; a timer locally; `npm run endpoints:check`):
 * reads the tokens whose endpoints are due for a check (their schedule items on the sparse due
 * index, shards `ENDPOINT_CHECK#<n>`, never a Scan), moves each schedule to its next check (every
 * 6 hours, or every hour for tokens of Enterprise workspaces that ask for it) with a conditional
 * write, so two dispatches never take the same one, then puts one message per endpoint on the
 * endpoint check queue, which the worker (jobs/endpoint-check-worker.ts) consumes with bounded
 * concurrency. Schedules of tokens deleted or left without endpoints are removed. A schedule whose
 * messages the queue did not take is given back (due as it was), so no round of checks is lost.
 * Endpoints beyond the workspace plan's limit (after a downgrade; domain/endpoint-pausing.ts) are
 * not checked but marked paused, which the dashboard shows. A token saved with endpoints never
 * checked has its round taken at once by its write (services/endpoints/saved-endpoint-checks.ts),
 * so its schedule reaches this only when its interval is over or the queue did not take it.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import {
  enqueueEndpointChecks,
  type EndpointCheckEnqueuer,
} from '../adapters/endpoint-check-queue';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import {
  advanceEndpointSchedule,
  deleteEndpointSchedule,
  findDueEndpointSchedules,
  readScheduledTokens,
} from '../data/endpoint-records';
import type { EndpointScheduleRecord } from '../data/entities/endpoint-schedule';
import { findWorkspaces } from '../data/workspace-store';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';
import {
  endpointCheckMessagesOf,
  giveBackEndpointSchedule,
  keptEndpointCountsOf,
  markEndpointsPausedFrom,
  nextEndpointCheckAt,
} from '../services/endpoints/endpoint-check-round';

const CONCURRENCY = 16;

export interface EndpointDispatchResult {
  /** Schedule items due. */
  readonly due: number;
  /** Endpoint check messages enqueued. */
  readonly enqueued: number;
  /** Schedules removed: their token is gone or has no endpoint left. */
  readonly removed: number;
  /** Schedules given back because the queue did not take their messages. */
  readonly givenBack: number;
}

/** Later than any schedule's next check: with it, every schedule is due. */
const END_OF_SCHEDULES = new Date('9999-12-31T23:59:59.999Z');

/**
 * `all`: every endpoint, whatever its last check (`npm run endpoints:check -- --all`); each
 * schedule still moves on from `now`.
 */
export async function runEndpointDispatch(
  now: Date,
  ports: { readonly enqueue: EndpointCheckEnqueuer } = { enqueue: enqueueEndpointChecks },
  { all = false }: { readonly all?: boolean } = {},
): Promise<EndpointDispatchResult> {
  const due = await findDueEndpointSchedules(all ? END_OF_SCHEDULES : now);
  const [tokens, workspaces] = await Promise.all([
    readScheduledTokens(due),
    findWorkspaces([...new Set(due.map(({ workspaceId }) => workspaceId))]),
  ]);
  const plans = new Map(workspaces.map((workspace) => [workspace.id, workspace.plan]));
  const keptCounts = await keptCountsOverLimit(plans);
  const messages: EndpointCheckMessage[] = [];
  const taken = new Map<string, { schedule: EndpointScheduleRecord; next: Date }>();
  let removed = 0;
  await forEachLimited(due, CONCURRENCY, async (schedule) => {
    const token = tokens.get(schedule.tokenId);
    const plan = plans.get(schedule.workspaceId);
    if (!token?.endpoints?.length || !plan) {
      removed += 1;
      await deleteEndpointSchedule(schedule.workspaceId, schedule.tokenId);
      return;
    }
    const next = nextEndpointCheckAt(schedule, plan, now);
    if (!(await advanceEndpointSchedule(schedule, next))) return;
    taken.set(token.id, { schedule, next });
    const kept = keptCounts.get(token.workspace_id)?.get(token.id) ?? token.endpoints.length;
    messages.push(...endpointCheckMessagesOf(token, kept));
    await markEndpointsPausedFrom(token, kept, now);
  });
  const unsent = await ports.enqueue(messages);
  const givenBack = await giveBackSchedules(
    [...new Set(unsent.map((message) => message.tokenId))].flatMap(
      (tokenId) => taken.get(tokenId) ?? [],
    ),
  );
  const result = {
    due: due.length,
    enqueued: messages.length - unsent.length,
    removed,
    givenBack,
  };
  if (unsent.length > 0) logger.warn('Endpoint checks not enqueued', { ...result });
  logger.info('Endpoint dispatch done', { ...result });
  return result;
}

/**
 * For each workspace over its plan's endpoint limit, how many endpoints of each token are still
 * checked (one Query of the workspace's schedules each); workspaces within it are left out.
 */
async function keptCountsOverLimit(
  plans: ReadonlyMap<string, Plan>,
): Promise<Map<string, ReadonlyMap<string, number>>> {
  const overLimit = new Map<string, ReadonlyMap<string, number>>();
  await forEachLimited([...plans], CONCURRENCY, async ([workspaceId, plan]) => {
    const kept = await keptEndpointCountsOf(workspaceId, plan);
    if (kept) overLimit.set(workspaceId, kept);
  });
  return overLimit;
}

/** Gives each taken schedule back (endpoint-check-round `giveBackEndpointSchedule`). */
async function giveBackSchedules(
  taken: readonly { schedule: EndpointScheduleRecord; next: Date }[],
): Promise<number> {
  let givenBack = 0;
  await forEachLimited(taken, CONCURRENCY, async ({ schedule, next }) => {
    if (await giveBackEndpointSchedule(schedule, next)) givenBack += 1;
  });
  return givenBack;
}

export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  await runEndpointDispatch(new Date());
}).use(injectLambdaContext(logger, { resetKeys: true }));
