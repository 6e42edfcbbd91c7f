import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { removeWorkspaceWatchedDomain } from '../../services/certificate-transparency/watched-domains';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `DELETE /api/v1/workspaces/{id}/watched-domains/{domain}`: admins. */
export const handler = createHttpHandler(
  tokenRoutes.removeWatchedDomain,
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    await removeWorkspaceWatchedDomain({ access, actor: user, domain: params.domain, now });
    return { body: { ok: true as const } };
  },
);
