import {
  startSsoAuthorization,
  type SsoAuthorizationRequest,
} from '../../adapters/sso-openid-client';
import type { SamlAuthorizationRequest } from '../../adapters/saml-service-provider';
import { saveSsoSignInState } from '../../data/organization-sign-in-records';
import { saveSamlRequest } from '../../data/saml-sign-in-records';
import { generateSecret } from '../../data/secret-hash';
import { logger } from '../../platform/logger';
import {
  connectionForAddress,
  identityProviderOf,
  ssoClientOf,
  type AddressConnection,
} from '../../services/organizations/sso-connections';
import { createHttpHandler } from '../pipeline/create-http-handler';
import type { RouteResponse } from '../pipeline/http-types';
import { samlStateCookie } from '../pipeline/saml-state-cookie';
import { ssoStateCookie } from '../pipeline/sso-state-cookie';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';
import { ssoRoutes } from '@expiry-radar/shared/api/routes/sso-routes';

export const SSO_NOT_SET_UP_REDIRECT = '/login?error=sso_not_set_up';
export const SSO_UNAVAILABLE_REDIRECT = '/login?error=sso_unavailable';

/**
 * `GET /auth/sso?email=`: sends an address of a verified domain to its organization's provider.
 * OpenID Connect: state, PKCE and nonce kept server-side for ten minutes, the state also in a
 * cookie. SAML: an AuthnRequest (HTTP-Redirect binding) whose id and RelayState are kept
 * server-side for ten minutes, the RelayState also in a SameSite=None cookie (the IdP answers with
 * a cross-site form post; pipeline/saml-state-cookie.ts), and the response must answer this
 * request, once.
 */
export const handler = createHttpHandler(
  ssoRoutes.ssoSignIn,
  async ({ query, now, secureCookies }) => {
    const found = await connectionForAddress(query.email);
    if (!found) return { redirectTo: SSO_NOT_SET_UP_REDIRECT };
    const redirect = query.redirect ?? DEFAULT_SIGN_IN_REDIRECT;
    if (found.connection.protocol === 'saml') {
      return startSamlSignIn(found, query.email, redirect, now, secureCookies);
    }
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
        redirect,
      },
      now,
    );
    return { redirectTo: request.url, cookies: [ssoStateCookie(request.state, secureCookies)] };
  },
);

async function startSamlSignIn(
  found: AddressConnection,
  email: string,
  redirect: string,
  now: Date,
  secureCookies: boolean,
): Promise<RouteResponse> {
  const relayState = generateSecret();
  let request: SamlAuthorizationRequest;
  try {
    // Loaded for a SAML connection only: an OIDC sign-in never loads SAML's XML libraries.
    const { startSamlAuthorization } = await import('../../adapters/saml-service-provider');
    request = await startSamlAuthorization(identityProviderOf(found.connection), relayState);
  } catch (error) {
    logger.warn('SAML sign-in could not start', { error: error as Error });
    return { redirectTo: SSO_UNAVAILABLE_REDIRECT };
  }
  await saveSamlRequest(
    relayState,
    { organizationId: found.organizationId, email, requestId: request.requestId, redirect },
    now,
  );
  return { redirectTo: request.url, cookies: [samlStateCookie(relayState, secureCookies)] };
}
