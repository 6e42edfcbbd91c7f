import { deleteScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `DELETE /scim/v2/Groups/{id}` (204). */
export const handler = createScimHandler('scimDeleteGroup', async ({ caller, id, now }) => {
  await deleteScimGroup(caller, id, now);
  return {};
});
