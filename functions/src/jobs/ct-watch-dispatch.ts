/**
 * The certificate transparency watch dispatcher (EventBridge, hourly; a timer locally; `npm run
 * ct:watch`): reads the watched domains due (their items on the sparse due index, shards
 * `CT_WATCH#<n>`, never a Scan), takes each by moving its next read an hour on with a conditional
 * write (so two dispatches never take the same domain), then puts one message per domain on the
 * certificate transparency watch queue, which the worker (jobs/ct-watch-worker.ts) consumes. A
 * domain whose message the queue did not take is given back (due as it was), so no read is lost;
 * a read that fails brings the domain's next read forward (services/certificate-transparency).
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { CtWatchMessage } from '@expiry-radar/shared/api/watched-domain-api-schemas';
import { CT_WATCH_INTERVAL_HOURS } from '@expiry-radar/shared/domain/watched-domains';
import { enqueueCtWatches, type CtWatchEnqueuer } from '../adapters/ct-watch-queue';
import { claimWatchedDomain, findDueWatchedDomains } from '../data/ct-watch-records';
import type { WatchedDomainRecord } from '../data/entities/watched-domain';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';

const CONCURRENCY = 16;

export interface CtWatchDispatchResult {
  readonly due: number;
  readonly enqueued: number;
  readonly givenBack: number;
}

/** Later than any domain's next read: with it, every domain is due. */
const END_OF_SCHEDULES = new Date('9999-12-31T23:59:59.999Z');

const messageKey = (message: CtWatchMessage) => `${message.workspaceId}|${message.domain}`;

/** `all`: every watched domain, whatever its next read (`npm run ct:watch -- --all`). */
export async function runCtWatchDispatch(
  now: Date,
  ports: { readonly enqueue: CtWatchEnqueuer } = { enqueue: enqueueCtWatches },
  { all = false }: { readonly all?: boolean } = {},
): Promise<CtWatchDispatchResult> {
  const due = await findDueWatchedDomains(all ? END_OF_SCHEDULES : now);
  const next = new Date(now.getTime() + CT_WATCH_INTERVAL_HOURS * 3_600_000);
  const taken = new Map<string, WatchedDomainRecord>();
  await forEachLimited(due, CONCURRENCY, async (record) => {
    if (await claimWatchedDomain(record, next)) taken.set(messageKey(record), record);
  });
  const messages: CtWatchMessage[] = [...taken.values()].map((record) => ({
    workspaceId: record.workspaceId,
    domain: record.domain,
  }));
  const unsent = await ports.enqueue(messages);
  let givenBack = 0;
  await forEachLimited(unsent, CONCURRENCY, async (message) => {
    const record = taken.get(messageKey(message));
    if (!record) return;
    const back = { ...record, nextCheckAt: next.toISOString() };
    if (await claimWatchedDomain(back, new Date(record.nextCheckAt))) givenBack += 1;
  });
  const result = { due: due.length, enqueued: messages.length - unsent.length, givenBack };
  if (unsent.length > 0) logger.warn('Certificate transparency reads not enqueued', { ...result });
  logger.info('Certificate transparency dispatch done', { ...result });
  return result;
}

export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  await runCtWatchDispatch(new Date());
}).use(injectLambdaContext(logger, { resetKeys: true }));
