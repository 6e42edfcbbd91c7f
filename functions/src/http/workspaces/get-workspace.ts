import { createHttpHandler } from '../pipeline/create-http-handler';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { workspaceView } from '../../services/workspaces/workspace-view';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/** `GET /api/v1/workspaces/{id}`: for its members (404 for anyone else). */
export const handler = createHttpHandler(
  workspaceRoutes.getWorkspace,
  async ({ params, session }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    return { body: workspaceView({ ...access, id: access.workspaceId }, access.role) };
  },
);
