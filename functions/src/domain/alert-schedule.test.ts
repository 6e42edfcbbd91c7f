import {
  alertIdOf,
  alertWindows,
  dueShardOf,
  dueWindow,
  DUE_SHARD_COUNT,
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
    });
    expect(parseAlertId('nope')).toBeNull();
    const shards = new Set(Array.from({ length: 200 }, (_, i) => dueShardOf(`ws.${i}`)));
    expect(shards.size).toBe(DUE_SHARD_COUNT);
  });

  it('reads no alert id whose threshold a workspace cannot set (its window would be no date)', () => {
    expect(parseAlertId('ws-1.abc~2030-01-31~365')).toEqual({
      tokenId: 'ws-1.abc',
      expiresAt: '2030-01-31',
      threshold: 365,
    });
    for (const threshold of ['366', '99999999999999999999', '1e21', '-1', '1.5']) {
      expect(parseAlertId(`ws-1.abc~2030-01-31~${threshold}`)).toBeNull();
    }
  });
});
