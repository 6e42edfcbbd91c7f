import { removeDomain } from '../../services/organizations/organization-domains';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { organizationSignInRoutes } from '@expiry-radar/shared/api/routes/organization-sign-in-routes';

/**
 * `DELETE /api/organization/domains/{domain}`: removes a domain and its claim. Allowed on any
 * plan, so an owner who left Team can still release a domain for another organization.
 */
export const handler = createHttpHandler(
  organizationSignInRoutes.removeOrganizationDomain,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    await removeDomain(user, params.domain, now);
    return { body: { ok: true as const } };
  },
);
