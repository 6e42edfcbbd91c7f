/** The alert queue, its requeue and retry, and alert statistics (spec §7; DESIGN.md "Alerts"). */
import { z } from 'zod';
import { ALERT_QUEUE_PAGE_SIZE } from '../constants/paging';
import { pageOf, pagingQuery, workspaceIdField } from './common-schemas';
import { ALERT_MESSAGES } from './alert-api-schemas';

export const requeueAlertsBody = z.object({ workspace_id: z.string().trim().min(1).optional() });
export const requeueAlertsResponse = z.object({ updated: z.number().int().nonnegative() });

export const listAlertQueueQuery = pagingQuery(ALERT_QUEUE_PAGE_SIZE).extend({
  workspace_id: workspaceIdField.optional(),
});

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
const deliveryStatus = z.enum(DELIVERY_STATUSES);

export const alertQueueItemSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  token_id: z.string(),
  token_name: z.string(),
  /** Days before expiry of the alert window. */
  threshold: z.number().int(),
  status: z.enum(['pending', 'sent', 'partial', 'failed']),
  channels: z.array(
    z.object({
      /** `email` or a webhook id; what `POST /api/alert-queue/{id}/retry` takes. */
      channel: z.string(),
      status: deliveryStatus,
      attempts: z.number().int().nonnegative(),
      last_error: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertQueueItem = z.infer<typeof alertQueueItemSchema>;
export const listAlertQueueResponse = pageOf(alertQueueItemSchema);

export const retryAlertBody = z.object({
  channel: z
    .string({ error: ALERT_MESSAGES.channelRequired })
    .trim()
    .min(1, ALERT_MESSAGES.channelRequired)
    .max(200),
});

export const alertStatsQuery = z.object({ workspace_id: workspaceIdField.optional() });
export const alertStatsResponse = z.object({
  pending: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Deliveries counted against the plan this calendar month, and the plan's limit (null: none). */
  deliveries_this_month: z.number().int().nonnegative(),
  deliveries_limit: z.number().int().nullable(),
});
