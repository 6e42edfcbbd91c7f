/**
 * The email feedback job: subscribed to the SNS topic the SES configuration set publishes bounce
 * and complaint events to; puts each permanently bouncing or complaining address on the
 * suppression list (services/email/email-feedback.ts). A message that is no SES notification is
 * logged and dropped: SNS would retry it unchanged, to the same end.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SNSEvent } from 'aws-lambda';
import { recordEmailFeedback } from '../services/email/email-feedback';
import { logger } from '../platform/logger';

function parseMessage(message: string): unknown {
  try {
    return JSON.parse(message) as unknown;
  } catch {
    return undefined;
  }
}

export interface EmailFeedbackResult {
  readonly suppressed: number;
  readonly ignored: number;
  readonly malformed: number;
}

export async function handleEmailFeedback(event: SNSEvent): Promise<EmailFeedbackResult> {
  let suppressed = 0;
  let ignored = 0;
  let malformed = 0;
  for (const record of event.Records) {
    const outcome = await recordEmailFeedback(parseMessage(record.Sns.Message), new Date());
    if (outcome.malformed) {
      malformed += 1;
      logger.warn('SNS message that is no SES notification dropped', {
        messageId: record.Sns.MessageId,
      });
      continue;
    }
    suppressed += outcome.suppressed.length;
    ignored += outcome.ignored.length;
    if (outcome.suppressed.length > 0) {
      logger.info('Addresses put on the suppression list', { addresses: outcome.suppressed });
    }
    if (outcome.ignored.length > 0) {
      logger.info('Transient bounces, not suppressed', { addresses: outcome.ignored });
    }
  }
  return { suppressed, ignored, malformed };
}

export const handler = middy((event: SNSEvent, _context: Context) =>
  handleEmailFeedback(event),
).use(injectLambdaContext(logger, { resetKeys: true }));
