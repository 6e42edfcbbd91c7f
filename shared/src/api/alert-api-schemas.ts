/** Alert settings and the webhook test (spec §3, §7; DESIGN.md "Alerts"). */
import { z } from 'zod';
import {
  DEFAULT_ALERT_THRESHOLDS,
  DEFAULT_WEBHOOK_KIND,
  webhookKindSchema,
} from '../domain/alerts';
import { emailSchema } from '../domain/email';
import { idSchema } from './common-schemas';

export const ALERT_MESSAGES = {
  invalidWebhookUrl: 'Webhook URL must be a valid http(s) URL',
  invalidThreshold: 'Alert thresholds must be whole days between 0 and 365',
  contactGroupNameRequired: 'Contact group name is required',
  channelRequired: 'Channel is required',
} as const;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const MAX_ALERT_THRESHOLDS = 10;
export const MAX_CONTACT_GROUP_EMAILS = 50;

/** Format only; the server checks the resolved address against SSRF at send time. */
export const webhookUrlSchema = z
  .string({ error: ALERT_MESSAGES.invalidWebhookUrl })
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, ALERT_MESSAGES.invalidWebhookUrl)
  .pipe(z.url({ protocol: /^https?$/, error: ALERT_MESSAGES.invalidWebhookUrl }));

export const alertThresholdsSchema = z
  .array(
    z
      .number({ error: ALERT_MESSAGES.invalidThreshold })
      .int(ALERT_MESSAGES.invalidThreshold)
      .min(0, ALERT_MESSAGES.invalidThreshold)
      .max(365, ALERT_MESSAGES.invalidThreshold),
  )
  .max(MAX_ALERT_THRESHOLDS, `At most ${MAX_ALERT_THRESHOLDS} alert thresholds`)
  .transform((days) => [...new Set(days)].sort((a, b) => b - a));

export const webhookSchema = z.object({
  url: webhookUrlSchema,
  kind: webhookKindSchema.default(DEFAULT_WEBHOOK_KIND),
  /** PagerDuty Events v2 routing key. */
  routing_key: z.string().trim().max(200).optional(),
});

export const contactGroupSchema = z.object({
  /** Absent for a group being created. */
  id: idSchema.optional(),
  name: z
    .string({ error: ALERT_MESSAGES.contactGroupNameRequired })
    .trim()
    .min(1, ALERT_MESSAGES.contactGroupNameRequired)
    .max(100, 'Contact group name must be 100 characters or less'),
  emails: z.array(emailSchema).max(MAX_CONTACT_GROUP_EMAILS).default([]),
  /** Overrides the workspace thresholds for this group. */
  thresholds: alertThresholdsSchema.optional(),
});

/** `PUT .../alert-settings` body: thresholds de-duplicated and sorted, defaults filled in. */
export const alertSettingsBody = z.object({
  email_alerts_enabled: z.boolean(),
  webhook_urls: z.array(webhookSchema).max(100),
  contact_groups: z.array(contactGroupSchema).max(100),
  default_contact_group_id: z.string().nullable(),
  thresholds: alertThresholdsSchema.default(() => [...DEFAULT_ALERT_THRESHOLDS]),
});
export type AlertSettingsInput = z.input<typeof alertSettingsBody>;

/** The stored alert settings, as answered. */
export const alertSettingsSchema = z.object({
  email_alerts_enabled: z.boolean(),
  webhook_urls: z.array(
    z.object({ url: z.string(), kind: webhookKindSchema, routing_key: z.string().optional() }),
  ),
  contact_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      emails: z.array(z.string()),
      thresholds: z.array(z.number().int()).optional(),
    }),
  ),
  default_contact_group_id: z.string().nullable(),
  thresholds: z.array(z.number().int()),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** `POST /api/test-webhook`: `extras` are kind-specific options (e.g. PagerDuty routing_key). */
export const testWebhookBody = z.object({
  url: webhookUrlSchema,
  kind: webhookKindSchema.default(DEFAULT_WEBHOOK_KIND),
  workspace_id: z.string().trim().min(1).optional(),
  extras: z.record(z.string(), z.string().max(500)).optional(),
});
export const testWebhookResponse = z.object({
  ok: z.literal(true),
  /** The receiver's HTTP status. */
  status: z.number().int().optional(),
});
