import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { deleteWorkspaceIntegration } from '../../services/integrations/integration-management';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/** `DELETE /api/v1/workspaces/{id}/integrations/{iid}`: admins and workspace managers. */
export const handler = createHttpHandler(
  integrationRoutes.deleteIntegration,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    await deleteWorkspaceIntegration({ access, actor: user, integrationId: params.iid, now });
    return { body: { ok: true as const } };
  },
);
