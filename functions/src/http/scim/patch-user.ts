import { patchScimUser } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `PATCH /scim/v2/Users/{id}` (Entra ID, Okta): active false ends the person's access. */
export const handler = createScimHandler(
  'scimPatchUser',
  async ({ caller, id, body, baseUrl, now }) => ({
    body: await patchScimUser(caller, id, body, baseUrl, now),
  }),
);
