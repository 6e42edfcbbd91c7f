import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  alertStatsResponse,
  listAlertQueueResponse,
  requeueAlertsResponse,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { ALERT_QUEUE_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';

/** The alert queue calls of spec §7 (route table: listAlertQueue, requeueAlerts, retryAlert). */

export const ALERT_QUEUE_PATH = '/api/alert-queue';

/** The workspace's alerts with their per-channel delivery state, 50 per page. */
export function alertQueueQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: alertKeys.queue(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(ALERT_QUEUE_PATH, {
        query: { workspace_id: workspaceId, limit: ALERT_QUEUE_PAGE_SIZE, offset: pageParam },
        schema: listAlertQueueResponse,
        silent: true,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      if (last.items.length < ALERT_QUEUE_PAGE_SIZE) return undefined;
      return last.total === undefined || loaded < last.total ? loaded : undefined;
    },
    staleTime: 10_000,
  });
}

/** This month's deliveries of the workspace, by channel (GET /api/alert-stats). */
export function alertStatsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: alertKeys.stats(workspaceId),
    queryFn: ({ signal }) =>
      apiRequest('/api/alert-stats', {
        query: { workspace_id: workspaceId },
        schema: alertStatsResponse,
        silent: true,
        signal,
      }),
    retry: false,
    staleTime: 30_000,
  });
}

/** POST /api/alert-queue/requeue: failed alerts of the workspace go back to the queue. */
export function requeueFailedAlerts(workspaceId: string) {
  return apiRequest(`${ALERT_QUEUE_PATH}/requeue`, {
    method: 'POST',
    body: { workspace_id: workspaceId },
    schema: requeueAlertsResponse,
  });
}

/** POST /api/alert-queue/{id}/retry: one alert's channel is queued again. */
export function retryAlertChannel(alertId: string, channel: string) {
  return apiRequest(`${ALERT_QUEUE_PATH}/${encodeURIComponent(alertId)}/retry`, {
    method: 'POST',
    body: { channel },
  });
}
