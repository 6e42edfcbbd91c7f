/**
 * The PagerDuty back-channel: a PagerDuty webhook's incidents acknowledged or resolved in
 * PagerDuty come back through a V3 webhook subscription (`POST /api/pagerduty/webhooks/{id}`,
 * public, signed with the subscription's secret) and act on the alert. Editors read the address
 * to give PagerDuty and store the secret PagerDuty shows for the subscription
 * (`GET`, `PUT /api/v1/workspaces/{id}/pagerduty-back-channel`); the secret is never answered.
 */
import * as z from 'zod';
import { secretText } from '../domain/text-rules';

export const PAGERDUTY_BACK_CHANNEL_MESSAGES = {
  webhookNameRequired: 'Name the PagerDuty webhook the secret is for',
  notPagerDutyWebhook: (name: string) =>
    `"${name}" is not a PagerDuty webhook of this workspace: save it under Webhooks first`,
  secretInvalid:
    'The signing secret is the one PagerDuty shows when the webhook subscription is created: 16 to 200 characters without spaces',
  signatureMissing:
    'Missing X-PagerDuty-Signature header: only PagerDuty V3 webhooks are taken here.',
  signatureInvalid:
    'The X-PagerDuty-Signature does not match: check the signing secret stored for this PagerDuty webhook.',
  bodyInvalid: 'The body is not a PagerDuty V3 webhook event.',
} as const;

export const pagerDutyBackChannelBody = z.object({
  /** The PagerDuty webhook (of the alert settings) whose subscription the secret belongs to. */
  webhook_name: z
    .string({ error: PAGERDUTY_BACK_CHANNEL_MESSAGES.webhookNameRequired })
    .trim()
    .min(1, PAGERDUTY_BACK_CHANNEL_MESSAGES.webhookNameRequired)
    .max(100, PAGERDUTY_BACK_CHANNEL_MESSAGES.webhookNameRequired),
  /** The subscription's signing secret, as PagerDuty shows it once; null disconnects. */
  secret: z.union([
    secretText(
      z
        .string({ error: PAGERDUTY_BACK_CHANNEL_MESSAGES.secretInvalid })
        .trim()
        .regex(/^[\x21-\x7e]{16,200}$/, PAGERDUTY_BACK_CHANNEL_MESSAGES.secretInvalid),
    ),
    z.null(),
  ]),
});
export type PagerDutyBackChannelBody = z.input<typeof pagerDutyBackChannelBody>;

export const pagerDutyBackChannelResponse = z.object({
  /** The address to give PagerDuty as the webhook subscription's URL. */
  url: z.string(),
  /** Each PagerDuty webhook of the workspace, and whether its secret is stored. */
  webhooks: z.array(
    z.object({
      name: z.string(),
      connected: z.boolean(),
      /** When the secret was stored, and by whom; null while none is. */
      connected_at: z.string().nullable(),
      connected_by: z.string().nullable(),
    }),
  ),
});
export type PagerDutyBackChannel = z.infer<typeof pagerDutyBackChannelResponse>;

/** What the receiver did with an event (PagerDuty reads only the status: 202). */
export const pagerDutyWebhookResponse = z.object({
  outcome: z.enum(['acknowledged', 'endpoint_check_requested', 'ignored']),
  /** Why an event changed nothing. */
  reason: z.string().optional(),
});
