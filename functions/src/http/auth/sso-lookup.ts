import { connectionForAddress, ssoRequiredFor } from '../../services/organizations/sso-connections';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { ssoRoutes } from '@expiry-radar/shared/api/routes/sso-routes';

/**
 * `POST /auth/sso/lookup`: whether an address's domain signs in through an SSO connection (a
 * verified domain is public knowledge: its TXT record says so), and whether it must.
 */
export const handler = createHttpHandler(ssoRoutes.ssoLookup, async ({ body }) => {
  const found = await connectionForAddress(body.email);
  if (!found) return { body: { sso: false, required: false, sign_in_url: null } };
  return {
    body: {
      sso: true,
      required: await ssoRequiredFor(body.email),
      sign_in_url: `/auth/sso?${new URLSearchParams({ email: body.email }).toString()}`,
    },
  };
});
