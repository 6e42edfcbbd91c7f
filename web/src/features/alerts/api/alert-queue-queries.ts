import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ALERT_QUEUE_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { call } from '../../../lib/api-call';
import { alertKeys } from './alert-keys';

/** The alert queue's reads (route table: listAlertQueue, getAlertStats). */

/** The workspace's alerts with their per-channel delivery state, 50 per page. */
export function alertQueueQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: alertKeys.queue(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      call(
        'listAlertQueue',
        { query: { workspace_id: workspaceId, limit: ALERT_QUEUE_PAGE_SIZE, offset: pageParam } },
        { silent: true, signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      if (last.items.length < ALERT_QUEUE_PAGE_SIZE) return undefined;
      return last.total === undefined || loaded < last.total ? loaded : undefined;
    },
    staleTime: 10_000,
  });
}

/** This month's deliveries of the workspace, by channel. */
export function alertStatsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: alertKeys.stats(workspaceId),
    queryFn: ({ signal }) =>
      call('getAlertStats', { query: { workspace_id: workspaceId } }, { silent: true, signal }),
    retry: false,
    staleTime: 30_000,
  });
}
