import { listScimGroupsPage } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `GET /scim/v2/Groups?filter=displayName eq "…"&excludedAttributes=members`. */
export const handler = createScimHandler(
  'scimListGroups',
  async ({ caller, filter, page, withMembers, baseUrl }) => ({
    body: await listScimGroupsPage(caller, filter, page, withMembers, baseUrl),
  }),
);
