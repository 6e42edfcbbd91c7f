/**
 * SES's bounce and complaint reports, turned into the suppression list: each permanently
 * bouncing or complaining address is recorded once (the latest report wins), so the alert worker
 * and the account emails stop sending to it, which keeps the account's bounce and complaint
 * rates under SES's limits (above them SES reviews, then pauses, the account's sending).
 */
import { putEmailSuppression } from '../../data/email-suppressions';
import { readFeedback, sesFeedbackNotificationSchema } from '../../domain/email-feedback';

export interface FeedbackOutcome {
  readonly suppressed: readonly string[];
  readonly ignored: readonly string[];
  /** A body that is no SES notification: nothing recorded. */
  readonly malformed: boolean;
}

export async function recordEmailFeedback(body: unknown, now: Date): Promise<FeedbackOutcome> {
  const parsed = sesFeedbackNotificationSchema.safeParse(body);
  if (!parsed.success) return { suppressed: [], ignored: [], malformed: true };
  const { suppress, ignored } = readFeedback(parsed.data);
  for (const { address, reason, detail } of suppress) {
    await putEmailSuppression({ address, reason, detail, reportedAt: now.toISOString() });
  }
  return { suppressed: suppress.map(({ address }) => address), ignored, malformed: false };
}
