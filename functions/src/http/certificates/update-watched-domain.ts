import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { updateWorkspaceWatchedDomain } from '../../services/certificate-transparency/watched-domains';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `PATCH /api/v1/workspaces/{id}/watched-domains/{domain}`: admins. */
export const handler = createHttpHandler(
  tokenRoutes.updateWatchedDomain,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return {
      body: await updateWorkspaceWatchedDomain({
        access,
        actor: user,
        domain: params.domain,
        body,
        now,
      }),
    };
  },
);
