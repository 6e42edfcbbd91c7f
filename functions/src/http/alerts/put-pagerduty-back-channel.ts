import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { setPagerDutySecret } from '../../services/alerts/pagerduty-back-channel';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `PUT /api/v1/workspaces/{id}/pagerduty-back-channel`: editors store a PagerDuty webhook's V3
 * subscription secret (sealed; never answered) or remove it with null; audited without it.
 */
export const handler = createHttpHandler(
  alertRoutes.putPagerDutyBackChannel,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return { body: await setPagerDutySecret({ access, actor: user, change: body, now }) };
  },
);
