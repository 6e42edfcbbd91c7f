import fc from 'fast-check';
import { PAGERDUTY_SEVERITIES, WEBHOOK_KINDS } from '@expiry-radar/shared/domain/alerts';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import type { ContactGroup, WebhookChannel } from '../../domain/alert-channels';
import { keys } from '../keys';
import { alertSettingsCodec, type AlertSettingsRecord } from './alert-settings';
import { MalformedItemError } from './entity-codec';

const thresholdsArbitrary = fc.array(fc.nat({ max: 365 }), { maxLength: 5 });

const webhookArbitrary: fc.Arbitrary<WebhookChannel> = fc
  .record({
    name: fc.string({ minLength: 1 }),
    kind: fc.constantFrom(...WEBHOOK_KINDS),
    url: fc.webUrl(),
    routing_key: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
    severity: fc.option(fc.constantFrom(...PAGERDUTY_SEVERITIES), { nil: undefined }),
  })
  .map(({ routing_key, severity, ...channel }) => ({
    ...channel,
    ...(routing_key === undefined ? {} : { routing_key }),
    ...(severity === undefined ? {} : { severity }),
  }));

const groupArbitrary: fc.Arbitrary<ContactGroup> = fc
  .record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1 }),
    emails: fc.array(fc.emailAddress(), { maxLength: 3 }),
    webhook_names: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
    thresholds: fc.option(thresholdsArbitrary, { nil: undefined }),
    escalation: fc.option(
      fc.record({ group_id: fc.uuid(), delay_hours: fc.integer({ min: 1, max: 720 }) }),
      { nil: undefined },
    ),
  })
  .map(({ thresholds, escalation, ...group }) => ({
    ...group,
    ...(thresholds === undefined ? {} : { thresholds }),
    ...(escalation === undefined ? {} : { escalation }),
  }));

const recordArbitrary: fc.Arbitrary<AlertSettingsRecord> = fc.record({
  settings: fc.record({
    workspaceId: fc.uuid(),
    email_alerts_enabled: fc.boolean(),
    webhook_urls: fc.array(webhookArbitrary, { maxLength: 3 }),
    contact_groups: fc.array(groupArbitrary, { maxLength: 3 }),
    default_contact_group_id: fc.option(fc.uuid(), { nil: null }),
    thresholds: thresholdsArbitrary,
    signing_secret: fc.string({ minLength: 1 }),
    // Absent when none is set (null reads back as absent, so it is not drawn).
    delivery_window: fc.option(
      fc.record({
        time_zone: fc.constantFrom('Europe/Zurich', 'UTC', 'America/New_York'),
        days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
        start: fc.constantFrom('08:00', '22:30'),
        end: fc.constantFrom('18:00', '06:00'),
        urgent_any_time: fc.boolean(),
      }),
      { nil: undefined },
    ),
  }),
  revision: fc.nat(),
  updatedAt: fc.option(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    { nil: null },
  ),
});

const record: AlertSettingsRecord = {
  settings: {
    workspaceId: 'ws-1',
    email_alerts_enabled: true,
    webhook_urls: [
      { name: 'Pager', kind: 'pagerduty', url: 'https://events.example.com', routing_key: 'r' },
    ],
    contact_groups: [{ id: 'g1', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] }],
    default_contact_group_id: null,
    thresholds: [30, 14, 7, 1, 0],
    signing_secret: 'whsec_secret',
  },
  revision: 0,
  updatedAt: null,
};

describe('alert settings codec', () => {
  it('reads back every record it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(alertSettingsCodec, recordArbitrary);
  });

  it('writes the key, the stored lists and the secret, and no updatedAt before a save', () => {
    expect(alertSettingsCodec.toItem(record)).toEqual({
      ...keys.alertSettings('ws-1'),
      workspaceId: 'ws-1',
      email_alerts_enabled: true,
      webhook_urls: [
        { name: 'Pager', kind: 'pagerduty', url: 'https://events.example.com', routing_key: 'r' },
      ],
      contact_groups: [{ id: 'g1', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] }],
      default_contact_group_id: null,
      thresholds: [30, 14, 7, 1, 0],
      signingSecret: 'whsec_secret',
      revision: 0,
    });
    expect(alertSettingsCodec.keyOf(record)).toEqual(keys.alertSettings('ws-1'));
  });

  it('reads missing settings as the defaults', () => {
    const item = { ...keys.alertSettings('ws-1'), workspaceId: 'ws-1', signingSecret: 's' };
    expect(alertSettingsCodec.fromItem(item)).toEqual({
      settings: {
        workspaceId: 'ws-1',
        email_alerts_enabled: true,
        webhook_urls: [],
        contact_groups: [],
        default_contact_group_id: null,
        thresholds: [30, 14, 7, 1, 0],
        signing_secret: 's',
      },
      revision: 0,
      updatedAt: null,
    });
  });

  it('leaves out webhooks of unknown kinds and PagerDuty fields it cannot use', () => {
    const item = {
      ...alertSettingsCodec.toItem(record),
      email_alerts_enabled: 'no',
      webhook_urls: [
        { name: 'Old', kind: 'carrier-pigeon', url: 'https://old.example.com' },
        { name: 'Pager', kind: 'pagerduty', url: 'https://p.example.com', severity: 'panic' },
      ],
    };
    const { settings } = alertSettingsCodec.fromItem(item);
    expect(settings.email_alerts_enabled).toBe(true);
    expect(settings.webhook_urls).toStrictEqual([
      { name: 'Pager', kind: 'pagerduty', url: 'https://p.example.com' },
    ]);
  });

  it('keeps a contact group escalation it can read, and reads one it cannot as none', () => {
    const escalating = {
      id: 'g1',
      name: 'Ops',
      emails: [],
      webhook_names: [],
      escalation: { group_id: 'g2', delay_hours: 24 },
    };
    const item = { ...alertSettingsCodec.toItem(record), contact_groups: [escalating] };
    expect(alertSettingsCodec.fromItem(item).settings.contact_groups).toEqual([escalating]);
    const unreadable = { ...escalating, escalation: { group_id: 'g2', delay_hours: 'soon' } };
    expect(
      alertSettingsCodec.fromItem({ ...item, contact_groups: [unreadable] }).settings
        .contact_groups,
    ).toStrictEqual([{ id: 'g1', name: 'Ops', emails: [], webhook_names: [] }]);
  });

  it.each([
    ['the signing secret', { signingSecret: undefined }],
    ['the workspace id', { workspaceId: undefined }],
    ['a webhook url', { webhook_urls: [{ name: 'Ops', kind: 'slack' }] }],
    ['a group name', { contact_groups: [{ id: 'g1', emails: [] }] }],
    ['thresholds that are numbers', { thresholds: ['30'] }],
  ])('refuses an item without %s', (_what, change) => {
    const item = { ...alertSettingsCodec.toItem(record), ...change };
    expect(() => alertSettingsCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => alertSettingsCodec.fromItem(item)).toThrow(
      'Malformed ALERT_SETTINGS item WS#ws-1 ALERT_SETTINGS',
    );
  });
});
