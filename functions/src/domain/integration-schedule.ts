/**
 * When an integration is synced by the daily job: only an enabled integration on the `daily`
 * schedule has a next sync; it is due at once when it becomes one (the dispatcher's next hourly
 * run takes it), then every SYNC_INTERVAL_HOURS from the dispatch that took it.
 */
import type { IntegrationSchedule } from '@expiry-radar/shared/api/integration-api-schemas';

export const SYNC_INTERVAL_HOURS = 24;

/** The next scheduled sync after a write that leaves the integration as `next`; null: none. */
export function nextSyncAtAfterWrite(
  next: { readonly schedule: IntegrationSchedule; readonly enabled: boolean },
  current: string | null | undefined,
  now: Date,
): string | null {
  if (next.schedule !== 'daily' || !next.enabled) return null;
  return current ?? now.toISOString();
}

/** The sync after the one a dispatch takes at `now`. */
export function followingSyncAt(now: Date): string {
  return new Date(now.getTime() + SYNC_INTERVAL_HOURS * 60 * 60 * 1000).toISOString();
}
