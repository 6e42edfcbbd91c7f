import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { addWorkspaceTrustedCa } from '../../services/certificate-authorities/trusted-certificate-authorities';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `POST /api/v1/workspaces/{id}/trusted-certificate-authorities`: admins, one CA certificate. */
export const handler = createHttpHandler(
  tokenRoutes.addTrustedCertificateAuthority,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return {
      status: 201,
      body: await addWorkspaceTrustedCa({ access, actor: user, pem: body.pem, now }),
    };
  },
);
