import { createScimGroup } from '../../services/scim/scim-groups';
import { createScimHandler } from '../pipeline/create-scim-handler';

/** `POST /scim/v2/Groups`: a group and its members (201 with the Group). */
export const handler = createScimHandler(
  'scimCreateGroup',
  async ({ caller, body, baseUrl, now }) => ({
    body: await createScimGroup(caller, body, baseUrl, now),
  }),
);
