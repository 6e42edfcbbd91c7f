import * as z from 'zod';
import type { AlertSettings, AlertSettingsInput } from '@expiry-radar/shared/api/alert-api-schemas';
import { alertSettingsBody } from '@expiry-radar/shared/api/alert-api-schemas';
import type { PagerDutySeverity, WebhookKind } from '@expiry-radar/shared/domain/alerts';
import {
  DEFAULT_ALERT_THRESHOLDS,
  DEFAULT_ESCALATION_DELAY_HOURS,
  WEBHOOK_KINDS,
} from '@expiry-radar/shared/domain/alerts';

/**
 * The alert settings form: the API's body, with lists the user types (email addresses, threshold
 * days) kept as text until submit. Submitting parses the text and validates with the shared body
 * schema, so the form shows the server's own messages at the same paths.
 */
export interface WebhookFormValue {
  name: string;
  kind: WebhookKind;
  url: string;
  routing_key: string;
  severity: PagerDutySeverity | '';
}

export interface ContactGroupFormValue {
  /** Empty for a group the server has not seen yet. */
  id: string;
  name: string;
  /** Addresses separated by commas, spaces or new lines. */
  emails: string;
  webhook_names: string[];
  /** Days separated by commas; empty: the workspace's thresholds. */
  thresholds: string;
  /** The group a still unrenewed token escalates to ('' none), after whole hours (text). */
  escalation: { group_id: string; delay_hours: string };
}

/** Quiet hours: the window, kept (with `enabled` off) while the user switches it off and on. */
export interface DeliveryWindowFormValue {
  enabled: boolean;
  time_zone: string;
  days: number[];
  start: string;
  end: string;
  urgent_any_time: boolean;
}

export interface AlertSettingsFormValues {
  email_alerts_enabled: boolean;
  webhook_urls: WebhookFormValue[];
  contact_groups: ContactGroupFormValue[];
  /** Empty: no default group. */
  default_contact_group_id: string;
  /** Days separated by commas. */
  thresholds: string;
  delivery_window: DeliveryWindowFormValue;
  /** Days before expiry at which a token that renews automatically is overdue. */
  renewal_grace_days: string;
}

/** The browser's time zone, else UTC. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** What the window starts as when switched on: weekdays, office hours, the browser's zone. */
export function defaultDeliveryWindow(): DeliveryWindowFormValue {
  return {
    enabled: false,
    time_zone: browserTimeZone(),
    days: [1, 2, 3, 4, 5],
    start: '08:00',
    end: '18:00',
    urgent_any_time: true,
  };
}

export const EMPTY_WEBHOOK: WebhookFormValue = {
  name: '',
  kind: 'generic',
  url: '',
  routing_key: '',
  severity: '',
};

export const NO_ESCALATION: ContactGroupFormValue['escalation'] = {
  group_id: '',
  delay_hours: String(DEFAULT_ESCALATION_DELAY_HOURS),
};

export const EMPTY_CONTACT_GROUP: ContactGroupFormValue = {
  id: '',
  name: '',
  emails: '',
  webhook_names: [],
  thresholds: '',
  escalation: NO_ESCALATION,
};

export function formatDays(days: readonly number[]): string {
  return days.join(', ');
}

function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** "24" -> 24; anything that is not a number stays NaN for the schema to refuse. */
function parseHours(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** "30, 14, 7" -> [30, 14, 7]; anything that is not a number stays NaN for the schema to refuse. */
export function parseDays(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map((part) => (/^-?\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN));
}

export function toFormValues(settings: AlertSettings): AlertSettingsFormValues {
  return {
    email_alerts_enabled: settings.email_alerts_enabled,
    webhook_urls: settings.webhook_urls.map((webhook) => ({
      name: webhook.name,
      kind: webhook.kind,
      url: webhook.url,
      routing_key: webhook.routing_key ?? '',
      severity: webhook.severity ?? '',
    })),
    contact_groups: settings.contact_groups.map((group) => ({
      id: group.id,
      name: group.name,
      emails: group.emails.join(', '),
      webhook_names: [...group.webhook_names],
      thresholds: group.thresholds ? formatDays(group.thresholds) : '',
      escalation: group.escalation
        ? {
            group_id: group.escalation.group_id,
            delay_hours: String(group.escalation.delay_hours),
          }
        : { ...NO_ESCALATION },
    })),
    default_contact_group_id: settings.default_contact_group_id ?? '',
    thresholds: formatDays(settings.thresholds),
    delivery_window: settings.delivery_window
      ? { ...settings.delivery_window, days: [...settings.delivery_window.days], enabled: true }
      : defaultDeliveryWindow(),
    renewal_grace_days: String(settings.renewal_grace_days),
  };
}

/** The PUT body the form values stand for (before validation). */
export function toBody(values: AlertSettingsFormValues): AlertSettingsInput {
  return {
    email_alerts_enabled: values.email_alerts_enabled,
    webhook_urls: values.webhook_urls.map((webhook) => ({
      name: webhook.name,
      kind: webhook.kind,
      url: webhook.url,
      ...(webhook.kind === 'pagerduty'
        ? { routing_key: webhook.routing_key, severity: webhook.severity }
        : {}),
    })),
    contact_groups: values.contact_groups.map((group) => ({
      ...(group.id === '' ? {} : { id: group.id }),
      name: group.name,
      emails: splitList(group.emails),
      webhook_names: group.webhook_names,
      ...(group.thresholds.trim() === '' ? {} : { thresholds: parseDays(group.thresholds) }),
      escalation:
        group.escalation.group_id === ''
          ? null
          : {
              group_id: group.escalation.group_id,
              delay_hours: parseHours(group.escalation.delay_hours),
            },
    })),
    default_contact_group_id:
      values.default_contact_group_id === '' ? null : values.default_contact_group_id,
    thresholds:
      values.thresholds.trim() === ''
        ? [...DEFAULT_ALERT_THRESHOLDS]
        : parseDays(values.thresholds),
    delivery_window: values.delivery_window.enabled
      ? {
          time_zone: values.delivery_window.time_zone,
          days: values.delivery_window.days,
          start: values.delivery_window.start,
          end: values.delivery_window.end,
          urgent_any_time: values.delivery_window.urgent_any_time,
        }
      : null,
    // Blank: the default (14); a number the schema checks.
    renewal_grace_days:
      values.renewal_grace_days.trim() === '' ? null : Number(values.renewal_grace_days),
  };
}

/** The stored settings as a body, e.g. to rotate the signing secret without other changes. */
export function storedAsBody(settings: AlertSettings): AlertSettingsInput {
  return toBody(toFormValues(settings));
}

const webhookKind = z.enum(WEBHOOK_KINDS);

/** The form's shape, then the shared body schema on what it stands for. */
export const alertSettingsFormSchema = z
  .object({
    email_alerts_enabled: z.boolean(),
    webhook_urls: z.array(
      z.object({
        name: z.string(),
        kind: webhookKind,
        url: z.string(),
        routing_key: z.string(),
        severity: z.union([z.enum(['critical', 'error', 'warning', 'info']), z.literal('')]),
      }),
    ),
    contact_groups: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        emails: z.string(),
        webhook_names: z.array(z.string()),
        thresholds: z.string(),
        escalation: z.object({ group_id: z.string(), delay_hours: z.string() }),
      }),
    ),
    default_contact_group_id: z.string(),
    thresholds: z.string(),
    delivery_window: z.object({
      enabled: z.boolean(),
      time_zone: z.string(),
      days: z.array(z.number()),
      start: z.string(),
      end: z.string(),
      urgent_any_time: z.boolean(),
    }),
    renewal_grace_days: z.string(),
  })
  .transform(toBody)
  .pipe(alertSettingsBody);

export type AlertSettingsSubmit = z.output<typeof alertSettingsFormSchema>;
