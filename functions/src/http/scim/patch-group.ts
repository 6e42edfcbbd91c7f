import { patchScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `PATCH /scim/v2/Groups/{id}`: rename, members added and removed. */
export const handler = createScimHandler(
  scimRoutes.scimPatchGroup,
  async ({ caller, id, body, baseUrl, now }) => ({
    body: await patchScimGroup(caller, id, body, baseUrl, now),
  }),
);
