import { createHttpHandler } from '../pipeline/create-http-handler';
import { listWorkspaceWatch } from '../../services/certificate-transparency/watched-domains';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `GET /api/v1/workspaces/{id}/watched-domains`: every member. */
export const handler = createHttpHandler(
  tokenRoutes.listWatchedDomains,
  async ({ params, workspaceAccess }) => ({
    body: await listWorkspaceWatch(await workspaceAccess(params.id)),
  }),
);
