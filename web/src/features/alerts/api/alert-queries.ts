import { queryOptions } from '@tanstack/react-query';
import type { AlertQueueItem } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { call } from '../../../lib/api-call';
import { alertKeys } from './alert-keys';

/** The part of each alert the bell shows (the queue's other fields are the preferences page's). */
export type RecentAlert = Pick<
  AlertQueueItem,
  'id' | 'token_name' | 'expires_at' | 'threshold' | 'problem' | 'status' | 'created_at'
>;

/** How many alerts the notifications bell shows. */
export const RECENT_ALERTS_LIMIT = 10;

/** The selected workspace's recent alerts; failures stay quiet (the bell shows its empty state). */
export function recentAlertsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: alertKeys.recent(workspaceId),
    queryFn: ({ signal }) =>
      call(
        'listAlertQueue',
        { query: { workspace_id: workspaceId, limit: RECENT_ALERTS_LIMIT } },
        { silent: true, signal },
      ),
    retry: false,
    staleTime: 30_000,
  });
}
