import { getScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `GET /scim/v2/Groups/{id}`. */
export const handler = createScimHandler(
  'scimGetGroup',
  async ({ caller, id, withMembers, baseUrl }) => ({
    body: await getScimGroup(caller, id, withMembers, baseUrl),
  }),
);
