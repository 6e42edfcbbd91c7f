import { deleteScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `DELETE /scim/v2/Groups/{id}` (204). */
export const handler = createScimHandler(
  scimRoutes.scimDeleteGroup,
  async ({ caller, id, now }) => {
    await deleteScimGroup(caller, id, now);
    return {};
  },
);
