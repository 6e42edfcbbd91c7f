/** Alert settings and the webhook test. */
import * as z from 'zod';
import {
  DEFAULT_ALERT_THRESHOLDS,
  DEFAULT_WEBHOOK_KIND,
  deliveryWindowSchema,
  MAX_ALERT_THRESHOLD_DAYS,
  MAX_ESCALATION_DELAY_HOURS,
  MIN_ESCALATION_DELAY_HOURS,
  pagerDutySeveritySchema,
  WEBHOOK_KINDS,
  webhookKindSchema,
} from '../domain/alerts';
import { emailSchema } from '../domain/email';
import { DEFAULT_RENEWAL_GRACE_DAYS, renewalGraceDaysSchema } from '../domain/token-alert-fields';

export const ALERT_MESSAGES = {
  invalidWebhookUrl: 'Webhook URL must be a valid http(s) URL',
  invalidThreshold: 'Alert thresholds must be whole days between 0 and 365',
  thresholdRequired: 'Give at least one alert threshold',
  contactGroupNameRequired: 'Contact group name is required',
  channelRequired: 'Channel is required',
  webhookNameRequired: 'Webhook name is required',
  webhookNameTooLong: 'Webhook name must be 100 characters or less',
  invalidWebhookKind: 'Webhook kind must be one of generic, slack, teams, discord or pagerduty',
  routingKeyRequired: 'PagerDuty webhooks need a routing key',
  routingKeyTooLong: 'PagerDuty routing key must be 200 characters or less',
  invalidSeverity: 'PagerDuty severity must be one of critical, error, warning or info',
  invalidContactGroupId: 'Contact group id must be 1 to 64 letters, digits, hyphens or underscores',
  tooManyWebhooks: 'At most 100 webhooks',
  tooManyContactGroups: 'At most 100 contact groups',
  tooManyGroupEmails: 'A contact group can have at most 50 email addresses',
  invalidEscalationDelay: `Escalation delay must be whole hours between ${MIN_ESCALATION_DELAY_HOURS} and ${MAX_ESCALATION_DELAY_HOURS}`,
  settingsTooLarge:
    'Alert settings are too large to save. Remove some contact groups, email addresses or webhooks.',
} as const;

export const alertSettingsMessages = {
  duplicateWebhookName: (name: string) =>
    `Webhook names must be unique: "${name}" is used more than once`,
  duplicateContactGroupName: (name: string) =>
    `Contact group names must be unique: "${name}" is used more than once`,
  duplicateContactGroupId: (id: string) =>
    `Contact group ids must be unique: "${id}" is used more than once`,
  unknownWebhookName: (group: string, webhook: string) =>
    `Contact group "${group}" refers to webhook "${webhook}", which is not one of the webhooks`,
  emptyContactGroup: (group: string) =>
    `Contact group "${group}" needs at least one email address or webhook`,
  unknownDefaultContactGroup: 'Default contact group must be one of the contact groups',
  unknownEscalationGroup: (group: string) =>
    `Contact group "${group}" escalates to a contact group that is not one of the contact groups`,
  selfEscalation: (group: string) => `Contact group "${group}" cannot escalate to itself`,
} as const;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_NAME_MAX_LENGTH = 100;
export const MAX_ALERT_THRESHOLDS = 10;
export const MAX_CONTACT_GROUP_EMAILS = 50;
export const MAX_WEBHOOKS = 100;
export const MAX_CONTACT_GROUPS = 100;

/** Format only; the server checks the address (SSRF) on save and again at connect time. */
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
      .max(MAX_ALERT_THRESHOLD_DAYS, ALERT_MESSAGES.invalidThreshold),
    { error: ALERT_MESSAGES.invalidThreshold },
  )
  .min(1, ALERT_MESSAGES.thresholdRequired)
  .max(MAX_ALERT_THRESHOLDS, `At most ${MAX_ALERT_THRESHOLDS} alert thresholds`)
  .transform((days) => [...new Set(days)].sort((a, b) => b - a));

const routingKeySchema = z
  .string({ error: ALERT_MESSAGES.routingKeyRequired })
  .trim()
  .max(200, ALERT_MESSAGES.routingKeyTooLong);

const severitySchema = z
  .union([pagerDutySeveritySchema, z.literal('')], { error: ALERT_MESSAGES.invalidSeverity })
  .transform((value) => (value === '' ? undefined : value));

const kindSchema = z
  .enum(WEBHOOK_KINDS, { error: ALERT_MESSAGES.invalidWebhookKind })
  .default(DEFAULT_WEBHOOK_KIND);

export const webhookSchema = z
  .object({
    /** Unique within the workspace; contact groups refer to webhooks by name. */
    name: z
      .string({ error: ALERT_MESSAGES.webhookNameRequired })
      .trim()
      .min(1, ALERT_MESSAGES.webhookNameRequired)
      .max(WEBHOOK_NAME_MAX_LENGTH, ALERT_MESSAGES.webhookNameTooLong),
    kind: kindSchema,
    url: webhookUrlSchema,
    /** PagerDuty Events v2 routing key. */
    routing_key: routingKeySchema.optional(),
    /** PagerDuty severity; derived from the days left when absent. */
    severity: severitySchema.optional(),
  })
  .transform(({ routing_key, severity, ...webhook }) => ({
    ...webhook,
    // Only PagerDuty uses these; they are not kept for other kinds.
    ...(webhook.kind === 'pagerduty' && routing_key ? { routing_key } : {}),
    ...(webhook.kind === 'pagerduty' && severity ? { severity } : {}),
  }))
  .superRefine((webhook, context) => {
    if (webhook.kind === 'pagerduty' && !webhook.routing_key) {
      context.addIssue({
        code: 'custom',
        path: ['routing_key'],
        message: ALERT_MESSAGES.routingKeyRequired,
      });
    }
  });

export const contactGroupIdSchema = z
  .string({ error: ALERT_MESSAGES.invalidContactGroupId })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, ALERT_MESSAGES.invalidContactGroupId);

export const escalationSchema = z.object({
  group_id: contactGroupIdSchema,
  delay_hours: z
    .number({ error: ALERT_MESSAGES.invalidEscalationDelay })
    .int(ALERT_MESSAGES.invalidEscalationDelay)
    .min(MIN_ESCALATION_DELAY_HOURS, ALERT_MESSAGES.invalidEscalationDelay)
    .max(MAX_ESCALATION_DELAY_HOURS, ALERT_MESSAGES.invalidEscalationDelay),
});

export const contactGroupSchema = z.object({
  /** Absent for a group being created (the server assigns one); a client may also choose one. */
  id: contactGroupIdSchema.optional(),
  name: z
    .string({ error: ALERT_MESSAGES.contactGroupNameRequired })
    .trim()
    .min(1, ALERT_MESSAGES.contactGroupNameRequired)
    .max(100, 'Contact group name must be 100 characters or less'),
  emails: z
    .array(emailSchema)
    .max(MAX_CONTACT_GROUP_EMAILS, ALERT_MESSAGES.tooManyGroupEmails)
    .default([])
    .transform((emails) => [...new Set(emails)]),
  /** Names of the workspace's webhooks this group's alerts also go to. */
  webhook_names: z
    .array(z.string().trim().min(1, ALERT_MESSAGES.webhookNameRequired))
    .max(MAX_WEBHOOKS, ALERT_MESSAGES.tooManyWebhooks)
    .default([])
    .transform((names) => [...new Set(names)]),
  /** Overrides the workspace thresholds for this group's tokens. */
  thresholds: alertThresholdsSchema.optional(),
  /**
   * Who gets a token's alert once more when it is still not renewed `delay_hours` after its last
   * alert window opened; null: no escalation.
   */
  escalation: escalationSchema.nullable().default(null),
});

function firstDuplicate(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    const folded = value.toLowerCase();
    if (seen.has(folded)) return value;
    seen.add(folded);
  }
  return undefined;
}

/**
 * `PUT .../alert-settings` body: thresholds de-duplicated and sorted, defaults filled in, names
 * unique, references resolved. Plan limits and address checks are the server's (they depend on
 * the workspace and the environment).
 */
export const alertSettingsBody = z
  .object({
    email_alerts_enabled: z.boolean({ error: 'email_alerts_enabled must be true or false' }),
    webhook_urls: z.array(webhookSchema).max(MAX_WEBHOOKS, ALERT_MESSAGES.tooManyWebhooks),
    contact_groups: z
      .array(contactGroupSchema)
      .max(MAX_CONTACT_GROUPS, ALERT_MESSAGES.tooManyContactGroups)
      .default([]),
    default_contact_group_id: z
      .union([contactGroupIdSchema, z.null()], {
        error: alertSettingsMessages.unknownDefaultContactGroup,
      })
      .default(null),
    thresholds: alertThresholdsSchema.default(() => [...DEFAULT_ALERT_THRESHOLDS]),
    /** When alerts may go out; null: at any time. */
    delivery_window: deliveryWindowSchema.nullable().default(null),
    /**
     * Days before expiry at which a token that renews automatically is overdue, unless the token
     * sets its own; null: 14; absent: unchanged.
     */
    renewal_grace_days: renewalGraceDaysSchema.nullable().optional(),
    /** Replaces the generic-webhook signing secret; receivers must then use the new one. */
    rotate_signing_secret: z.boolean().default(false),
  })
  .superRefine((settings, context) => {
    const webhookNames = settings.webhook_urls.map((webhook) => webhook.name);
    const duplicateWebhook = firstDuplicate(webhookNames);
    if (duplicateWebhook !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['webhook_urls'],
        message: alertSettingsMessages.duplicateWebhookName(duplicateWebhook),
      });
    }
    const groups = settings.contact_groups;
    const duplicateName = firstDuplicate(groups.map((group) => group.name));
    if (duplicateName !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['contact_groups'],
        message: alertSettingsMessages.duplicateContactGroupName(duplicateName),
      });
    }
    const ids = groups.flatMap((group) => (group.id === undefined ? [] : [group.id]));
    const duplicateId = firstDuplicate(ids);
    if (duplicateId !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['contact_groups'],
        message: alertSettingsMessages.duplicateContactGroupId(duplicateId),
      });
    }
    const known = new Set(webhookNames);
    groups.forEach((group, index) => {
      const unknown = group.webhook_names.find((name) => !known.has(name));
      if (unknown !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['contact_groups', index, 'webhook_names'],
          message: alertSettingsMessages.unknownWebhookName(group.name, unknown),
        });
      } else if (group.emails.length === 0 && group.webhook_names.length === 0) {
        context.addIssue({
          code: 'custom',
          path: ['contact_groups', index],
          message: alertSettingsMessages.emptyContactGroup(group.name),
        });
      }
      const escalation = group.escalation;
      if (escalation === null) return;
      if (group.id !== undefined && escalation.group_id === group.id) {
        context.addIssue({
          code: 'custom',
          path: ['contact_groups', index, 'escalation', 'group_id'],
          message: alertSettingsMessages.selfEscalation(group.name),
        });
      } else if (!ids.includes(escalation.group_id)) {
        context.addIssue({
          code: 'custom',
          path: ['contact_groups', index, 'escalation', 'group_id'],
          message: alertSettingsMessages.unknownEscalationGroup(group.name),
        });
      }
    });
    const defaultId = settings.default_contact_group_id;
    if (defaultId !== null && !ids.includes(defaultId)) {
      context.addIssue({
        code: 'custom',
        path: ['default_contact_group_id'],
        message: alertSettingsMessages.unknownDefaultContactGroup,
      });
    }
  });
export type AlertSettingsInput = z.input<typeof alertSettingsBody>;
export type AlertSettingsUpdate = z.output<typeof alertSettingsBody>;

const storedWebhookSchema = z.object({
  name: z.string(),
  kind: webhookKindSchema,
  /** Viewers see only the origin (`https://hooks.slack.com/…`): a webhook URL is a credential. */
  url: z.string(),
  routing_key: z.string().optional(),
  severity: pagerDutySeveritySchema.optional(),
});

/**
 * `POST /api/v1/workspaces/{id}/bounced-addresses/remove`: takes one of the workspace's contact
 * addresses off the suppression list once it is fixed, so it gets alert emails again.
 */
export const removeBouncedAddressBody = z.object({ address: emailSchema });

/** The stored alert settings, as answered. */
export const alertSettingsSchema = z.object({
  email_alerts_enabled: z.boolean(),
  webhook_urls: z.array(storedWebhookSchema),
  contact_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      emails: z.array(z.string()),
      webhook_names: z.array(z.string()),
      thresholds: z.array(z.number().int()).optional(),
      /** null (also when an answer has none): no escalation. */
      escalation: z
        .object({ group_id: z.string(), delay_hours: z.number().int() })
        .nullable()
        .default(null),
    }),
  ),
  default_contact_group_id: z.string().nullable(),
  thresholds: z.array(z.number().int()),
  /**
   * When alerts may go out (held outside it, sent at its start); null: at any time (also when an
   * answer has none).
   */
  delivery_window: z
    .object({
      time_zone: z.string(),
      days: z.array(z.number().int()),
      start: z.string(),
      end: z.string(),
      urgent_any_time: z.boolean(),
    })
    .nullable()
    .default(null),
  /** Days before expiry at which a token that renews automatically is overdue (default 14). */
  renewal_grace_days: z.number().int().default(DEFAULT_RENEWAL_GRACE_DAYS),
  /** Where alerts go without contact groups: the workspace admin's address. */
  admin_email: z.string().nullable(),
  /**
   * The contact addresses (and the admin's) on the suppression list: email reported them bouncing
   * for good, or marking the emails as spam, so they get no more alerts. Empty when an answer has
   * none.
   */
  bounced_addresses: z
    .array(
      z.object({
        address: z.string(),
        reason: z.enum(['bounce', 'complaint']),
        reported_at: z.string(),
      }),
    )
    .default([]),
  /** What the workspace's plan allows. */
  limits: z.object({
    contact_groups: z.boolean(),
    /** null: unlimited. */
    webhooks: z.number().int().nullable(),
  }),
  /**
   * HMAC-SHA256 key of the generic-webhook signature (`X-Expiry-Radar-Signature`); only for
   * admins and workspace managers.
   */
  webhook_signing_secret: z.string().optional(),
  updated_at: z.string().nullable(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/**
 * `POST /api/test-webhook`. `workspace_id` signs a generic test with that workspace's secret (and
 * needs an admin or workspace manager of it). PagerDuty options may come at the top level or in
 * `extras`.
 */
export const testWebhookBody = z
  .object({
    url: webhookUrlSchema,
    kind: kindSchema,
    workspace_id: z.string().trim().min(1).max(200).optional(),
    routing_key: routingKeySchema.optional(),
    severity: severitySchema.optional(),
    extras: z.record(z.string(), z.string().max(500)).optional(),
  })
  .transform(({ extras, routing_key, severity, ...body }) => {
    const extraSeverity = pagerDutySeveritySchema.safeParse(extras?.severity);
    const routingKey = (routing_key ?? extras?.routing_key ?? '').trim();
    const chosen = severity ?? (extraSeverity.success ? extraSeverity.data : undefined);
    return {
      ...body,
      ...(routingKey ? { routing_key: routingKey } : {}),
      ...(chosen ? { severity: chosen } : {}),
    };
  })
  .superRefine((body, context) => {
    if (body.kind === 'pagerduty' && !body.routing_key) {
      context.addIssue({
        code: 'custom',
        path: ['routing_key'],
        message: ALERT_MESSAGES.routingKeyRequired,
      });
    }
  });
export const testWebhookResponse = z.object({
  ok: z.literal(true),
  /** "Webhook test message sent successfully". */
  message: z.string(),
  /** The receiver's HTTP status. */
  status: z.number().int(),
});
