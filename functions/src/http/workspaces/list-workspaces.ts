import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { pageOfUserWorkspaces } from '../../services/workspaces/user-workspaces';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `GET /api/v1/workspaces`: the caller's workspaces with their role and their owner's display
 * name, frozen ones included (with an API key scoped to one workspace, that one).
 */
export const handler = createHttpHandler(
  workspaceRoutes.listWorkspaces,
  async ({ query, session }) => {
    const { user } = requireSession(session);
    return { body: await pageOfUserWorkspaces(user, query) };
  },
);
