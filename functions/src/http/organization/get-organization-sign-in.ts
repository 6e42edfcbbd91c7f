import {
  findSsoConnection,
  listOrganizationDomains,
} from '../../data/organization-sign-in-records';
import { domainView } from '../../services/organizations/organization-domains';
import { organizationAllowed } from '../../services/organizations/organization-owner';
import { connectionView } from '../../services/organizations/sso-connections';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { organizationSignInRoutes } from '@expiry-radar/shared/api/routes/organization-sign-in-routes';

/**
 * `GET /api/organization/sign-in`: the caller's organization's domains and SSO connection, and
 * whether their plan allows them (what a downgrade left is still shown, not used).
 */
export const handler = createHttpHandler(
  organizationSignInRoutes.getOrganizationSignIn,
  async ({ session }) => {
    const { user } = requireSession(session);
    const [domains, connection] = await Promise.all([
      listOrganizationDomains(user.id),
      findSsoConnection(user.id),
    ]);
    return {
      body: {
        allowed: organizationAllowed(user),
        domains: domains.map(domainView),
        connection: connection ? connectionView(connection) : null,
      },
    };
  },
);
