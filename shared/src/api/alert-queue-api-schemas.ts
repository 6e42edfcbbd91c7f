/**
 * The alert queue, its requeue and retry, alert statistics, and the body of the messages the expiry scan puts on the SQS alert queue.
 */
import * as z from 'zod';
import { ALERT_QUEUE_PAGE_SIZE } from '../constants/paging';
import { pageOf, pagingQuery, workspaceIdField } from './common-schemas';
import { ALERT_MESSAGES } from './alert-api-schemas';

/** One alert window of one token: its record's id and what identifies the token's window. */
export const alertRefSchema = z.object({
  /** Token id + expiry date + threshold window (the idempotency key). */
  alertId: z.string().min(1),
  workspaceId: z.string().min(1),
  tokenId: z.string().min(1),
  expiresAt: z.string().min(1),
  threshold: z.number().int().nonnegative(),
});
export type AlertRef = z.infer<typeof alertRefSchema>;

/**
 * One alert window of one token, for its webhooks (one message per token and webhook, as
 * PagerDuty wants one incident per token). `deliver: 'webhooks'` leaves its email deliveries to
 * the recipients' digests; absent (a requeue or retry of older messages), it delivers every
 * channel of the alert, each email address as a digest of this one alert.
 */
export const alertMessageSchema = alertRefSchema.extend({
  deliver: z.enum(['all', 'webhooks']).optional(),
});
export type AlertMessage = z.infer<typeof alertMessageSchema>;

/** Rows in one digest message (more due alerts for one address make several digests). */
export const DIGEST_MAX_ALERTS = 100;

/**
 * One of the messages of a digest with more than DIGEST_MAX_ALERTS rows: the address's rows are
 * split in one most-urgent-first order, so part 1 holds the most urgent. Each part is an email of
 * its own that says which part it is.
 */
export const digestPartSchema = z.object({
  number: z.number().int().min(1),
  of: z.number().int().min(2),
  /** The rows of the whole digest, over its parts. */
  alerts: z.number().int().min(1),
  /** Part 1 only: the summary line of the whole digest, as the scan planned it (its subject). */
  summary: z.string().min(1).optional(),
});
export type DigestPart = z.infer<typeof digestPartSchema>;

/**
 * One email to one address listing every alert due for it (across workspaces): each row is the
 * email delivery `email:<address>` of one alert record, claimed and marked on its own.
 */
export const digestMessageSchema = z.object({
  kind: z.literal('digest'),
  /** Names the digest in the delivery state of each alert it carried. */
  digestId: z.string().min(1),
  address: z.string().min(1),
  alerts: z.array(alertRefSchema).min(1).max(DIGEST_MAX_ALERTS),
  part: digestPartSchema.optional(),
});
export type DigestMessage = z.infer<typeof digestMessageSchema>;

/** What the alert queue carries: a digest for one address, or one alert for its webhooks. */
export const alertQueueMessageSchema = z.union([digestMessageSchema, alertMessageSchema]);
export type AlertQueueMessage = z.infer<typeof alertQueueMessageSchema>;

export function isDigestMessage(message: AlertQueueMessage): message is DigestMessage {
  return 'kind' in message && message.kind === 'digest';
}

/** The alert windows a queue message is about. */
export function alertRefsOf(message: AlertQueueMessage): readonly AlertRef[] {
  return isDigestMessage(message) ? message.alerts : [message];
}

export const requeueAlertsBody = z.object({ workspace_id: workspaceIdField.optional() });
export const requeueAlertsResponse = z.object({ updated: z.number().int().nonnegative() });

export const listAlertQueueQuery = pagingQuery(ALERT_QUEUE_PAGE_SIZE).extend({
  workspace_id: workspaceIdField.optional(),
});

/**
 * A channel's delivery: `skipped` when it was not sent on purpose (monthly delivery limit
 * reached, the webhook removed meanwhile); `last_error` says why.
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
const deliveryStatus = z.enum(DELIVERY_STATUSES);

/** An alert as a whole: `partial` when some channels were sent and others failed or skipped. */
export const ALERT_STATUSES = ['pending', 'sent', 'partial', 'failed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const alertChannelStateSchema = z.object({
  /** `email` or `webhook:<name>`: what `POST /api/alert-queue/{id}/retry` takes. */
  channel: z.string(),
  /** `email`, or the webhook's kind. */
  kind: z.string(),
  status: deliveryStatus,
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  /**
   * Per recipient for email (one per address, each sent in that address's digest); one entry for
   * a webhook.
   */
  recipients: z.array(
    z.object({
      /** What `POST /api/alert-queue/{id}/retry` takes to retry this recipient alone. */
      channel: z.string().default(''),
      target: z.string(),
      status: deliveryStatus,
      attempts: z.number().int().nonnegative(),
      last_error: z.string().nullable(),
      sent_at: z.string().nullable(),
      /** The digest (one email to the address) that last carried it; null for webhooks. */
      digest_id: z.string().nullable().default(null),
    }),
  ),
});
export type AlertChannelState = z.infer<typeof alertChannelStateSchema>;

export const alertQueueItemSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  token_id: z.string(),
  token_name: z.string(),
  expires_at: z.string(),
  /** Days before expiry of the alert window (of the last window, for an escalation). */
  threshold: z.number().int(),
  /**
   * Sent to the escalation group of the token's contact group: still not renewed after its last
   * window and the escalation's delay.
   */
  escalation: z.boolean().default(false),
  /** A token that renews automatically, not renewed by its grace point ("renewal overdue"). */
  renewal_overdue: z.boolean().default(false),
  /**
   * For the alert of a monitored endpoint's problem, what is wrong ("api.example.com:443: …"); for
   * a certificate seen in certificate transparency logs, that it is one (`token_id` then names
   * the certificate, not a token); null for an expiry alert. Its window is not an expiry's: it is
   * shown instead.
   */
  problem: z.string().nullable().default(null),
  status: z.enum(ALERT_STATUSES),
  /** The message went to the dead-letter queue after its last attempt (requeue brings it back). */
  dead_lettered: z.boolean(),
  channels: z.array(alertChannelStateSchema),
  /** Times the worker received the message. */
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  /** When the next retry is due; null when none is planned. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertQueueItem = z.infer<typeof alertQueueItemSchema>;
export const listAlertQueueResponse = pageOf(alertQueueItemSchema);

export const retryAlertBody = z.object({
  channel: z
    .string({ error: ALERT_MESSAGES.channelRequired })
    .trim()
    .min(1, ALERT_MESSAGES.channelRequired)
    .max(200),
});

export const alertStatsQuery = z.object({ workspace_id: workspaceIdField.optional() });

const channelStats = z.object({
  /** `email` or a webhook kind. */
  channel: z.string(),
  attempts: z.number().int().nonnegative(),
  successes: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
});

/** This calendar month (UTC), for one workspace or every workspace of the caller. */
export const alertStatsResponse = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  channels: z.array(channelStats),
  totals: channelStats.omit({ channel: true }),
  /** Deliveries counted against the plan this month (the owner's, summed over owners). */
  deliveries_this_month: z.number().int().nonnegative(),
  /** The plan's monthly limit when one owner's workspaces are asked for; null: unlimited. */
  deliveries_limit: z.number().int().nullable(),
});
export type AlertStats = z.infer<typeof alertStatsResponse>;

/**
 * The signed token of a one-click unsubscribe link (in the query, as mail clients POST it), and
 * `resume=true` to undo.
 */
export const alertEmailLinkQuery = z.object({
  token: z.string().trim().min(1).max(2000),
  resume: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** What a signed link stops: a workspace's alert emails, or the user's weekly summary. */
export const EMAIL_LINK_KINDS = ['alerts', 'weekly_summary'] as const;

/** The address and the workspaces whose alert emails (or the weekly summary) a link stopped or resumed. */
export const alertEmailSubscriptionResponse = z.object({
  kind: z.enum(EMAIL_LINK_KINDS).default('alerts'),
  address: z.string(),
  /** The workspaces of an alerts link; none for the weekly summary. */
  workspaces: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether the emails now go to the address. */
  subscribed: z.boolean(),
});
export type AlertEmailSubscriptionAnswer = z.infer<typeof alertEmailSubscriptionResponse>;
