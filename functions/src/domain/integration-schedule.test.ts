import { followingSyncAt, nextSyncAtAfterWrite } from './integration-schedule';

const now = new Date('2026-11-26T10:00:00.000Z');
const later = '2026-11-27T09:00:00.000Z';

describe('nextSyncAtAfterWrite', () => {
  it('makes an integration turned on for the daily sync due at once', () => {
    expect(nextSyncAtAfterWrite({ schedule: 'daily', enabled: true }, null, now)).toBe(
      now.toISOString(),
    );
  });

  it('keeps the next sync of one that stays on', () => {
    expect(nextSyncAtAfterWrite({ schedule: 'daily', enabled: true }, later, now)).toBe(later);
  });

  it.each([
    [{ schedule: 'daily' as const, enabled: false }],
    [{ schedule: 'manual' as const, enabled: true }],
    [{ schedule: 'manual' as const, enabled: false }],
  ])('gives none to an integration the job does not sync (%o)', (next) => {
    expect(nextSyncAtAfterWrite(next, later, now)).toBeNull();
  });
});

describe('followingSyncAt', () => {
  it('is a day after the dispatch', () => {
    expect(followingSyncAt(now)).toBe('2026-11-27T10:00:00.000Z');
  });
});
