/**
 * Single sign-on through any standards-compliant OpenID provider, with openid-client: issuer
 * discovery, the authorization code flow with state, PKCE (S256) and nonce, and the ID token's
 * checks (signature, issuer, audience, expiry, nonce; the `iss` response parameter where the
 * provider sends it). Every request goes through the SSRF guard of outbound requests
 * (guarded-fetch.ts): https only in production, and no private, local or reserved address at
 * connect time, whatever the issuer's host name resolves to later. Plain http is allowed only for
 * an issuer on this machine outside production (the local provider of `npm start` and the tests).
 */
import type * as Oidc from 'openid-client';
import { loadOpenIdClient } from './openid-client-loader';
import {
  openIdAuthorizationRequest,
  openIdTokenClaims,
  type OpenIdAuthorizationRequest,
} from './openid-code-flow';
import { resolveAppOrigin } from './app-origin';
import { guardedFetch } from './guarded-fetch';

const SCOPE = 'openid email profile';

export interface SsoClient {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export type SsoAuthorizationRequest = OpenIdAuthorizationRequest;

export interface SsoIdentity {
  readonly subject: string;
  /** The address the provider names (email, else an address-shaped preferred_username), lower-cased. */
  readonly email: string | undefined;
  readonly name: string | undefined;
  /** The ID token's `amr` (RFC 8176), e.g. `mfa` when the provider used a second factor. */
  readonly authenticationMethods: readonly string[];
}

function isLocalHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const configurations = new Map<string, Promise<Oidc.Configuration>>();

/** Discovery once per container, issuer and client; a failed one is tried again next time. */
export function discoverProvider(client: SsoClient): Promise<Oidc.Configuration> {
  const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret]);
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = loadOpenIdClient().discovery(
      new URL(client.issuer),
      client.clientId,
      client.clientSecret,
      undefined,
      {
        [loadOpenIdClient().customFetch]: guardedFetch,
        ...(isLocalHttp(client.issuer)
          ? { execute: [loadOpenIdClient().allowInsecureRequests] }
          : {}),
      },
    );
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

export async function ssoRedirectUri(): Promise<string> {
  return `${await resolveAppOrigin()}/auth/sso/callback`;
}

export async function startSsoAuthorization(
  client: SsoClient,
  loginHint: string,
): Promise<SsoAuthorizationRequest> {
  return openIdAuthorizationRequest(
    await discoverProvider(client),
    { redirect_uri: await ssoRedirectUri(), scope: SCOPE },
    { login_hint: loginHint },
  );
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Throws when the response, the code exchange or the ID token fails a check. */
export async function completeSsoAuthorization(
  client: SsoClient,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<SsoIdentity> {
  const claims = await openIdTokenClaims(
    await discoverProvider(client),
    callbackUrl,
    expected,
    'The provider returned no ID token',
  );
  const username = text(claims.preferred_username);
  const email = text(claims.email) ?? (username?.includes('@') ? username : undefined);
  const amr = Array.isArray(claims.amr)
    ? claims.amr.filter((value) => typeof value === 'string')
    : [];
  return {
    subject: claims.sub,
    email: email?.toLowerCase(),
    name: text(claims.name),
    authenticationMethods: amr,
  };
}
