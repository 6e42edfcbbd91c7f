/**
 * A user's weekly summary choice as the account routes answer it (`GET`/`PUT
 * /api/account/weekly-summary`): on or off, its time zone, and when it goes out next.
 */
import type {
  WeeklySummarySettings,
  WeeklySummaryUpdate,
} from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import type { WeeklySummaryRecord } from '../../data/entities/weekly-summary';
import { findWeeklySummary, saveWeeklySummary } from '../../data/weekly-summary-records';

function viewOf(record: WeeklySummaryRecord | undefined): WeeklySummarySettings {
  return {
    enabled: record?.enabled ?? false,
    time_zone: record?.timeZone ?? null,
    next_send_at: record?.enabled ? record.nextSendAt : null,
    last_sent_at: record?.lastSentAt ?? null,
  };
}

export async function weeklySummarySettingsOf(userId: string): Promise<WeeklySummarySettings> {
  return viewOf(await findWeeklySummary(userId));
}

export async function updateWeeklySummarySettings(
  userId: string,
  update: WeeklySummaryUpdate,
  now: Date,
): Promise<WeeklySummarySettings> {
  return viewOf(
    await saveWeeklySummary({
      userId,
      enabled: update.enabled,
      timeZone: update.time_zone,
      now,
    }),
  );
}
