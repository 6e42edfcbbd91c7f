import { getScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/Groups/{id}`. */
export const handler = createScimHandler(
  scimRoutes.scimGetGroup,
  async ({ caller, id, withMembers, baseUrl }) => ({
    body: await getScimGroup(caller, id, withMembers, baseUrl),
  }),
);
