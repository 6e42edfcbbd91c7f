import {
  startSsoAuthorization,
  type SsoAuthorizationRequest,
} from '../../adapters/sso-openid-client';
import { saveSsoSignInState } from '../../data/organization-sign-in-records';
import { logger } from '../../platform/logger';
import { connectionForAddress, ssoClientOf } from '../../services/organizations/sso-connections';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { ssoStateCookie } from '../pipeline/sso-state-cookie';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';

export const SSO_NOT_SET_UP_REDIRECT = '/login?error=sso_not_set_up';
export const SSO_UNAVAILABLE_REDIRECT = '/login?error=sso_unavailable';

/**
 * `GET /auth/sso?email=`: sends an address of a verified domain to its organization's provider
 * (state, PKCE and nonce kept server-side for ten minutes, the state also in a cookie).
 */
export const handler = createHttpHandler('ssoSignIn', async ({ query, now, secureCookies }) => {
  const found = await connectionForAddress(query.email);
  if (!found) return { redirectTo: SSO_NOT_SET_UP_REDIRECT };
  let request: SsoAuthorizationRequest;
  try {
    request = await startSsoAuthorization(await ssoClientOf(found.connection), query.email);
  } catch (error) {
    logger.warn('SSO sign-in could not start', { error: error as Error });
    return { redirectTo: SSO_UNAVAILABLE_REDIRECT };
  }
  await saveSsoSignInState(
    request.state,
    {
      organizationId: found.organizationId,
      email: query.email,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      redirect: query.redirect ?? DEFAULT_SIGN_IN_REDIRECT,
    },
    now,
  );
  return { redirectTo: request.url, cookies: [ssoStateCookie(request.state, secureCookies)] };
});
