import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { syncWorkspaceIntegration } from '../../services/integrations/integration-sync';
import { integrationRoutes } from '@expiry-radar/shared/api/routes/integration-routes';

/**
 * `POST /api/v1/workspaces/{id}/integrations/{iid}/sync`: admins and workspace managers. 200 with
 * the sync's report, or 202 when the rest of a large source is read in the background.
 */
export const handler = createHttpHandler(
  integrationRoutes.syncIntegration,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    const body = await syncWorkspaceIntegration({
      access,
      actor: user,
      integrationId: params.iid,
      now,
    });
    return { status: body.state === 'running' ? 202 : 200, body };
  },
);
