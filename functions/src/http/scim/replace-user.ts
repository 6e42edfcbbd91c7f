import { replaceScimUser } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `PUT /scim/v2/Users/{id}` (Okta): the whole User; active false ends the person's access. */
export const handler = createScimHandler(
  scimRoutes.scimReplaceUser,
  async ({ caller, id, body, baseUrl, now }) => ({
    body: await replaceScimUser(caller, id, body, baseUrl, now),
  }),
);
