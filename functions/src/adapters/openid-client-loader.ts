/**
 * openid-client (with oauth4webapi and jose), required on first use: the routes whose modules
 * import the Google and SSO sign-in adapters (sign-in, password reset, the SSO lookup, the Google
 * and SSO sign-ins) answer a request without a session, or with a malformed query, without it
 * (`npm run bench -- cold-starts`).
 */
import type * as OpenIdClient from 'openid-client';

let openIdClient: typeof OpenIdClient | undefined;

export function loadOpenIdClient(): typeof OpenIdClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use (above)
  openIdClient ??= require('openid-client') as typeof OpenIdClient;
  return openIdClient;
}
