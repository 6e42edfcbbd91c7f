/**
 * The certificate transparency watch (EventBridge, hourly; a timer locally; `npm run ct:watch`):
 * reads the watched domains due (their items on the sparse due index, shards `CT_WATCH#<n>`,
 * never a Scan), takes each for this run by moving its next read an hour on with a conditional
 * write (so two runs never read the same domain at once), then reads each one's new certificates
 * at Cert Spotter (services/certificate-transparency/ct-watch.ts), a few domains at a time. Work
 * per domain is bounded (at most 20 pages a read, 10 s a request) and resumes from the domain's
 * stored position, so the job needs no queue: a domain the run could not finish, or whose read
 * failed, is read again at its next time (sooner after a failure, or at the service's
 * Retry-After). A domain that throws (a table error) is reported for its workspace and the others
 * go on; it is due again within the hour.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { CT_WATCH_INTERVAL_HOURS } from '@expiry-radar/shared/domain/watched-domains';
import { defaultCertSpotterClient } from '../adapters/cert-spotter-client';
import { sesMailer } from '../adapters/ses-mailer';
import { claimWatchedDomain, findDueWatchedDomains } from '../data/ct-watch-records';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';
import { reportWorkspaceFailure } from '../platform/workspace-failures';
import { watchDomain, type CtWatchPorts } from '../services/certificate-transparency/ct-watch';

/** Domains read at once: Cert Spotter rate-limits, so few. */
const CONCURRENCY = 3;

export interface CtWatchResult {
  readonly due: number;
  readonly read: number;
  readonly found: number;
  readonly alerted: number;
  readonly failed: number;
}

/** Later than any domain's next read: with it, every domain is due. */
const END_OF_SCHEDULES = new Date('9999-12-31T23:59:59.999Z');

/** `all`: every watched domain, whatever its next read (`npm run ct:watch -- --all`). */
export async function runCtWatch(
  now: Date,
  ports: CtWatchPorts = { issuances: defaultCertSpotterClient(), mailer: sesMailer },
  { all = false }: { readonly all?: boolean } = {},
): Promise<CtWatchResult> {
  const due = await findDueWatchedDomains(all ? END_OF_SCHEDULES : now);
  const next = new Date(now.getTime() + CT_WATCH_INTERVAL_HOURS * 3_600_000);
  let read = 0;
  let found = 0;
  let alerted = 0;
  let failed = 0;
  await forEachLimited(due, CONCURRENCY, async (record) => {
    if (!(await claimWatchedDomain(record, next))) return;
    try {
      const outcome = await watchDomain(record, ports, now);
      if (outcome.kind === 'skipped') return;
      read += 1;
      found += outcome.found;
      alerted += outcome.alerted;
      if (outcome.error) failed += 1;
    } catch (error) {
      failed += 1;
      reportWorkspaceFailure('ct-watch', record.workspaceId, error);
    }
  });
  const result = { due: due.length, read, found, alerted, failed };
  logger.info('Certificate transparency watch done', { ...result });
  return result;
}

export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  await runCtWatch(new Date());
}).use(injectLambdaContext(logger, { resetKeys: true }));
