import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { previewWorkspaceIntegration } from '../../services/integrations/integration-sync';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/** `POST /api/v1/workspaces/{id}/integrations/{iid}/preview`: admins and workspace managers. */
export const handler = createHttpHandler(
  integrationRoutes.previewIntegrationSync,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    return {
      body: await previewWorkspaceIntegration({
        access,
        actor: user,
        integrationId: params.iid,
        now,
      }),
    };
  },
);
