import { listOrganizationDomains } from '../../data/organization-sign-in-records';
import { AppError } from '../../platform/app-error';
import { requireOrganizationOwner } from '../../services/organizations/organization-owner';
import { createScimToken } from '../../services/scim/scim-tokens';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { scimSettingsRoutes } from '@expiry-radar/shared/api/routes/scim-settings-routes';

export const VERIFY_DOMAIN_FIRST_MESSAGE =
  'Verify a domain before turning on SCIM provisioning: the people it creates must be in a verified domain.';

/**
 * `POST /api/organization/scim/token`: makes the organization's SCIM token (Team and Enterprise
 * owners with a verified domain), replacing the one before; the answer is the only time it shows.
 */
export const handler = createHttpHandler(
  scimSettingsRoutes.createScimToken,
  async ({ session, now }) => {
    const { user } = requireSession(session);
    requireOrganizationOwner(user);
    const domains = await listOrganizationDomains(user.id);
    if (!domains.some((domain) => domain.verifiedAt)) {
      throw new AppError('VALIDATION_ERROR', VERIFY_DOMAIN_FIRST_MESSAGE);
    }
    return { status: 201, body: await createScimToken(user, now) };
  },
);
