/**
 * The alert attributes a token item carries besides its API fields (ACCESS_PATTERNS.md row 14):
 * `dueShard` and `nextAlertAt` (the sparse `due-alerts` index; absent when no window is left) and
 * the window it was last alerted for (`lastAlertExpiresAt`, `lastAlertThreshold`).
 */
import { dueShardOf, type LastAlert } from '../domain/alert-schedule';
import type { TableItem } from './table-operations';

export interface TokenAlertSchedule {
  /** ISO instant; null: no window left (the token leaves the due-alerts index). */
  readonly nextAlertAt: string | null;
  readonly lastAlert: LastAlert | null;
}

export const NO_ALERT_SCHEDULE: TokenAlertSchedule = { nextAlertAt: null, lastAlert: null };

export function alertScheduleAttributes(
  tokenId: string,
  schedule: TokenAlertSchedule,
): Record<string, unknown> {
  return {
    ...(schedule.nextAlertAt === null
      ? {}
      : { dueShard: dueShardOf(tokenId), nextAlertAt: schedule.nextAlertAt }),
    ...(schedule.lastAlert === null
      ? {}
      : {
          lastAlertExpiresAt: schedule.lastAlert.expiresAt,
          lastAlertThreshold: schedule.lastAlert.threshold,
        }),
  };
}

export function lastAlertOf(item: TableItem): LastAlert | null {
  return typeof item.lastAlertExpiresAt === 'string' && typeof item.lastAlertThreshold === 'number'
    ? { expiresAt: item.lastAlertExpiresAt, threshold: item.lastAlertThreshold }
    : null;
}
