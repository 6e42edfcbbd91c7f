import { listScimGroupsPage } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';
import { scimRoutes } from '@expiry-radar/shared/api/routes/scim-routes';

/** `GET /scim/v2/Groups?filter=displayName eq "…"&excludedAttributes=members`. */
export const handler = createScimHandler(
  scimRoutes.scimListGroups,
  async ({ caller, filter, page, withMembers, baseUrl }) => ({
    body: await listScimGroupsPage(caller, filter, page, withMembers, baseUrl),
  }),
);
