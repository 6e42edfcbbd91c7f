import { replaceScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `PUT /scim/v2/Groups/{id}`: the group's name, and its members when sent. */
export const handler = createScimHandler(
  scimRoutes.scimReplaceGroup,
  async ({ caller, id, body, baseUrl, now }) => ({
    body: await replaceScimGroup(caller, id, body, baseUrl, now),
  }),
);
