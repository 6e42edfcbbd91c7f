import {
  affectsAlertSchedule,
  planLimitViolation,
  settingsChangeMetadata,
  withGroupIds,
} from './alert-settings-policy';

const webhook = { name: 'A', kind: 'slack' as const, url: 'https://hooks.example.com/secret' };
const group = { id: 'g', name: 'G', emails: ['g@example.com'], webhook_names: [] };
const settings = {
  email_alerts_enabled: true,
  webhook_urls: [webhook],
  contact_groups: [group],
  default_contact_group_id: null,
  thresholds: [30, 7],
};

describe('alert settings policy', () => {
  it('applies the plan: contact groups from Pro, webhooks up to the limit', () => {
    const none = { webhook_urls: [], contact_groups: [], default_contact_group_id: null };
    expect(planLimitViolation('free', none, none)).toBeUndefined();
    expect(planLimitViolation('free', { ...none, contact_groups: [group] }, none)).toMatch(
      /^Contact groups need a Pro or Team workspace/,
    );
    expect(
      planLimitViolation('free', { ...none, default_contact_group_id: 'g' }, none),
    ).toBeDefined();
    expect(planLimitViolation('pro', { ...none, contact_groups: [group] }, none)).toBeUndefined();
    expect(planLimitViolation('free', { ...none, webhook_urls: [webhook] }, none)).toBeUndefined();
    expect(planLimitViolation('free', { ...none, webhook_urls: [webhook, webhook] }, none)).toBe(
      'A workspace on the Free plan can have 1 webhook. Upgrade the plan to add more webhooks.',
    );
    const many = Array.from({ length: 21 }, () => webhook);
    expect(planLimitViolation('team', { ...none, webhook_urls: many }, none)).toMatch(
      /20 webhooks/,
    );
    expect(planLimitViolation('enterprise', { ...none, webhook_urls: many }, none)).toBeUndefined();
  });

  it('lets settings kept from a higher plan be saved unchanged, but not grow', () => {
    const kept = {
      webhook_urls: [webhook, webhook],
      contact_groups: [group],
      default_contact_group_id: 'g',
    };
    expect(planLimitViolation('free', kept, kept)).toBeUndefined();
    expect(planLimitViolation('free', { ...kept, webhook_urls: [webhook] }, kept)).toBeUndefined();
    expect(
      planLimitViolation('free', { ...kept, webhook_urls: [webhook, webhook, webhook] }, kept),
    ).toMatch(/1 webhook\./);
    expect(
      planLimitViolation(
        'free',
        { ...kept, contact_groups: [{ ...group, name: 'Renamed' }] },
        kept,
      ),
    ).toMatch(/^Contact groups need a Pro or Team workspace/);
  });

  it('assigns ids to new groups only, and keeps escalations', () => {
    const { id: _id, ...fresh } = group;
    const escalation = { group_id: 'g', delay_hours: 12 };
    const stored = withGroupIds(
      [
        { ...group, escalation: null },
        { ...fresh, escalation },
      ],
      () => 'new',
    );
    expect(stored.map((g) => g.id)).toEqual(['g', 'new']);
    expect(stored[0]).not.toHaveProperty('escalation');
    expect(stored[1]).toMatchObject({ escalation });
  });

  it('knows which changes move alert instants', () => {
    expect(affectsAlertSchedule(settings, { ...settings })).toBe(false);
    expect(affectsAlertSchedule(settings, { ...settings, thresholds: [30] })).toBe(true);
    expect(affectsAlertSchedule(settings, { ...settings, default_contact_group_id: 'g' })).toBe(
      true,
    );
    expect(
      affectsAlertSchedule(settings, {
        ...settings,
        contact_groups: [{ ...group, thresholds: [1] }],
      }),
    ).toBe(true);
    expect(
      affectsAlertSchedule(settings, {
        ...settings,
        contact_groups: [{ ...group, escalation: { group_id: 'h', delay_hours: 4 } }],
      }),
    ).toBe(true);
    expect(
      affectsAlertSchedule(settings, {
        ...settings,
        contact_groups: [{ ...group, name: 'Renamed', emails: [] }],
      }),
    ).toBe(false);
  });

  it('audits what changed without URLs', () => {
    const metadata = settingsChangeMetadata(settings, { ...settings, email_alerts_enabled: false });
    expect(metadata).toEqual({
      changed: ['email_alerts_enabled'],
      email_alerts_enabled: false,
      webhooks: [{ name: 'A', kind: 'slack' }],
      contact_groups: [{ id: 'g', name: 'G' }],
      thresholds: [30, 7],
    });
    expect(JSON.stringify(metadata)).not.toContain('secret');
  });
});
