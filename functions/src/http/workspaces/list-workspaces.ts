import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { listUserWorkspaces } from '../../services/workspaces/user-workspaces';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `GET /api/v1/workspaces`: the caller's workspaces with their role, frozen ones included (with an
 * API key scoped to one workspace, that one).
 */
export const handler = createHttpHandler(
  workspaceRoutes.listWorkspaces,
  async ({ query, session }) => {
    const { user } = requireSession(session);
    const workspaces = await listUserWorkspaces(user);
    return {
      body: {
        items: workspaces.slice(query.offset, query.offset + query.limit),
        total: workspaces.length,
      },
    };
  },
);
