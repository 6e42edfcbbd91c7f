import { alertSettingsBody, alertSettingsSchema, testWebhookBody } from './alert-api-schemas';

describe('alert settings', () => {
  it('fills default thresholds and sorts given ones', () => {
    const base = {
      email_alerts_enabled: true,
      webhook_urls: [{ url: 'https://hooks.example.com/x' }],
      contact_groups: [{ name: 'Ops', emails: ['OPS@example.com'] }],
      default_contact_group_id: null,
    };
    const parsed = alertSettingsBody.parse(base);
    expect(parsed.thresholds).toEqual([30, 14, 7, 1, 0]);
    expect(parsed.webhook_urls[0]?.kind).toBe('generic');
    expect(parsed.contact_groups[0]?.emails).toEqual(['ops@example.com']);
    expect(alertSettingsBody.parse({ ...base, thresholds: [1, 30, 1] }).thresholds).toEqual([
      30, 1,
    ]);
    expect(
      alertSettingsBody.safeParse({ ...base, thresholds: [-1] }).error?.issues[0]?.message,
    ).toBe('Alert thresholds must be whole days between 0 and 365');
    expect(alertSettingsSchema.safeParse({ ...parsed, contact_groups: [] }).success).toBe(true);
  });

  it('checks webhook URLs', () => {
    expect(testWebhookBody.parse({ url: 'https://hooks.slack.com/a' })).toEqual({
      url: 'https://hooks.slack.com/a',
      kind: 'generic',
    });
    expect(testWebhookBody.safeParse({ url: 'ftp://x.com' }).error?.issues[0]?.message).toBe(
      'Webhook URL must be a valid http(s) URL',
    );
    expect(testWebhookBody.safeParse({ url: 'https://x.com', kind: 'email' }).success).toBe(false);
  });
});
