/**
 * Google sign-in through openid-client: discovery, authorization code flow with state, PKCE (S256)
 * and nonce, ID token validation. The issuer is configurable so tests can use a mock server;
 * plain http is allowed only for such a local issuer.
 */
import type * as Oidc from 'openid-client';
import { loadOpenIdClient } from './openid-client-loader';
import { openIdAuthorizationRequest, openIdTokenClaims } from './openid-code-flow';
import type {
  GoogleAuthorizationRequest,
  GoogleIdentity,
  GoogleIdentityProvider,
} from '../domain/google-identity';
import type { GoogleSignInConfig } from '../platform/config';
import { resolveAppOrigin } from './app-origin';
import { getGoogleClientSecret } from './google-client-secret';

const SCOPE = 'openid email profile';

let cachedConfiguration: { key: string; configuration: Promise<Oidc.Configuration> } | undefined;

function isLocalHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

async function discover(google: GoogleSignInConfig): Promise<Oidc.Configuration> {
  const clientId = google.clientId;
  if (!clientId) throw new Error('Google sign-in is not configured');
  const clientSecret = await getGoogleClientSecret(google);
  return loadOpenIdClient().discovery(
    new URL(google.issuer),
    clientId,
    clientSecret,
    undefined,
    isLocalHttp(google.issuer)
      ? { execute: [loadOpenIdClient().allowInsecureRequests] }
      : undefined,
  );
}

/** Discovery once per container (and per issuer and client, which only tests change). */
function getConfiguration(google: GoogleSignInConfig): Promise<Oidc.Configuration> {
  const key = `${google.issuer} ${google.clientId ?? ''}`;
  if (cachedConfiguration?.key !== key) {
    const configuration = discover(google);
    cachedConfiguration = { key, configuration };
    configuration.catch(() => {
      if (cachedConfiguration?.configuration === configuration) cachedConfiguration = undefined;
    });
  }
  return cachedConfiguration.configuration;
}

/** Where Google returns: GOOGLE_REDIRECT_URI, else the app's own callback route. */
export async function googleRedirectUri(google: GoogleSignInConfig): Promise<string> {
  return google.redirectUri ?? `${await resolveAppOrigin()}/auth/google/callback`;
}

export function googleOpenIdProvider(google: GoogleSignInConfig): GoogleIdentityProvider {
  return {
    async startAuthorization(): Promise<GoogleAuthorizationRequest> {
      return openIdAuthorizationRequest(
        await getConfiguration(google),
        { redirect_uri: await googleRedirectUri(google), scope: SCOPE },
        { prompt: 'select_account' },
      );
    },

    async completeAuthorization(callbackUrl, expected): Promise<GoogleIdentity> {
      const claims = await openIdTokenClaims(
        await getConfiguration(google),
        callbackUrl,
        expected,
        'Google returned no ID token',
      );
      const text = (value: unknown) =>
        typeof value === 'string' && value !== '' ? value : undefined;
      return {
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}
