import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { removeWorkspaceTrustedCa } from '../../services/certificate-authorities/trusted-certificate-authorities';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `DELETE /api/v1/workspaces/{id}/trusted-certificate-authorities/{caId}`: admins. */
export const handler = createHttpHandler(
  tokenRoutes.removeTrustedCertificateAuthority,
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    await removeWorkspaceTrustedCa({ access, actor: user, caId: params.caId, now });
    return { body: { ok: true as const } };
  },
);
