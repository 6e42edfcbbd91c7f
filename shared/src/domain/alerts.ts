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

/** The channel of the workspace's Slack app installation (its chosen Slack channel). */
export const SLACK_APP_CHANNEL = 'slack_app';

/** Alert channels: email, a webhook by its kind, or the Slack app. */
export const ALERT_CHANNELS = ['email', ...WEBHOOK_KINDS, SLACK_APP_CHANNEL] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * Escalation: a contact group may name another group that gets a token's alert once more when
 * the token is still not renewed this many hours after its last alert window opened.
 */
export const MIN_ESCALATION_DELAY_HOURS = 1;
export const MAX_ESCALATION_DELAY_HOURS = 720;
export const DEFAULT_ESCALATION_DELAY_HOURS = 24;

export interface ContactGroupEscalation {
  /** The contact group that gets the escalation. */
  readonly group_id: string;
  /** Hours after the opening of the token's last alert window. */
  readonly delay_hours: number;
}

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_LABELS: Readonly<Record<number, string>> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

/**
 * When a workspace's alerts may go out: on these weekdays, from `start` to `end` (`HH:MM`, 24 h;
 * an `end` before `start` runs past midnight) in `time_zone` (IANA). Alerts that come due outside
 * it are held and sent at the next start; with `urgent_any_time`, expiry-day and expired alerts
 * are sent at once all the same.
 */
export interface DeliveryWindow {
  readonly time_zone: string;
  readonly days: readonly number[];
  readonly start: string;
  readonly end: string;
  readonly urgent_any_time: boolean;
}

export const DELIVERY_WINDOW_MESSAGES = {
  invalidTimeZone: 'Time zone must be an IANA time zone such as Europe/Zurich',
  invalidTime: 'Times must be HH:MM (24-hour)',
  dayRequired: 'Choose at least one weekday',
  emptyWindow: 'The window must not start and end at the same time',
} as const;

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeOfDay = z
  .string({ error: DELIVERY_WINDOW_MESSAGES.invalidTime })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DELIVERY_WINDOW_MESSAGES.invalidTime);

/** An IANA time zone the runtime knows ("Europe/Zurich"). */
export const timeZoneSchema = z
  .string({ error: DELIVERY_WINDOW_MESSAGES.invalidTimeZone })
  .trim()
  .min(1, DELIVERY_WINDOW_MESSAGES.invalidTimeZone)
  .max(64, DELIVERY_WINDOW_MESSAGES.invalidTimeZone)
  .refine(isTimeZone, DELIVERY_WINDOW_MESSAGES.invalidTimeZone);

export const deliveryWindowSchema = z
  .object({
    time_zone: timeZoneSchema,
    days: z
      .array(z.number().int().min(1).max(7), { error: DELIVERY_WINDOW_MESSAGES.dayRequired })
      .min(1, DELIVERY_WINDOW_MESSAGES.dayRequired)
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    start: timeOfDay,
    end: timeOfDay,
    urgent_any_time: z.boolean().default(true),
  })
  .refine((window) => window.start !== window.end, {
    path: ['end'],
    message: DELIVERY_WINDOW_MESSAGES.emptyWindow,
  });
