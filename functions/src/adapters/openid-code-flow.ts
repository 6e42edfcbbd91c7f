/**
 * The authorization code flow of both OpenID sign-ins (Google, and single sign-on with any
 * provider): the request carries a fresh state, nonce and PKCE (S256) challenge, and the
 * provider's answer is exchanged and its ID token checked against them.
 */
import type * as Oidc from 'openid-client';
import { loadOpenIdClient } from './openid-client-loader';

export interface OpenIdAuthorizationRequest {
  readonly url: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/**
 * The provider's authorization URL for `where` (redirect URI and scope) and `extra` parameters
 * (a prompt, a login hint), with what its answer is checked against.
 */
export async function openIdAuthorizationRequest(
  configuration: Oidc.Configuration,
  where: { readonly redirect_uri: string; readonly scope: string },
  extra: Readonly<Record<string, string>>,
): Promise<OpenIdAuthorizationRequest> {
  const oidc = loadOpenIdClient();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    ...where,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * The claims of the ID token the provider's answer at `callbackUrl` gives for its code, checked
 * against the request's state, nonce and PKCE verifier. Throws when a check fails, and
 * `noIdToken` when there is no ID token.
 */
export async function openIdTokenClaims(
  configuration: Oidc.Configuration,
  callbackUrl: URL,
  expected: { readonly state: string; readonly nonce: string; readonly codeVerifier: string },
  noIdToken: string,
): Promise<Oidc.IDToken> {
  const tokens = await loadOpenIdClient().authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error(noIdToken);
  return claims;
}
