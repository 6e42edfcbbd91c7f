import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { alertQueueItemSchema } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';

/** The part of each alert the bell shows (the queue's other fields are the preferences page's). */
export const recentAlertSchema = alertQueueItemSchema.pick({
  id: true,
  token_name: true,
  threshold: true,
  status: true,
  created_at: true,
});
export type RecentAlert = z.infer<typeof recentAlertSchema>;
const recentAlertsResponse = z.object({ items: z.array(recentAlertSchema) });

/** How many alerts the notifications bell shows. */
export const RECENT_ALERTS_LIMIT = 10;

/** The selected workspace's recent alerts; failures stay quiet (the bell shows its empty state). */
export function recentAlertsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: alertKeys.recent(workspaceId),
    queryFn: ({ signal }) =>
      apiRequest('/api/alert-queue', {
        query: { workspace_id: workspaceId, limit: RECENT_ALERTS_LIMIT },
        schema: recentAlertsResponse,
        silent: true,
        signal,
      }),
    retry: false,
    staleTime: 30_000,
  });
}
