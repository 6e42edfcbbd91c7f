import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { createWorkspaceIntegration } from '../../services/integrations/integration-management';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/** `POST /api/v1/workspaces/{id}/integrations`: admins and workspace managers, within the plan. */
export const handler = createHttpHandler(
  integrationRoutes.createIntegration,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    return {
      status: 201,
      body: await createWorkspaceIntegration({ access, actor: user, body, now }),
    };
  },
);
