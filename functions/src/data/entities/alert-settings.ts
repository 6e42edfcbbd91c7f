/**
 * The alert settings entity (ACCESS_PATTERNS.md rows 32–33; codec pattern: entity-codec.ts): one
 * item per workspace, `pk=WS#<workspaceId>`, `sk=ALERT_SETTINGS`, holding what the workspace
 * configured (`email_alerts_enabled`, `webhook_urls`, `contact_groups`,
 * `default_contact_group_id`, `thresholds`), the generic-webhook `signingSecret`, the `revision`
 * every write bumps (optimistic concurrency) and `updatedAt`, absent until someone saved them.
 *
 * Reading: the workspace id, the signing secret, and each webhook's name and url and each
 * group's id and name are required. Email alerts read as on unless the flag is `false`
 * (`.catch`); missing lists read as empty, a missing default group as null, missing thresholds
 * as the defaults (30, 14, 7, 1, 0), a missing revision as 0. A webhook of a kind this version
 * does not know is left out, and a PagerDuty routing key or severity it cannot use reads as none.
 * A delivery window (quiet hours) is kept only when set; one this version cannot read is none.
 * A contact group's escalation (`escalation: { group_id, delay_hours }`) is kept only when set;
 * one this version cannot read is none.
 */
import * as z from 'zod';
import {
  DEFAULT_ALERT_THRESHOLDS,
  PAGERDUTY_SEVERITIES,
  WEBHOOK_KINDS,
} from '@expiry-radar/shared/domain/alerts';
import type {
  ContactGroup,
  WebhookChannel,
  WorkspaceAlertSettings,
} from '../../domain/alert-channels';
import { keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface AlertSettingsRecord {
  readonly settings: WorkspaceAlertSettings;
  /** Bumped on every write; a write names the revision it read (optimistic concurrency). */
  readonly revision: number;
  /** When settings were last saved by someone; null while they are the defaults. */
  readonly updatedAt: string | null;
}

export const webhookItemSchema = z.object({
  name: z.string(),
  /** null: a kind this version does not know; the webhook is left out. */
  kind: z.enum(WEBHOOK_KINDS).nullable().catch(null),
  url: z.string(),
  routing_key: z.string().optional().catch(undefined),
  severity: z.enum(PAGERDUTY_SEVERITIES).optional().catch(undefined),
});

export const contactGroupItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  emails: z.array(z.string()).default([]),
  webhook_names: z.array(z.string()).default([]),
  thresholds: z.array(z.number()).optional(),
  escalation: z
    .object({ group_id: z.string(), delay_hours: z.number() })
    .nullable()
    .optional()
    .catch(null),
});

export const alertSettingsItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  workspaceId: z.string(),
  email_alerts_enabled: z.boolean().catch(true),
  webhook_urls: z.array(webhookItemSchema).default([]),
  contact_groups: z.array(contactGroupItemSchema).default([]),
  default_contact_group_id: z.string().nullable().default(null),
  thresholds: z.array(z.number()).default([...DEFAULT_ALERT_THRESHOLDS]),
  signingSecret: z.string(),
  revision: z.number().default(0),
  updatedAt: z.string().optional(),
  delivery_window: z
    .object({
      time_zone: z.string(),
      days: z.array(z.number()),
      start: z.string(),
      end: z.string(),
      urgent_any_time: z.boolean().default(true),
    })
    .nullable()
    .optional()
    .catch(null),
  renewal_grace_days: z.number().int().nullable().optional().catch(null),
});

export type AlertSettingsItem = z.output<typeof alertSettingsItemSchema>;
type WebhookItem = z.output<typeof webhookItemSchema>;
type ContactGroupItem = z.output<typeof contactGroupItemSchema>;

function webhookItem(channel: WebhookChannel): WebhookItem {
  return {
    name: channel.name,
    kind: channel.kind,
    url: channel.url,
    ...(channel.routing_key ? { routing_key: channel.routing_key } : {}),
    ...(channel.severity ? { severity: channel.severity } : {}),
  };
}

function contactGroupItem(group: ContactGroup): ContactGroupItem {
  return {
    id: group.id,
    name: group.name,
    emails: [...group.emails],
    webhook_names: [...group.webhook_names],
    ...(group.thresholds ? { thresholds: [...group.thresholds] } : {}),
    ...(group.escalation ? { escalation: { ...group.escalation } } : {}),
  };
}

function webhookOf({ kind, routing_key, severity, ...item }: WebhookItem): WebhookChannel[] {
  if (kind === null) return [];
  return [
    {
      name: item.name,
      kind,
      url: item.url,
      ...(routing_key !== undefined ? { routing_key } : {}),
      ...(severity !== undefined ? { severity } : {}),
    },
  ];
}

function contactGroupOf({ thresholds, escalation, ...group }: ContactGroupItem): ContactGroup {
  return { ...group, ...(thresholds ? { thresholds } : {}), ...(escalation ? { escalation } : {}) };
}

export const alertSettingsCodec = {
  entity: 'ALERT_SETTINGS',
  itemSchema: alertSettingsItemSchema,

  keyOf: ({ settings }) => keys.alertSettings(settings.workspaceId),

  toItem: ({ settings, revision, updatedAt }) => ({
    ...keys.alertSettings(settings.workspaceId),
    workspaceId: settings.workspaceId,
    email_alerts_enabled: settings.email_alerts_enabled,
    webhook_urls: settings.webhook_urls.map(webhookItem),
    contact_groups: settings.contact_groups.map(contactGroupItem),
    default_contact_group_id: settings.default_contact_group_id,
    thresholds: [...settings.thresholds],
    signingSecret: settings.signing_secret,
    ...(settings.delivery_window
      ? {
          delivery_window: {
            ...settings.delivery_window,
            days: [...settings.delivery_window.days],
          },
        }
      : {}),
    ...(settings.renewal_grace_days ? { renewal_grace_days: settings.renewal_grace_days } : {}),
    revision,
    ...(updatedAt === null ? {} : { updatedAt }),
  }),

  fromItem(item) {
    const parsed = parseItem('ALERT_SETTINGS', alertSettingsItemSchema, item);
    return {
      settings: {
        workspaceId: parsed.workspaceId,
        email_alerts_enabled: parsed.email_alerts_enabled,
        webhook_urls: parsed.webhook_urls.flatMap(webhookOf),
        contact_groups: parsed.contact_groups.map(contactGroupOf),
        default_contact_group_id: parsed.default_contact_group_id,
        thresholds: parsed.thresholds,
        signing_secret: parsed.signingSecret,
        ...(parsed.delivery_window ? { delivery_window: parsed.delivery_window } : {}),
        ...(parsed.renewal_grace_days ? { renewal_grace_days: parsed.renewal_grace_days } : {}),
      },
      revision: parsed.revision,
      updatedAt: parsed.updatedAt ?? null,
    };
  },
} satisfies EntityCodec<AlertSettingsRecord, AlertSettingsItem>;
