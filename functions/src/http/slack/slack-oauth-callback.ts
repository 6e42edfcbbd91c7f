import { createHttpHandler } from '../pipeline/create-http-handler';
import { completeSlackInstallation } from '../../services/slack/slack-installation';
import { slackAppRoutes } from '@expiry-radar/shared/api/routes/slack-app-routes';

/**
 * `GET /api/slack/oauth/callback`: Slack sends the browser back here after "Add to Slack". The
 * state is taken once; only the signed-in admin who started the installation finishes it. Always
 * redirects to the Alerts page (`/preferences`), its `slack` parameter saying how it went.
 */
export const handler = createHttpHandler(
  slackAppRoutes.slackOAuthCallback,
  async ({ query, session, now }) => {
    // Only a browser's verified session finishes an installation (an API key never starts one).
    const caller =
      session && !session.apiKey && !session.needsVerification ? session.user : undefined;
    const result = await completeSlackInstallation({ query, caller, now });
    const search = new URLSearchParams({
      ...(result.workspaceId ? { workspace: result.workspaceId } : {}),
      slack: result.outcome,
    });
    return { redirectTo: `/preferences?${search.toString()}` };
  },
);
