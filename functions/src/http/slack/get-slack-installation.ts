import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { slackInstallationView } from '../../services/slack/slack-installation';
import { slackAppRoutes } from '@expiry-radar/shared/api/routes/slack-app-routes';

/**
 * `GET /api/v1/workspaces/{id}/slack-installation`: the workspace's Slack app installation (its
 * Slack workspace, channel and status, never its token), whether this deployment offers the app
 * and whether the plan includes it. Every member reads it.
 */
export const handler = createHttpHandler(
  slackAppRoutes.getSlackInstallation,
  async ({ params, session, workspaceAccess }) => {
    requireSession(session);
    return { body: await slackInstallationView(await workspaceAccess(params.id)) };
  },
);
