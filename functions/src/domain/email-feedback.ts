/**
 * SES's bounce and complaint notifications (event publishing of a configuration set to SNS, or an
 * identity's feedback notifications: the same bodies under `eventType` or `notificationType`),
 * read into the addresses to put on the suppression list. A permanent bounce (the mailbox or
 * domain does not exist, or refuses for good) and every complaint suppress the address; a
 * transient bounce (mailbox full, greylisting) does not: SES retried it, and the next email may
 * reach it.
 */
import * as z from 'zod';

const recipientSchema = z.object({
  emailAddress: z.string().min(1),
  diagnosticCode: z.string().optional(),
});

export const sesFeedbackNotificationSchema = z
  .object({
    eventType: z.string().optional(),
    notificationType: z.string().optional(),
    bounce: z
      .object({
        bounceType: z.string(),
        bounceSubType: z.string().optional(),
        bouncedRecipients: z.array(recipientSchema),
        timestamp: z.string().optional(),
      })
      .optional(),
    complaint: z
      .object({
        complainedRecipients: z.array(recipientSchema),
        complaintFeedbackType: z.string().nullish(),
        timestamp: z.string().optional(),
      })
      .optional(),
    mail: z.object({ messageId: z.string().optional() }).optional(),
  })
  .refine((notification) => notification.eventType ?? notification.notificationType, {
    message: 'Neither eventType nor notificationType',
  });

export type SesFeedbackNotification = z.output<typeof sesFeedbackNotificationSchema>;

export interface FeedbackSuppression {
  /** Lower case. */
  readonly address: string;
  readonly reason: 'bounce' | 'complaint';
  readonly detail: string | null;
}

export interface FeedbackReading {
  readonly suppress: readonly FeedbackSuppression[];
  /** Addresses reported without being suppressed (transient bounces), for the log. */
  readonly ignored: readonly string[];
}

/** What to suppress from one notification; a delivery or other event suppresses nothing. */
export function readFeedback(notification: SesFeedbackNotification): FeedbackReading {
  const type = notification.eventType ?? notification.notificationType;
  if (type === 'Bounce' && notification.bounce) {
    const { bounceType, bounceSubType, bouncedRecipients } = notification.bounce;
    const addresses = bouncedRecipients.map((recipient) => ({
      address: recipient.emailAddress.trim().toLowerCase(),
      detail: recipient.diagnosticCode ?? [bounceType, bounceSubType].filter(Boolean).join(' / '),
    }));
    if (bounceType !== 'Permanent') {
      return { suppress: [], ignored: addresses.map(({ address }) => address) };
    }
    return {
      suppress: addresses.map(({ address, detail }) => ({ address, reason: 'bounce', detail })),
      ignored: [],
    };
  }
  if (type === 'Complaint' && notification.complaint) {
    const detail = notification.complaint.complaintFeedbackType ?? null;
    return {
      suppress: notification.complaint.complainedRecipients.map((recipient) => ({
        address: recipient.emailAddress.trim().toLowerCase(),
        reason: 'complaint',
        detail,
      })),
      ignored: [],
    };
  }
  return { suppress: [], ignored: [] };
}
