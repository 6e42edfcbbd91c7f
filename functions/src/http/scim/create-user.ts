import { createScimUser } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `POST /scim/v2/Users`: provisions a person of a verified domain (201 with the User). */
export const handler = createScimHandler(
  scimRoutes.scimCreateUser,
  async ({ caller, body, baseUrl, now }) => ({
    body: await createScimUser(caller, body, baseUrl, now),
  }),
);
