import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { removeSlackInstallation } from '../../services/slack/slack-installation';
import { slackAppRoutes } from '@expiry-radar/shared/api/routes/slack-app-routes';

/**
 * `DELETE /api/v1/workspaces/{id}/slack-installation`: removes the Slack app installation and
 * its bot token (admins; 404 when none). Audited.
 */
export const handler = createHttpHandler(
  slackAppRoutes.deleteSlackInstallation,
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    await removeSlackInstallation(await workspaceAccess(params.id), user, now);
    return { body: { ok: true } };
  },
);
