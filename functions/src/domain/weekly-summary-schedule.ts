/**
 * When a user's weekly summary goes out: Mondays at WEEKLY_SUMMARY_LOCAL_TIME in their time zone
 * (daylight saving time included, through the delivery window's clock), and where it waits on
 * the sparse due index: `dueShard = WEEKLY_SUMMARY#<0..3>` (never one of the token shards the
 * expiry scan reads), `nextAlertAt = <next send>`.
 */
import type { DeliveryWindow } from '@expiry-radar/shared/domain/alerts';
import { WEEKLY_SUMMARY_LOCAL_TIME } from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import { ALL_DUE_SHARDS, dueShardOf } from './alert-schedule';
import { nextWindowStart } from './delivery-window';

const WEEKLY_SUMMARY_SHARD_PREFIX = 'WEEKLY_SUMMARY#';

/** The due-index shard of a user's summary. */
export function weeklySummaryShardOf(userId: string): string {
  return `${WEEKLY_SUMMARY_SHARD_PREFIX}${dueShardOf(userId)}`;
}

export const ALL_WEEKLY_SUMMARY_SHARDS: readonly string[] = ALL_DUE_SHARDS.map(
  (shard) => `${WEEKLY_SUMMARY_SHARD_PREFIX}${shard}`,
);

/** Mondays from the send time, for an hour, in the time zone. */
function mondayMorning(timeZone: string): DeliveryWindow {
  return {
    time_zone: timeZone,
    days: [1],
    start: WEEKLY_SUMMARY_LOCAL_TIME,
    end: '09:00',
    urgent_any_time: false,
  };
}

/** The first Monday WEEKLY_SUMMARY_LOCAL_TIME in the time zone strictly after `after`. */
export function nextWeeklySummaryAt(timeZone: string, after: Date): Date {
  // nextWindowStart answers an opening up to a minute before its instant: ask past that minute.
  return nextWindowStart(mondayMorning(timeZone), new Date(after.getTime() + 61_000));
}
