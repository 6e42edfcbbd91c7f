/**
 * The weekly summary job (EventBridge schedule, hourly; a timer locally): finds the summaries due
 * (each user's Monday 08:00 in their time zone has come, ACCESS_PATTERNS.md row 47), claims each
 * (its next send moves to the following Monday on condition it is still the one due, so two runs
 * never both send it), then builds and sends one email per user. A send that fails gives the claim
 * back: the next run tries again. A crash between the claim and the send loses that week's
 * summary (at most once, unlike alerts). Users whose address is not verified get none that week.
 */
import { resolveAppOrigin } from '../adapters/app-origin';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { sesMailer } from '../adapters/ses-mailer';
import { findUserById } from '../data/user-records';
import {
  claimWeeklySummary,
  findDueWeeklySummaries,
  releaseWeeklySummary,
} from '../data/weekly-summary-records';
import type { WeeklySummaryRecord } from '../data/entities/weekly-summary';
import type { Mailer } from '../domain/mailer';
import { nextWeeklySummaryAt } from '../domain/weekly-summary-schedule';
import { renderWeeklySummaryEmail } from '../domain/weekly-summary-email';
import { logger } from '../platform/logger';
import { metrics, METRIC_NAMES } from '../platform/metrics';
import { signWeeklySummaryUnsubscribe } from '../services/alerts/alert-unsubscribe';
import {
  weeklySummaryOf,
  type WeeklySummaryPorts,
} from '../services/alerts/weekly-summary-content';
import { errorMessage } from '../platform/error-message';

const CONCURRENCY = 8;

export interface WeeklySummaryJobPorts extends WeeklySummaryPorts {
  readonly mailer: Mailer;
}

export interface WeeklySummaryResult {
  /** Summaries due at this run. */
  readonly due: number;
  readonly sent: number;
  /** Sends that failed: due again for the next run. */
  readonly failed: number;
  /** Taken by another run meanwhile, or users without a verified address (next week). */
  readonly skipped: number;
}

export async function defaultWeeklySummaryPorts(): Promise<WeeklySummaryJobPorts> {
  return {
    mailer: sesMailer,
    appOrigin: await resolveAppOrigin(),
    signUnsubscribe: signWeeklySummaryUnsubscribe,
  };
}

type SummaryOutcome = 'sent' | 'failed' | 'skipped';

/**
 * Claims and sends one user's due summary. Any failure after the claim (the user's item, a
 * workspace, the send) gives the claim back for the next run and holds up no other user.
 */
async function sendDueSummary(
  summary: WeeklySummaryRecord,
  now: Date,
  ports: WeeklySummaryJobPorts,
): Promise<SummaryOutcome> {
  const claim = {
    due: summary.nextSendAt!,
    next: nextWeeklySummaryAt(summary.timeZone, now).toISOString(),
    now,
  };
  if (!(await claimWeeklySummary(summary.userId, claim))) return 'skipped';
  try {
    const user = await findUserById(summary.userId);
    if (!user?.emailVerified) return 'skipped';
    await ports.mailer.send(
      await renderWeeklySummaryEmail(await weeklySummaryOf(user, now, ports)),
    );
    return 'sent';
  } catch (error) {
    logger.error('Weekly summary not sent; due again next run', {
      userId: summary.userId,
      error: errorMessage(error),
    });
    await releaseWeeklySummary(summary.userId, { ...claim, lastSentAt: summary.lastSentAt });
    return 'failed';
  }
}

export async function runWeeklySummaries(
  now: Date,
  given?: WeeklySummaryJobPorts,
): Promise<WeeklySummaryResult> {
  const due = await findDueWeeklySummaries(now);
  const ports = given ?? (await defaultWeeklySummaryPorts());
  const counts: Record<SummaryOutcome, number> = { sent: 0, failed: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const summary = due[next]!;
      next += 1;
      counts[await sendDueSummary(summary, now, ports)] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  const result = { due: due.length, ...counts };
  logger.info('Weekly summaries done', { ...result });
  return result;
}

/** Later than any summary's next send: with it, every summary turned on is found. */
const END_OF_SCHEDULES = new Date('9999-12-31T23:59:59.999Z');

/**
 * A preview (`npm run alerts:weekly-summary -- --now`): every user with the summary turned on and
 * a verified address gets it at once, as of `now`. Nothing is claimed: each summary still goes
 * out on its own Monday morning.
 */
export async function sendWeeklySummaryPreviews(
  now: Date,
  given?: WeeklySummaryJobPorts,
): Promise<{ readonly sent: number; readonly skipped: number }> {
  const summaries = await findDueWeeklySummaries(END_OF_SCHEDULES);
  const ports = given ?? (await defaultWeeklySummaryPorts());
  let sent = 0;
  let skipped = 0;
  for (const summary of summaries) {
    const user = await findUserById(summary.userId);
    if (!user?.emailVerified) {
      skipped += 1;
      continue;
    }
    await ports.mailer.send(
      await renderWeeklySummaryEmail(await weeklySummaryOf(user, now, ports)),
    );
    sent += 1;
  }
  return { sent, skipped };
}

/** The scheduled Lambda: one run at the time EventBridge fires. */
export const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<void> => {
  const result = await runWeeklySummaries(new Date());
  metrics.addMetric(METRIC_NAMES.weeklySummariesSent, MetricUnit.Count, result.sent);
  metrics.addMetric(METRIC_NAMES.weeklySummariesFailed, MetricUnit.Count, result.failed);
})
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(logMetrics(metrics));
