import { createHttpHandler } from '../pipeline/create-http-handler';
import { pagerDutyBackChannel } from '../../services/alerts/pagerduty-back-channel';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `GET /api/v1/workspaces/{id}/pagerduty-back-channel`: editors; the address to give PagerDuty
 * and which PagerDuty webhooks have their subscription's secret stored (never the secret).
 */
export const handler = createHttpHandler(
  alertRoutes.getPagerDutyBackChannel,
  async ({ params, workspaceAccess }) => ({
    body: await pagerDutyBackChannel(await workspaceAccess(params.id)),
  }),
);
