import fc from 'fast-check';
import {
  ALL_WEEKLY_SUMMARY_SHARDS,
  nextWeeklySummaryAt,
  weeklySummaryShardOf,
} from './weekly-summary-schedule';
import { ALL_DUE_SHARDS } from './alert-schedule';

const at = (iso: string) => new Date(iso);

describe('weekly summary schedule', () => {
  it('goes out on Monday at 08:00 in the time zone, daylight saving time included', () => {
    // The Monday a minute away is skipped, and the week after it ends daylight saving time.
    expect(
      nextWeeklySummaryAt('America/Los_Angeles', at('2044-10-31T14:59:59Z')).toISOString(),
    ).toBe('2044-11-07T16:00:00.000Z');
    // Wednesday 2030-01-02: the next Monday is 2030-01-07; Zurich is UTC+1 in winter.
    expect(nextWeeklySummaryAt('Europe/Zurich', at('2030-01-02T12:00:00Z'))).toEqual(
      at('2030-01-07T07:00:00Z'),
    );
    // Summer time: UTC+2.
    expect(nextWeeklySummaryAt('Europe/Zurich', at('2030-07-03T12:00:00Z'))).toEqual(
      at('2030-07-08T06:00:00Z'),
    );
    expect(nextWeeklySummaryAt('America/New_York', at('2030-01-02T12:00:00Z'))).toEqual(
      at('2030-01-07T13:00:00Z'),
    );
    expect(nextWeeklySummaryAt('UTC', at('2030-01-06T23:59:00Z'))).toEqual(
      at('2030-01-07T08:00:00Z'),
    );
  });

  it('is always a later Monday 08:00, within a week', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2000-01-01'), max: at('2090-01-01'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'Europe/Zurich', 'Asia/Kolkata', 'America/Los_Angeles'),
        (after, timeZone) => {
          const next = nextWeeklySummaryAt(timeZone, after);
          expect(next.getTime()).toBeGreaterThan(after.getTime());
          // A week is 169 hours when daylight saving time ends in it; the minute past `after`
          // that nextWeeklySummaryAt skips can put the Monday a week on.
          const longestWeek = 7 * 86_400_000 + 3_600_000;
          expect(next.getTime() - after.getTime()).toBeLessThanOrEqual(longestWeek + 61_000);
          const local = new Intl.DateTimeFormat('en-GB', {
            timeZone,
            weekday: 'short',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }).format(next);
          expect(local).toBe('Mon 08:00');
          // Sent at that instant, the next one is a week on.
          expect(nextWeeklySummaryAt(timeZone, next).getTime()).toBeGreaterThan(next.getTime());
        },
      ),
    );
  });

  it('waits on shards of its own, never those the expiry scan reads', () => {
    expect(ALL_WEEKLY_SUMMARY_SHARDS).toHaveLength(ALL_DUE_SHARDS.length);
    for (const shard of ALL_WEEKLY_SUMMARY_SHARDS) expect(ALL_DUE_SHARDS).not.toContain(shard);
    expect(ALL_WEEKLY_SUMMARY_SHARDS).toContain(weeklySummaryShardOf('user-1'));
  });
});
