import {
  alertSettingsBody,
  alertSettingsSchema,
  testWebhookBody,
  testWebhookResponse,
} from './alert-api-schemas';

const base = {
  email_alerts_enabled: true,
  webhook_urls: [{ name: 'Ops', url: 'https://hooks.example.com/x' }],
  contact_groups: [{ id: 'ops', name: 'Ops', emails: ['OPS@example.com'], webhook_names: [] }],
  default_contact_group_id: null,
};

const firstMessage = (input: unknown) =>
  alertSettingsBody.safeParse(input).error?.issues[0]?.message;

describe('alert settings body', () => {
  it('fills defaults, sorts thresholds and normalizes addresses', () => {
    const parsed = alertSettingsBody.parse(base);
    expect(parsed).toEqual({
      email_alerts_enabled: true,
      webhook_urls: [{ name: 'Ops', kind: 'generic', url: 'https://hooks.example.com/x' }],
      contact_groups: [
        {
          id: 'ops',
          name: 'Ops',
          emails: ['ops@example.com'],
          webhook_names: [],
          escalation: null,
        },
      ],
      default_contact_group_id: null,
      thresholds: [30, 14, 7, 1, 0],
      delivery_window: null,
      rotate_signing_secret: false,
    });
    expect(alertSettingsBody.parse({ ...base, thresholds: [1, 30, 1] }).thresholds).toEqual([
      30, 1,
    ]);
    expect(
      alertSettingsBody.parse({
        ...base,
        contact_groups: [{ name: 'New', emails: ['a@example.com', 'A@example.com'] }],
      }).contact_groups,
    ).toEqual([{ name: 'New', emails: ['a@example.com'], webhook_names: [], escalation: null }]);
  });

  it('checks thresholds', () => {
    expect(firstMessage({ ...base, thresholds: [-1] })).toBe(
      'Alert thresholds must be whole days between 0 and 365',
    );
    expect(firstMessage({ ...base, thresholds: [1.5] })).toBe(
      'Alert thresholds must be whole days between 0 and 365',
    );
    expect(firstMessage({ ...base, thresholds: [366] })).toBe(
      'Alert thresholds must be whole days between 0 and 365',
    );
    expect(firstMessage({ ...base, thresholds: [] })).toBe('Give at least one alert threshold');
    expect(firstMessage({ ...base, thresholds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] })).toBe(
      'At most 10 alert thresholds',
    );
  });

  it('checks each webhook', () => {
    const webhook = (extra: Record<string, unknown>) => ({
      ...base,
      webhook_urls: [{ name: 'Ops', url: 'https://hooks.example.com/x', ...extra }],
    });
    expect(firstMessage(webhook({ name: ' ' }))).toBe('Webhook name is required');
    expect(firstMessage(webhook({ name: 'x'.repeat(101) }))).toBe(
      'Webhook name must be 100 characters or less',
    );
    expect(firstMessage(webhook({ url: 'ftp://x.com' }))).toBe(
      'Webhook URL must be a valid http(s) URL',
    );
    expect(firstMessage(webhook({ url: 'not a url' }))).toBe(
      'Webhook URL must be a valid http(s) URL',
    );
    expect(firstMessage(webhook({ kind: 'email' }))).toBe(
      'Webhook kind must be one of generic, slack, teams, discord or pagerduty',
    );
    expect(firstMessage(webhook({ kind: 'pagerduty' }))).toBe(
      'PagerDuty webhooks need a routing key',
    );
    expect(firstMessage(webhook({ kind: 'pagerduty', routing_key: '  ' }))).toBe(
      'PagerDuty webhooks need a routing key',
    );
    expect(firstMessage(webhook({ kind: 'pagerduty', routing_key: 'k', severity: 'high' }))).toBe(
      'PagerDuty severity must be one of critical, error, warning or info',
    );
    expect(
      alertSettingsBody.parse(
        webhook({ kind: 'pagerduty', routing_key: ' key ', severity: 'info' }),
      ).webhook_urls,
    ).toEqual([
      {
        name: 'Ops',
        kind: 'pagerduty',
        url: 'https://hooks.example.com/x',
        routing_key: 'key',
        severity: 'info',
      },
    ]);
    // PagerDuty options are dropped for other kinds.
    expect(
      alertSettingsBody.parse(webhook({ kind: 'slack', routing_key: 'key' })).webhook_urls[0],
    ).toEqual({ name: 'Ops', kind: 'slack', url: 'https://hooks.example.com/x' });
  });

  it('needs unique names and known references', () => {
    const second = { name: 'ops', url: 'https://hooks.example.com/y' };
    expect(firstMessage({ ...base, webhook_urls: [...base.webhook_urls, second] })).toBe(
      'Webhook names must be unique: "ops" is used more than once',
    );
    const group = base.contact_groups[0];
    expect(firstMessage({ ...base, contact_groups: [group, { ...group, id: 'b' }] })).toBe(
      'Contact group names must be unique: "Ops" is used more than once',
    );
    expect(firstMessage({ ...base, contact_groups: [group, { ...group, name: 'Dev' }] })).toBe(
      'Contact group ids must be unique: "ops" is used more than once',
    );
    expect(
      firstMessage({ ...base, contact_groups: [{ ...group, webhook_names: ['Ops', 'Pager'] }] }),
    ).toBe('Contact group "Ops" refers to webhook "Pager", which is not one of the webhooks');
    expect(firstMessage({ ...base, contact_groups: [{ ...group, emails: [] }] })).toBe(
      'Contact group "Ops" needs at least one email address or webhook',
    );
    expect(firstMessage({ ...base, contact_groups: [{ ...group, emails: ['nope'] }] })).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage({ ...base, contact_groups: [{ ...group, name: '' }] })).toBe(
      'Contact group name is required',
    );
    expect(firstMessage({ ...base, contact_groups: [{ ...group, id: 'a b' }] })).toBe(
      'Contact group id must be 1 to 64 letters, digits, hyphens or underscores',
    );
    expect(firstMessage({ ...base, default_contact_group_id: 'missing' })).toBe(
      'Default contact group must be one of the contact groups',
    );
    expect(alertSettingsBody.safeParse({ ...base, default_contact_group_id: 'ops' }).success).toBe(
      true,
    );
    expect(
      alertSettingsBody.safeParse({
        ...base,
        contact_groups: [{ ...group, emails: [], webhook_names: ['Ops'] }],
      }).success,
    ).toBe(true);
  });

  it('takes an escalation to another contact group after whole hours', () => {
    const ops = base.contact_groups[0];
    const leads = { id: 'leads', name: 'Leads', emails: ['lead@example.com'], webhook_names: [] };
    const escalating = (escalation: unknown, groups: unknown[] = [leads]) => ({
      ...base,
      contact_groups: [{ ...ops, escalation }, ...groups],
    });
    expect(
      alertSettingsBody.parse(escalating({ group_id: 'leads', delay_hours: 24 })).contact_groups[0],
    ).toMatchObject({ escalation: { group_id: 'leads', delay_hours: 24 } });
    for (const delay_hours of [0, 1.5, 721, '24']) {
      expect(firstMessage(escalating({ group_id: 'leads', delay_hours }))).toBe(
        'Escalation delay must be whole hours between 1 and 720',
      );
    }
    expect(firstMessage(escalating({ group_id: 'missing', delay_hours: 24 }))).toBe(
      'Contact group "Ops" escalates to a contact group that is not one of the contact groups',
    );
    expect(firstMessage(escalating({ group_id: 'ops', delay_hours: 24 }))).toBe(
      'Contact group "Ops" cannot escalate to itself',
    );
    const issue = alertSettingsBody.safeParse(escalating({ group_id: 'ops', delay_hours: 24 }))
      .error?.issues[0];
    expect(issue?.path).toEqual(['contact_groups', 0, 'escalation', 'group_id']);
  });

  it('describes the answer', () => {
    expect(
      alertSettingsSchema.safeParse({
        email_alerts_enabled: true,
        webhook_urls: [],
        contact_groups: [],
        default_contact_group_id: null,
        thresholds: [30],
        delivery_window: null,
        admin_email: 'a@example.com',
        limits: { contact_groups: false, webhooks: 1 },
        updated_at: null,
      }).success,
    ).toBe(true);
  });

  it('takes a delivery window: weekdays sorted, urgent alerts at any time by default', () => {
    const window = { time_zone: 'Europe/Zurich', days: [3, 1, 1], start: '08:00', end: '18:00' };
    expect(alertSettingsBody.parse({ ...base, delivery_window: window }).delivery_window).toEqual({
      ...window,
      days: [1, 3],
      urgent_any_time: true,
    });
    expect(
      firstMessage({ ...base, delivery_window: { ...window, time_zone: 'Nowhere/Else' } }),
    ).toBe('Time zone must be an IANA time zone such as Europe/Zurich');
    expect(firstMessage({ ...base, delivery_window: { ...window, start: '24:00' } })).toBe(
      'Times must be HH:MM (24-hour)',
    );
  });
});

describe('test webhook body', () => {
  it('checks the URL and kind', () => {
    expect(testWebhookBody.parse({ url: 'https://hooks.slack.com/a' })).toEqual({
      url: 'https://hooks.slack.com/a',
      kind: 'generic',
    });
    expect(testWebhookBody.safeParse({ url: 'ftp://x.com' }).error?.issues[0]?.message).toBe(
      'Webhook URL must be a valid http(s) URL',
    );
    expect(testWebhookBody.safeParse({ url: 'https://x.com', kind: 'email' }).success).toBe(false);
  });

  it('takes PagerDuty options at the top level or in extras', () => {
    const url = 'https://events.pagerduty.com/v2/enqueue';
    expect(testWebhookBody.safeParse({ url, kind: 'pagerduty' }).error?.issues[0]?.message).toBe(
      'PagerDuty webhooks need a routing key',
    );
    expect(
      testWebhookBody.parse({
        url,
        kind: 'pagerduty',
        extras: { routing_key: 'k', severity: 'info' },
      }),
    ).toEqual({ url, kind: 'pagerduty', routing_key: 'k', severity: 'info' });
    expect(testWebhookBody.parse({ url, kind: 'pagerduty', routing_key: 'k' })).toEqual({
      url,
      kind: 'pagerduty',
      routing_key: 'k',
    });
    expect(testWebhookResponse.parse({ ok: true, message: 'sent', status: 202 }).status).toBe(202);
  });
});
