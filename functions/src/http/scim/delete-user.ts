import { deleteScimUserResource } from '../../services/scim/scim-users';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `DELETE /scim/v2/Users/{id}`: access ended, the person leaves the organization (204). */
export const handler = createScimHandler(scimRoutes.scimDeleteUser, async ({ caller, id, now }) => {
  await deleteScimUserResource(caller, id, now);
  return {};
});
