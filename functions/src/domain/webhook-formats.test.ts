import type { AlertNotice, WebhookChannel } from './alert-channels';
import { alertSummary, severityFor, testNotice, webhookRequest } from './webhook-formats';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from './webhook-signature';

const now = new Date('2030-01-01T12:00:00.000Z');
const notice: AlertNotice = {
  alertId: 'ws.tok~2030-01-08T00:00:00.000Z~7',
  workspaceId: 'ws',
  workspaceName: 'Platform <team>',
  tokenId: 'ws.tok',
  tokenName: 'api.example.com & co',
  category: 'cert',
  type: 'ssl_cert',
  expiresAt: '2030-01-08T00:00:00.000Z',
  daysLeft: 7,
  threshold: 7,
  renewalUrl: 'https://ca.example.com/renew',
  dashboardUrl: 'https://app.example.com/dashboard?workspace=ws',
};
const channel = (kind: WebhookChannel['kind'], extra: Partial<WebhookChannel> = {}) => ({
  name: 'Hook',
  kind,
  url: 'https://hooks.example.com/x',
  ...extra,
});
const bodyOf = (kind: WebhookChannel['kind'], extra: Partial<WebhookChannel> = {}, n = notice) =>
  JSON.parse(
    webhookRequest({
      channel: channel(kind, extra),
      message: { notice: n },
      signingSecret: 'whsec_x',
      now,
    }).body,
  ) as Record<string, unknown>;

describe('alert wording', () => {
  it('says when the token expires', () => {
    expect(alertSummary({ notice })).toBe('api.example.com & co expires in 7 days');
    expect(alertSummary({ notice, test: true })).toBe(
      'Test message from Expiry Radar: api.example.com & co expires in 7 days',
    );
  });

  it('derives PagerDuty severity from the days left unless the channel sets one', () => {
    expect(severityFor(-2)).toBe('critical');
    expect(severityFor(0)).toBe('critical');
    expect(severityFor(1)).toBe('error');
    expect(severityFor(7)).toBe('warning');
    expect(severityFor(30)).toBe('info');
    expect(severityFor(30, 'critical')).toBe('critical');
  });
});

describe('webhook formats', () => {
  it('signs generic JSON with the workspace secret', () => {
    const request = webhookRequest({
      channel: channel('generic'),
      message: { notice },
      signingSecret: 'whsec_x',
      now,
    });
    expect(request.url).toBe('https://hooks.example.com/x');
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      type: 'token.expiring',
      alert_id: notice.alertId,
      summary: 'api.example.com & co expires in 7 days',
      days_left: 7,
      threshold_days: 7,
      escalation: false,
      renewal_overdue: false,
      workspace: { id: 'ws', name: 'Platform <team>' },
      token: {
        id: 'ws.tok',
        name: 'api.example.com & co',
        category: 'cert',
        type: 'ssl_cert',
        expires_at: '2030-01-08T00:00:00.000Z',
        renewal_url: 'https://ca.example.com/renew',
      },
      dashboard_url: notice.dashboardUrl,
    });
    expect(
      verifyWebhookSignature({
        secret: 'whsec_x',
        body: request.body,
        timestamp: request.headers[TIMESTAMP_HEADER],
        signature: request.headers[SIGNATURE_HEADER],
        now,
      }),
    ).toBe(true);
    expect(bodyOf('generic', {}, { ...notice, daysLeft: -1 }).type).toBe('token.expired');
    const escalated = bodyOf('generic', {}, { ...notice, daysLeft: -2, escalation: true });
    expect(escalated).toMatchObject({
      type: 'token.expired',
      escalation: true,
      summary:
        'Escalation: api.example.com & co expired 2 days ago, still not renewed after its last alert',
    });
    expect(bodyOf('generic', {}, { ...notice, daysLeft: 13, renewalOverdue: true })).toMatchObject({
      renewal_overdue: true,
      summary:
        'Renewal overdue: api.example.com & co expires in 13 days, not renewed automatically',
    });
  });

  it('leaves other kinds unsigned', () => {
    const request = webhookRequest({
      channel: channel('slack'),
      message: { notice },
      signingSecret: 'whsec_x',
      now,
    });
    expect(request.headers).not.toHaveProperty(SIGNATURE_HEADER);
  });

  it('builds Slack blocks with escaped text and buttons', () => {
    expect(bodyOf('slack')).toEqual({
      text: 'api.example.com &amp; co expires in 7 days',
      blocks: [
        {
          type: 'header',
          text: { type: 'plain_text', text: 'api.example.com & co expires in 7 days' },
        },
        {
          type: 'section',
          fields: [
            { type: 'mrkdwn', text: '*Workspace*\nPlatform &lt;team&gt;' },
            { type: 'mrkdwn', text: '*Category*\nCertificate' },
            { type: 'mrkdwn', text: '*Type*\nSSL Certificate' },
            { type: 'mrkdwn', text: '*Expires*\n2030-01-08' },
          ],
        },
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              text: { type: 'plain_text', text: 'Open dashboard' },
              url: notice.dashboardUrl,
            },
            { type: 'button', text: { type: 'plain_text', text: 'Renew' }, url: notice.renewalUrl },
          ],
        },
      ],
    });
  });

  it('builds a Teams Adaptive Card', () => {
    const body = bodyOf('teams', {}, { ...notice, renewalUrl: null, daysLeft: 1 });
    expect(body).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              {
                type: 'TextBlock',
                text: 'api.example.com & co expires tomorrow',
                color: 'Attention',
              },
              {
                type: 'FactSet',
                facts: [
                  { title: 'Workspace', value: 'Platform <team>' },
                  { title: 'Category', value: 'Certificate' },
                  { title: 'Type', value: 'SSL Certificate' },
                  { title: 'Expires', value: '2030-01-08' },
                ],
              },
            ],
            actions: [
              { type: 'Action.OpenUrl', title: 'Open dashboard', url: notice.dashboardUrl },
            ],
          },
        },
      ],
    });
  });

  it('builds a Discord embed that mentions no one', () => {
    const body = bodyOf('discord');
    expect(body).toMatchObject({
      username: 'Expiry Radar',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: 'api.example.com & co expires in 7 days',
          url: notice.dashboardUrl,
          color: 0xf59e0b,
          timestamp: notice.expiresAt,
          fields: [
            { name: 'Workspace', value: 'Platform <team>', inline: true },
            { name: 'Category', value: 'Certificate', inline: true },
            { name: 'Type', value: 'SSL Certificate', inline: true },
            { name: 'Expires', value: '2030-01-08', inline: true },
          ],
        },
      ],
    });
  });

  it('builds a PagerDuty Events v2 trigger keyed by the alert id', () => {
    const body = bodyOf('pagerduty', { routing_key: 'R0UT1NG' });
    expect(body).toMatchObject({
      routing_key: 'R0UT1NG',
      event_action: 'trigger',
      dedup_key: notice.alertId,
      payload: {
        summary: 'api.example.com & co expires in 7 days',
        source: 'Expiry Radar',
        severity: 'warning',
        group: 'Platform <team>',
        class: 'Certificate',
        custom_details: { alert_id: notice.alertId, days_left: 7 },
      },
      links: [
        { href: notice.dashboardUrl, text: 'Open in Expiry Radar' },
        { href: notice.renewalUrl, text: 'Renew' },
      ],
    });
    expect(
      (
        bodyOf('pagerduty', { routing_key: 'k', severity: 'critical' }).payload as {
          severity: string;
        }
      ).severity,
    ).toBe('critical');
  });

  it('carries the alert actions: Teams buttons, generic action_urls, PagerDuty links', () => {
    const actions = [
      { id: 'acknowledge', label: 'Acknowledge', url: 'https://app/alert-action?token=a' },
      { id: 'snooze_7d', label: 'Snooze 7 days', url: 'https://app/alert-action?token=s' },
    ];
    const withActions = { ...notice, actions };
    const card = bodyOf('teams', {}, withActions) as {
      attachments: { content: { body: { type: string; actions?: unknown[] }[] } }[];
    };
    expect(card.attachments[0]!.content.body.at(-1)).toEqual({
      type: 'ActionSet',
      actions: [
        { type: 'Action.OpenUrl', title: 'Acknowledge', url: 'https://app/alert-action?token=a' },
        { type: 'Action.OpenUrl', title: 'Snooze 7 days', url: 'https://app/alert-action?token=s' },
      ],
    });
    expect(bodyOf('generic', {}, withActions)).toMatchObject({
      action_urls: {
        acknowledge: 'https://app/alert-action?token=a',
        snooze_7d: 'https://app/alert-action?token=s',
      },
    });
    expect(bodyOf('generic')).not.toHaveProperty('action_urls');
    expect(bodyOf('pagerduty', { routing_key: 'r' }, withActions)).toMatchObject({
      links: expect.arrayContaining([
        { href: 'https://app/alert-action?token=s', text: 'Snooze 7 days' },
      ]) as unknown,
    });
  });

  it('marks test messages', () => {
    const sample = testNotice({
      workspaceId: 'ws',
      workspaceName: 'Platform',
      dashboardUrl: 'https://app',
      now,
    });
    expect(sample).toMatchObject({ daysLeft: 7, expiresAt: '2030-01-08T12:00:00.000Z' });
    const request = webhookRequest({
      channel: channel('generic'),
      message: { notice: sample, test: true },
      signingSecret: 's',
      now,
    });
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'test',
      summary: 'Test message from Expiry Radar: Example certificate expires in 7 days',
    });
  });
});
