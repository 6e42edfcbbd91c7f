import { createHttpHandler } from '../pipeline/create-http-handler';
import { listWorkspaceTrustedCas } from '../../services/certificate-authorities/trusted-certificate-authorities';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `GET /api/v1/workspaces/{id}/trusted-certificate-authorities`: every member. */
export const handler = createHttpHandler(
  tokenRoutes.listTrustedCertificateAuthorities,
  async ({ params, workspaceAccess }) => ({
    body: await listWorkspaceTrustedCas(await workspaceAccess(params.id)),
  }),
);
