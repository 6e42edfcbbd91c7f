import { replaceScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `PUT /scim/v2/Groups/{id}`: the group as sent; attributes left out (members too) are cleared. */
export const handler = createScimHandler(
  scimRoutes.scimReplaceGroup,
  async ({ caller, id, body, baseUrl, now }) => ({
    body: await replaceScimGroup(caller, id, body, baseUrl, now),
  }),
);
