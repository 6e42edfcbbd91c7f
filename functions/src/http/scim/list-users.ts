import { listScimUsersPage } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/Users?filter=userName eq "…"&startIndex=&count=`: the provisioned users. */
export const handler = createScimHandler(
  scimRoutes.scimListUsers,
  async ({ caller, filter, page, baseUrl }) => ({
    body: await listScimUsersPage(caller, filter, page, baseUrl),
  }),
);
