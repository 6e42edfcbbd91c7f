import { patchScimUser } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `PATCH /scim/v2/Users/{id}` (Entra ID, Okta): active false ends the person's access. */
export const handler = createScimHandler(
  scimRoutes.scimPatchUser,
  async ({ caller, id, body, baseUrl, now }) => ({
    body: await patchScimUser(caller, id, body, baseUrl, now),
  }),
);
