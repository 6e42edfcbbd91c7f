import { queryOptions } from '@tanstack/react-query';
import { listAlertQueueResponse } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';

/** How many alerts the notifications bell shows. */
export const RECENT_ALERTS_LIMIT = 10;

/** The selected workspace's recent alerts; failures stay quiet (the bell shows its empty state). */
export function recentAlertsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: alertKeys.recent(workspaceId),
    queryFn: ({ signal }) =>
      apiRequest('/api/alert-queue', {
        query: { workspace_id: workspaceId, limit: RECENT_ALERTS_LIMIT },
        schema: listAlertQueueResponse,
        silent: true,
        signal,
      }),
    retry: false,
    staleTime: 30_000,
  });
}
