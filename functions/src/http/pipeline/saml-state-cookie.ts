import { GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS } from '../../domain/account-policy';
import { serializeCookie } from './cookies';

/**
 * Binds a SAML sign-in to the browser that started it: the RelayState we sent, which the IdP's
 * response must carry back in the same browser. Without it, a response someone obtained for
 * their own account could be posted from any page into another person's browser, signing that
 * person in as them (login CSRF). SameSite=None, since the IdP answers with a cross-site form
 * post, which carries no SameSite=Lax cookie.
 */
export const SAML_STATE_COOKIE = 'er_saml_state';

export function samlStateCookie(relayState: string, secure: boolean): string {
  return serializeCookie(SAML_STATE_COOKIE, relayState, {
    maxAgeSeconds: GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS,
    secure,
    crossSitePost: true,
  });
}

export function clearedSamlStateCookie(secure: boolean): string {
  return serializeCookie(SAML_STATE_COOKIE, '', {
    maxAgeSeconds: 0,
    secure,
    crossSitePost: true,
  });
}
