import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { setWorkspaceCtApiKey } from '../../services/certificate-transparency/watched-domains';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `PUT /api/v1/workspaces/{id}/certificate-transparency-key`: admins; the key is never answered. */
export const handler = createHttpHandler(
  tokenRoutes.setCertificateTransparencyKey,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return {
      body: await setWorkspaceCtApiKey({ access, actor: user, apiKey: body.api_key, now }),
    };
  },
);
