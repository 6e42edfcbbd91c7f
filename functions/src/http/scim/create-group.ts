import { createScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `POST /scim/v2/Groups`: a group and its members (201 with the Group). */
export const handler = createScimHandler(
  scimRoutes.scimCreateGroup,
  async ({ caller, body, baseUrl, now }) => ({
    body: await createScimGroup(caller, body, baseUrl, now),
  }),
);
