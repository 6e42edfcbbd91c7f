import { deleteScimUserResource } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `DELETE /scim/v2/Users/{id}`: access ended, the person leaves the organization (204). */
export const handler = createScimHandler('scimDeleteUser', async ({ caller, id, now }) => {
  await deleteScimUserResource(caller, id, now);
  return {};
});
