/**
 * The registration check dispatcher (EventBridge, hourly; a timer locally; `npm run
 * domains:check`): reads the domain registration tokens whose domain is due for a lookup (their
 * schedule items on the sparse due index, shards `REGISTRATION_CHECK#<n>`, never a Scan), moves
 * each schedule to its next check a day later with a conditional write, so two dispatches never
 * take the same one, then puts one message per token on the registration check queue, which the
 * worker (jobs/registration-check-worker.ts) consumes. A failed lookup brings its token's next
 * check forward (services/domain-registrations). A schedule whose message the queue did not take
 * is given back (due as it was), so no check is lost.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { RegistrationCheckMessage } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import { REGISTRATION_CHECK_INTERVAL_HOURS } from '@expiry-radar/shared/domain/domain-registrations';
import {
  enqueueRegistrationChecks,
  type RegistrationCheckEnqueuer,
} from '../adapters/registration-check-queue';
import type { RegistrationScheduleRecord } from '../data/entities/registration-schedule';
import {
  advanceRegistrationSchedule,
  findDueRegistrationSchedules,
} from '../data/registration-records';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';

const CONCURRENCY = 16;

export interface RegistrationDispatchResult {
  readonly due: number;
  readonly enqueued: number;
  readonly givenBack: number;
}

/** Later than any schedule's next check: with it, every schedule is due. */
const END_OF_SCHEDULES = new Date('9999-12-31T23:59:59.999Z');

/** `all`: every followed domain, whatever its schedule (`npm run domains:check -- --all`). */
export async function runRegistrationDispatch(
  now: Date,
  ports: { readonly enqueue: RegistrationCheckEnqueuer } = { enqueue: enqueueRegistrationChecks },
  { all = false }: { readonly all?: boolean } = {},
): Promise<RegistrationDispatchResult> {
  const due = await findDueRegistrationSchedules(all ? END_OF_SCHEDULES : now);
  const next = new Date(now.getTime() + REGISTRATION_CHECK_INTERVAL_HOURS * 3_600_000);
  const taken = new Map<string, RegistrationScheduleRecord>();
  await forEachLimited(due, CONCURRENCY, async (schedule) => {
    if (await advanceRegistrationSchedule(schedule, next)) taken.set(schedule.tokenId, schedule);
  });
  const messages: RegistrationCheckMessage[] = [...taken.values()].map((schedule) => ({
    workspaceId: schedule.workspaceId,
    tokenId: schedule.tokenId,
    domain: schedule.domain,
  }));
  const unsent = await ports.enqueue(messages);
  let givenBack = 0;
  await forEachLimited(unsent, CONCURRENCY, async (message) => {
    const schedule = taken.get(message.tokenId);
    if (!schedule) return;
    const back = { ...schedule, nextCheckAt: next.toISOString() };
    if (await advanceRegistrationSchedule(back, new Date(schedule.nextCheckAt))) givenBack += 1;
  });
  const result = { due: due.length, enqueued: messages.length - unsent.length, givenBack };
  if (unsent.length > 0) logger.warn('Registration checks not enqueued', { ...result });
  logger.info('Registration dispatch done', { ...result });
  return result;
}

export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  await runRegistrationDispatch(new Date());
}).use(injectLambdaContext(logger, { resetKeys: true }));
