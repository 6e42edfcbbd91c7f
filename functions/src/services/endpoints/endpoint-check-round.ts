/**
 * One round of checks of a token's endpoints, as the dispatcher takes it (jobs/endpoint-dispatch)
 * and as a token write takes it at once for endpoints never checked (saved-endpoint-checks.ts):
 * the schedule moves on to its next check, the endpoints within the plan's limit go on the check
 * queue, the others are marked paused (domain/endpoint-pausing).
 */
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  advanceEndpointSchedule,
  listWorkspaceEndpointSchedules,
  markEndpointPaused,
} from '../../data/endpoint-records';
import type { EndpointScheduleRecord } from '../../data/entities/endpoint-schedule';
import { keys } from '../../data/keys';
import { keptEndpointCounts } from '../../domain/endpoint-pausing';

const DEFAULT_INTERVAL_HOURS = 6;

/**
 * When a schedule taken at `now` is due again: after its interval, or the default one on a plan
 * that no longer has hourly checks.
 */
export function nextEndpointCheckAt(schedule: EndpointScheduleRecord, plan: Plan, now: Date): Date {
  const hours = PLAN_LIMITS[plan].hourlyEndpointChecks
    ? schedule.intervalHours
    : Math.max(schedule.intervalHours, DEFAULT_INTERVAL_HOURS);
  return new Date(now.getTime() + hours * 60 * 60 * 1000);
}

/**
 * For a workspace over its plan's endpoint limit, how many endpoints of each token are still
 * checked (one Query of its schedules); undefined when the plan has no limit or the workspace is
 * within it.
 */
export async function keptEndpointCountsOf(
  workspaceId: string,
  plan: Plan,
): Promise<ReadonlyMap<string, number> | undefined> {
  const limit = PLAN_LIMITS[plan].monitoredEndpointsPerWorkspace;
  if (limit === null) return undefined;
  return keptEndpointCounts(await listWorkspaceEndpointSchedules(workspaceId), limit);
}

/** The check messages of the token's first `kept` endpoints. */
export function endpointCheckMessagesOf(token: Token, kept: number): EndpointCheckMessage[] {
  return (token.endpoints ?? []).slice(0, kept).map(({ host, port, sni }) => ({
    workspaceId: token.workspace_id,
    tokenId: token.id,
    host,
    port,
    sni,
  }));
}

/** Marks the token's endpoints from `kept` on paused, those not marked already. */
export async function markEndpointsPausedFrom(token: Token, kept: number, now: Date) {
  const endpoints = token.endpoints ?? [];
  for (let index = kept; index < endpoints.length; index += 1) {
    const endpoint = endpoints[index];
    if (!endpoint || endpoint.paused_since) continue;
    await markEndpointPaused(keys.token(token.workspace_id, token.id), index, endpoint, now);
  }
}

/**
 * Puts a schedule taken for `next` back to the check it was due for, unless it changed meanwhile
 * (its token was edited): the next dispatch takes it again. Its messages already sent are checked
 * twice at worst.
 */
export function giveBackEndpointSchedule(
  schedule: EndpointScheduleRecord,
  next: Date,
): Promise<boolean> {
  return advanceEndpointSchedule(
    { ...schedule, nextCheckAt: next.toISOString() },
    new Date(schedule.nextCheckAt),
  );
}
