/**
 * One alert in each webhook kind's format (pure): Slack blocks, a Teams Adaptive Card, a Discord
 * embed, a PagerDuty Events v2 trigger, and signed JSON for generic receivers.
 */
import { isTokenType, TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import type { AlertNotice, PagerDutySeverity, WebhookChannel } from './alert-channels';
import { signatureHeaders } from './webhook-signature';

export const WEBHOOK_USER_AGENT = 'Expiry-Radar-Webhook/1';
const PRODUCT = 'Expiry Radar';

export interface WebhookMessage {
  readonly notice: AlertNotice;
  /** A test from the alert settings page rather than a real alert. */
  readonly test?: boolean;
}

export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The exact bytes sent (and signed). */
  readonly body: string;
}

const CATEGORY_LABELS: Readonly<Record<AlertNotice['category'], string>> = {
  cert: 'Certificate',
  key_secret: 'Key / secret',
  license: 'License',
  general: 'General',
};

/** The one-line summary every format leads with. */
export function alertSummary({ notice, test }: WebhookMessage): string {
  const line = `${notice.tokenName} ${describeDaysLeft(notice.daysLeft)}`;
  if (test) return `Test message from ${PRODUCT}: ${line}`;
  if (notice.endpointProblem) return `${notice.tokenName}: ${notice.endpointProblem}`;
  if (notice.certificateSeen) return `${notice.tokenName}: ${notice.certificateSeen}`;
  if (notice.renewalOverdue) return `Renewal overdue: ${line}, not renewed automatically`;
  return notice.escalation ? `Escalation: ${line}, still not renewed after its last alert` : line;
}

/** PagerDuty severity by days left, unless the channel sets one. */
export function severityFor(daysLeft: number, configured?: PagerDutySeverity): PagerDutySeverity {
  if (configured) return configured;
  if (daysLeft <= 0) return 'critical';
  if (daysLeft <= 1) return 'error';
  if (daysLeft <= 7) return 'warning';
  return 'info';
}

function typeLabel(type: string): string {
  return isTokenType(type) ? TYPE_LABELS[type] : type;
}

/** "2030-01-31" from the ISO instant. */
function expiryDay(expiresAt: string): string {
  return expiresAt.slice(0, 10);
}

function facts(notice: AlertNotice): Array<{ title: string; value: string }> {
  return [
    { title: 'Workspace', value: notice.workspaceName },
    { title: 'Category', value: CATEGORY_LABELS[notice.category] },
    { title: 'Type', value: typeLabel(notice.type) },
    { title: 'Expires', value: expiryDay(notice.expiresAt) },
  ];
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Slack mrkdwn: only &, < and > are special. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function slackPayload(message: WebhookMessage): Record<string, unknown> {
  const { notice } = message;
  const summary = alertSummary(message);
  const buttons = [
    {
      type: 'button',
      text: { type: 'plain_text', text: 'Open dashboard' },
      url: notice.dashboardUrl,
    },
    ...(notice.renewalUrl
      ? [{ type: 'button', text: { type: 'plain_text', text: 'Renew' }, url: notice.renewalUrl }]
      : []),
  ];
  return {
    text: slackEscape(summary),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: truncate(summary, 150) } },
      {
        type: 'section',
        fields: facts(notice).map(({ title, value }) => ({
          type: 'mrkdwn',
          text: `*${title}*\n${slackEscape(value)}`,
        })),
      },
      { type: 'actions', elements: buttons },
    ],
  };
}

/** An Adaptive Card in a message, as Teams incoming webhooks and Workflows accept it. */
export function teamsPayload(message: WebhookMessage): Record<string, unknown> {
  const { notice } = message;
  const actions = [
    { type: 'Action.OpenUrl', title: 'Open dashboard', url: notice.dashboardUrl },
    ...(notice.renewalUrl
      ? [{ type: 'Action.OpenUrl', title: 'Renew', url: notice.renewalUrl }]
      : []),
  ];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          msteams: { width: 'Full' },
          body: [
            {
              type: 'TextBlock',
              text: alertSummary(message),
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
              color:
                notice.daysLeft <= 1 ? 'Attention' : notice.daysLeft <= 7 ? 'Warning' : 'Default',
            },
            { type: 'FactSet', facts: facts(notice) },
            ...(notice.actions?.length
              ? [
                  {
                    type: 'ActionSet',
                    actions: notice.actions.map(({ label, url }) => ({
                      type: 'Action.OpenUrl',
                      title: label,
                      url,
                    })),
                  },
                ]
              : []),
          ],
          actions,
        },
      },
    ],
  };
}

const DISCORD_COLOURS = { critical: 0xd32f2f, warning: 0xf59e0b, info: 0x1e63d6 } as const;

export function discordPayload(message: WebhookMessage): Record<string, unknown> {
  const { notice } = message;
  const colour =
    notice.daysLeft <= 1
      ? DISCORD_COLOURS.critical
      : notice.daysLeft <= 7
        ? DISCORD_COLOURS.warning
        : DISCORD_COLOURS.info;
  const links = [
    `[Open dashboard](${notice.dashboardUrl})`,
    ...(notice.renewalUrl ? [`[Renew](${notice.renewalUrl})`] : []),
  ];
  return {
    username: PRODUCT,
    // Token names are user text: never let them ping @everyone or a role.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: truncate(alertSummary(message), 256),
        url: notice.dashboardUrl,
        description: links.join(' · '),
        color: colour,
        fields: facts(notice).map(({ title, value }) => ({
          name: title,
          value: truncate(value, 1024),
          inline: true,
        })),
        timestamp: notice.expiresAt,
        footer: { text: PRODUCT },
      },
    ],
  };
}

export function pagerDutyPayload(
  message: WebhookMessage,
  channel: Pick<WebhookChannel, 'routing_key' | 'severity'>,
): Record<string, unknown> {
  const { notice } = message;
  return {
    routing_key: channel.routing_key ?? '',
    event_action: 'trigger',
    dedup_key: notice.alertId,
    payload: {
      summary: truncate(alertSummary(message), 1024),
      source: PRODUCT,
      severity: severityFor(notice.daysLeft, channel.severity),
      component: typeLabel(notice.type),
      group: notice.workspaceName,
      class: CATEGORY_LABELS[notice.category],
      custom_details: genericPayload(message),
    },
    client: PRODUCT,
    client_url: notice.dashboardUrl,
    links: [
      { href: notice.dashboardUrl, text: `Open in ${PRODUCT}` },
      ...(notice.renewalUrl ? [{ href: notice.renewalUrl, text: 'Renew' }] : []),
      ...(notice.actions ?? []).map(({ label, url }) => ({ href: url, text: label })),
    ],
  };
}

/** The generic JSON body, documented on /docs/alerts. */
export function genericPayload(message: WebhookMessage): Record<string, unknown> {
  const { notice, test } = message;
  return {
    type: test ? 'test' : notice.daysLeft < 0 ? 'token.expired' : 'token.expiring',
    alert_id: notice.alertId,
    summary: alertSummary(message),
    days_left: notice.daysLeft,
    threshold_days: notice.threshold,
    /** Sent to the escalation group: still not renewed after the last alert window. */
    escalation: notice.escalation === true,
    /** A token that renews automatically, not renewed by its grace point. */
    renewal_overdue: notice.renewalOverdue === true,
    workspace: { id: notice.workspaceId, name: notice.workspaceName },
    token: {
      id: notice.tokenId,
      name: notice.tokenName,
      category: notice.category,
      type: notice.type,
      expires_at: notice.expiresAt,
      renewal_url: notice.renewalUrl,
    },
    dashboard_url: notice.dashboardUrl,
    /**
     * The alert's actions, each a signed link (valid 14 days, once) to its confirmation page:
     * acknowledge, snooze_1d, snooze_7d, snooze (until a date), renewed.
     */
    ...(notice.actions?.length
      ? { action_urls: Object.fromEntries(notice.actions.map(({ id, url }) => [id, url])) }
      : {}),
  };
}

/** The request one alert makes to one webhook; generic bodies are signed at `now`. */
export function webhookRequest(options: {
  channel: WebhookChannel;
  message: WebhookMessage;
  signingSecret: string;
  now: Date;
}): WebhookRequest {
  const { channel, message } = options;
  const payloads = {
    generic: () => genericPayload(message),
    slack: () => slackPayload(message),
    teams: () => teamsPayload(message),
    discord: () => discordPayload(message),
    pagerduty: () => pagerDutyPayload(message, channel),
  } satisfies Record<WebhookChannel['kind'], () => Record<string, unknown>>;
  const body = JSON.stringify(payloads[channel.kind]());
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    ...(channel.kind === 'generic'
      ? signatureHeaders(options.signingSecret, body, options.now)
      : {}),
  };
  return { url: channel.url, headers, body };
}

/** The sample alert a test message carries. */
export function testNotice(options: {
  workspaceId: string;
  workspaceName: string;
  dashboardUrl: string;
  now: Date;
}): AlertNotice {
  const expiresAt = new Date(options.now.getTime() + 7 * 86_400_000).toISOString();
  return {
    alertId: 'expiry-radar-test',
    workspaceId: options.workspaceId,
    workspaceName: options.workspaceName,
    tokenId: 'example-token',
    tokenName: 'Example certificate',
    category: 'cert',
    type: 'ssl_cert',
    expiresAt,
    daysLeft: 7,
    threshold: 7,
    renewalUrl: null,
    dashboardUrl: options.dashboardUrl,
  };
}
