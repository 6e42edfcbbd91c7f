import { addDomain } from '../../services/organizations/organization-domains';
import { requireOrganizationOwner } from '../../services/organizations/organization-owner';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { organizationSignInRoutes } from '@expiry-radar/shared/api/routes/organization-sign-in-routes';

/** `POST /api/organization/domains`: a domain to verify, with the TXT record to publish. */
export const handler = createHttpHandler(
  organizationSignInRoutes.addOrganizationDomain,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    requireOrganizationOwner(user);
    return { status: 201, body: await addDomain(user, body.domain, now) };
  },
);
