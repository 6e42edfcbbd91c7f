import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { addWorkspaceWatchedDomain } from '../../services/certificate-transparency/watched-domains';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `POST /api/v1/workspaces/{id}/watched-domains`: admins, within the plan's watched domains. */
export const handler = createHttpHandler(
  tokenRoutes.addWatchedDomain,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return {
      status: 201,
      body: await addWorkspaceWatchedDomain({ access, actor: user, body, now }),
    };
  },
);
