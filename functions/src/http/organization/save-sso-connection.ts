import { requireOrganizationOwner } from '../../services/organizations/organization-owner';
import { saveConnection } from '../../services/organizations/sso-connections';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { organizationSignInRoutes } from '@expiry-radar/shared/api/routes/organization-sign-in-routes';

/** `PUT /api/organization/sso`: the organization's OpenID Connect connection. */
export const handler = createHttpHandler(
  organizationSignInRoutes.saveSsoConnection,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    requireOrganizationOwner(user);
    return { body: await saveConnection(user, body, now) };
  },
);
