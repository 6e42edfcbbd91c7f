import {
  alertIdOf,
  alertWindows,
  dueShardOf,
  dueWindow,
  DUE_SHARD_COUNT,
  escalationAlertIdOf,
  escalationDueAt,
  escalationFor,
  isEscalationAlertId,
  nextAlertAt,
  parseAlertId,
  thresholdsFor,
} from './alert-schedule';

const THRESHOLDS = [30, 14, 7, 1, 0];
const at = (iso: string) => new Date(iso);

describe('alert schedule', () => {
  it('opens each window at midnight UTC, that many days before the expiry day', () => {
    expect(alertWindows('2030-01-31', [0, 7, 30]).map((w) => w.opensAt.toISOString())).toEqual([
      '2030-01-01T00:00:00.000Z',
      '2030-01-24T00:00:00.000Z',
      '2030-01-31T00:00:00.000Z',
    ]);
  });

  it('arms a new token for the next window, or now when one has opened', () => {
    const expiresAt = '2030-01-31';
    expect(
      nextAlertAt({ expiresAt, thresholds: THRESHOLDS, lastAlert: null, now: at('2029-12-01') }),
    ).toEqual(at('2030-01-01'));
    // 7 days left: the 7-day window opened today and is due.
    expect(
      nextAlertAt({
        expiresAt,
        thresholds: THRESHOLDS,
        lastAlert: null,
        now: at('2030-01-24T09:00:00Z'),
      }),
    ).toEqual(at('2030-01-24'));
  });

  it('fires only the latest missed window after an outage, once', () => {
    const now = at('2030-01-25T10:00:00Z');
    const window = dueWindow({
      expiresAt: '2030-01-31',
      thresholds: THRESHOLDS,
      lastAlert: null,
      now,
    });
    expect(window?.threshold).toBe(7);
    const lastAlert = { expiresAt: '2030-01-31', threshold: 7 };
    expect(
      dueWindow({ expiresAt: '2030-01-31', thresholds: THRESHOLDS, lastAlert, now }),
    ).toBeNull();
    expect(
      nextAlertAt({ expiresAt: '2030-01-31', thresholds: THRESHOLDS, lastAlert, now }),
    ).toEqual(at('2030-01-30'));
  });

  it('re-arms a renewed token for its new date; an edit keeping the date re-alerts nothing', () => {
    const lastAlert = { expiresAt: '2030-01-31', threshold: 0 };
    const now = at('2030-02-01');
    expect(
      nextAlertAt({ expiresAt: '2030-01-31', thresholds: THRESHOLDS, lastAlert, now }),
    ).toBeNull();
    expect(
      nextAlertAt({ expiresAt: '2031-01-31', thresholds: THRESHOLDS, lastAlert, now }),
    ).toEqual(at('2031-01-01'));
  });

  it('uses the contact group thresholds, else the workspace ones', () => {
    const settings = {
      thresholds: [30, 7],
      default_contact_group_id: 'g1',
      contact_groups: [
        { id: 'g1', name: 'Default', emails: [], webhook_names: [] },
        { id: 'g2', name: 'Ops', emails: [], webhook_names: [], thresholds: [3] },
      ],
    };
    expect(thresholdsFor(settings, 'g2', 'pro')).toEqual([3]);
    expect(thresholdsFor(settings, null, 'pro')).toEqual([30, 7]);
    expect(thresholdsFor(settings, 'g2', 'free')).toEqual([30, 7]);
  });

  it('round-trips alert ids and spreads shards', () => {
    const id = alertIdOf('ws-1.abc', '2030-01-31', 7);
    expect(parseAlertId(id)).toEqual({
      tokenId: 'ws-1.abc',
      expiresAt: '2030-01-31',
      threshold: 7,
      escalation: false,
    });
    expect(parseAlertId(escalationAlertIdOf('ws-1.abc', '2030-01-31', 0))).toEqual({
      tokenId: 'ws-1.abc',
      expiresAt: '2030-01-31',
      threshold: 0,
      escalation: true,
    });
    expect(isEscalationAlertId(escalationAlertIdOf('ws-1.abc', '2030-01-31', 0))).toBe(true);
    expect(isEscalationAlertId(id)).toBe(false);
    expect(parseAlertId(`${id}~other`)).toBeNull();
    expect(parseAlertId('nope')).toBeNull();
    const shards = new Set(Array.from({ length: 200 }, (_, i) => dueShardOf(`ws.${i}`)));
    expect(shards.size).toBe(DUE_SHARD_COUNT);
  });

  it('reads no alert id whose threshold a workspace cannot set (its window would be no date)', () => {
    expect(parseAlertId('ws-1.abc~2030-01-31~365')).toEqual({
      tokenId: 'ws-1.abc',
      expiresAt: '2030-01-31',
      threshold: 365,
      escalation: false,
    });
    for (const threshold of ['366', '99999999999999999999', '1e21', '-1', '1.5']) {
      expect(parseAlertId(`ws-1.abc~2030-01-31~${threshold}`)).toBeNull();
    }
  });
});

describe('escalation schedule', () => {
  const expiresAt = '2030-01-31';
  const settings = {
    default_contact_group_id: 'ops',
    contact_groups: [
      {
        id: 'ops',
        name: 'Ops',
        emails: ['ops@example.com'],
        webhook_names: [],
        escalation: { group_id: 'leads', delay_hours: 36 },
      },
      { id: 'leads', name: 'Leads', emails: ['lead@example.com'], webhook_names: [] },
      {
        id: 'self',
        name: 'Self',
        emails: [],
        webhook_names: [],
        escalation: { group_id: 'self', delay_hours: 1 },
      },
    ],
  };

  it("applies the escalation of the token's contact group (or the default), to another group", () => {
    expect(escalationFor(settings, null, 'pro')).toMatchObject({
      from: { id: 'ops' },
      to: { id: 'leads' },
      delayHours: 36,
    });
    expect(escalationFor(settings, 'leads', 'pro')).toBeNull();
    expect(escalationFor(settings, 'self', 'pro')).toBeNull();
    expect(escalationFor(settings, null, 'free')).toBeNull();
    const gone = { ...settings, contact_groups: settings.contact_groups.slice(0, 1) };
    expect(escalationFor(gone, null, 'pro')).toBeNull();
  });

  it('is due the delay after the last window opened, once every window was alerted', () => {
    const lastWindow = { expiresAt, threshold: 0 };
    const options = { expiresAt, thresholds: THRESHOLDS, delayHours: 36 };
    expect(escalationDueAt({ ...options, lastAlert: lastWindow })).toEqual(
      at('2030-02-01T12:00:00Z'),
    );
    // A window still to alert, an escalation already sent, no delay: not due.
    expect(escalationDueAt({ ...options, lastAlert: { expiresAt, threshold: 1 } })).toBeNull();
    expect(
      escalationDueAt({ ...options, lastAlert: { ...lastWindow, escalated: true } }),
    ).toBeNull();
    expect(escalationDueAt({ ...options, lastAlert: lastWindow, delayHours: null })).toBeNull();
    // Thresholds changed after the last alert: its own window counts.
    expect(
      escalationDueAt({ ...options, thresholds: [30, 7], lastAlert: { expiresAt, threshold: 1 } }),
    ).toEqual(at('2030-01-31T12:00:00Z'));
    // A renewed token (another date) starts over.
    expect(escalationDueAt({ ...options, expiresAt: '2031-01-31', lastAlert: lastWindow })).toBe(
      null,
    );
  });

  it('arms the token for its escalation after its last window, then for nothing', () => {
    const now = at('2030-01-31T09:00:00Z');
    const lastAlert = { expiresAt, threshold: 0 };
    expect(
      nextAlertAt({ expiresAt, thresholds: THRESHOLDS, lastAlert, now, escalationDelayHours: 36 }),
    ).toEqual(at('2030-02-01T12:00:00Z'));
    expect(nextAlertAt({ expiresAt, thresholds: THRESHOLDS, lastAlert, now })).toBeNull();
    expect(
      nextAlertAt({
        expiresAt,
        thresholds: THRESHOLDS,
        lastAlert: { ...lastAlert, escalated: true },
        now,
        escalationDelayHours: 36,
      }),
    ).toBeNull();
    // Before the last window, the windows come first.
    expect(
      nextAlertAt({
        expiresAt,
        thresholds: THRESHOLDS,
        lastAlert: { expiresAt, threshold: 7 },
        now: at('2030-01-25'),
        escalationDelayHours: 36,
      }),
    ).toEqual(at('2030-01-30'));
  });
});
