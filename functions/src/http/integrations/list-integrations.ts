import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { listWorkspaceIntegrations } from '../../services/integrations/integration-management';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/** `GET /api/v1/workspaces/{id}/integrations`: admins and workspace managers; frozen too. */
export const handler = createHttpHandler(
  integrationRoutes.listIntegrations,
  async ({ params, session }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    return { body: await listWorkspaceIntegrations(access) };
  },
);
