import { getScimUser } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/Users/{id}`. */
export const handler = createScimHandler(
  scimRoutes.scimGetUser,
  async ({ caller, id, baseUrl }) => ({
    body: await getScimUser(caller, id, baseUrl),
  }),
);
