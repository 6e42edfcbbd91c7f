import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadTokenAccess } from '../../services/tokens/token-access';
import { currentAlertAction } from '../../services/alerts/alert-actions';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `GET /api/tokens/{id}/alert-action`: the token's alert action (acknowledged, snoozed, renewed)
 * for its current expiry and who set it, for its details (every member).
 */
export const handler = createHttpHandler(
  alertRoutes.getTokenAlertAction,
  async ({ params, session }) => {
    const { user } = requireSession(session);
    const { token } = await loadTokenAccess(params.id, user);
    return { body: { action: await currentAlertAction(token) } };
  },
);
