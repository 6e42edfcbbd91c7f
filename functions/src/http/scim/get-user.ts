import { getScimUser } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `GET /scim/v2/Users/{id}`. */
export const handler = createScimHandler('scimGetUser', async ({ caller, id, baseUrl }) => ({
  body: await getScimUser(caller, id, baseUrl),
}));
