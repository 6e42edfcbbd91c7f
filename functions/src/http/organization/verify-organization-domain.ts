import { verifyDomain } from '../../services/organizations/organization-domains';
import { requireOrganizationOwner } from '../../services/organizations/organization-owner';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { organizationSignInRoutes } from '@expiry-radar/shared/api/routes/organization-sign-in-routes';

/** `POST /api/organization/domains/{domain}/verify`: reads the TXT record now. */
export const handler = createHttpHandler(
  organizationSignInRoutes.verifyOrganizationDomain,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    requireOrganizationOwner(user);
    return { body: await verifyDomain(user, params.domain, now) };
  },
);
