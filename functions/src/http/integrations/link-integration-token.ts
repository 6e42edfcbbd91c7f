import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { linkIntegrationToken } from '../../services/integrations/integration-links';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/** `POST /api/v1/workspaces/{id}/integrations/{iid}/links`: admins and workspace managers. */
export const handler = createHttpHandler(
  integrationRoutes.linkIntegrationToken,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    return {
      body: await linkIntegrationToken({
        access,
        actor: user,
        integrationId: params.iid,
        tokenId: body.token_id,
        externalId: body.external_id,
        now,
      }),
    };
  },
);
