import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadTokenAccess } from '../../services/tokens/token-access';
import { requireEditor, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { setAlertAction } from '../../services/alerts/alert-actions';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `PUT /api/tokens/{id}/alert-action`: an editor acknowledges the token's alerts for its current
 * expiry, snoozes them until a day (after today, never past the expiry; 400 otherwise), or clears
 * that (`none`). Audited.
 */
export const handler = createHttpHandler(
  alertRoutes.setTokenAlertAction,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const { access, token } = await loadTokenAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    const action = await setAlertAction({ token, change: body, user, plan: access.plan, now });
    return { body: { action } };
  },
);
