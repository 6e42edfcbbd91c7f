import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { startSlackInstallation } from '../../services/slack/slack-installation';
import { slackAppRoutes } from '@expiry-radar/shared/api/routes/slack-app-routes';

/**
 * `POST /api/v1/workspaces/{id}/slack-installation`: "Add to Slack". Answers Slack's authorize
 * address with a state bound to this workspace and this admin (admins only; 409 when the
 * deployment has no Slack app configured, 403 on a plan without it).
 */
export const handler = createHttpHandler(
  slackAppRoutes.startSlackInstallation,
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return { body: { authorize_url: await startSlackInstallation(access, user, now) } };
  },
);
