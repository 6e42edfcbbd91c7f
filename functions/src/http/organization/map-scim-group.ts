import { requireOrganizationOwner } from '../../services/organizations/organization-owner';
import { mapScimGroup } from '../../services/scim/scim-settings';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { scimSettingsRoutes } from '@expiry-radar/shared/api/routes/scim-settings-routes';

/**
 * `PUT /api/organization/scim/groups/{id}`: maps the group to a workspace the owner owns and a
 * role, or unmaps it; its members' access follows in the same request.
 */
export const handler = createHttpHandler(
  scimSettingsRoutes.mapScimGroup,
  async ({ session, params, body, now }) => {
    const { user } = requireSession(session);
    requireOrganizationOwner(user);
    const mapping =
      body.workspace_id !== null && body.role !== null
        ? { workspaceId: body.workspace_id, role: body.role }
        : null;
    return { body: await mapScimGroup(user, params.id, mapping, now) };
  },
);
