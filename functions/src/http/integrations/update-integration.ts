import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { updateWorkspaceIntegration } from '../../services/integrations/integration-management';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/** `PATCH /api/v1/workspaces/{id}/integrations/{iid}`: admins and workspace managers. */
export const handler = createHttpHandler(
  integrationRoutes.updateIntegration,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    return {
      body: await updateWorkspaceIntegration({
        access,
        actor: user,
        integrationId: params.iid,
        body,
        now,
      }),
    };
  },
);
