/** Alert defaults and webhook kinds. */
import * as z from 'zod';

/** Days before expiry at which alerts go out, unless a workspace or contact group says otherwise. */
export const DEFAULT_ALERT_THRESHOLDS: readonly number[] = [30, 14, 7, 1, 0];

/** A threshold is a whole number of days from 0 to this. */
export const MAX_ALERT_THRESHOLD_DAYS = 365;

export const WEBHOOK_KINDS = ['generic', 'slack', 'teams', 'discord', 'pagerduty'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const webhookKindSchema = z.enum(WEBHOOK_KINDS);
export const DEFAULT_WEBHOOK_KIND: WebhookKind = 'generic';

export function isWebhookKind(value: unknown): value is WebhookKind {
  return typeof value === 'string' && (WEBHOOK_KINDS as readonly string[]).includes(value);
}

/** PagerDuty Events v2 severities, most severe first. */
export const PAGERDUTY_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
export type PagerDutySeverity = (typeof PAGERDUTY_SEVERITIES)[number];
export const pagerDutySeveritySchema = z.enum(PAGERDUTY_SEVERITIES);

export const WEBHOOK_KIND_LABELS: Readonly<Record<WebhookKind, string>> = {
  generic: 'Generic',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  pagerduty: 'PagerDuty',
};

/** Alert channels: email, or a webhook by its kind. */
export const ALERT_CHANNELS = ['email', ...WEBHOOK_KINDS] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
