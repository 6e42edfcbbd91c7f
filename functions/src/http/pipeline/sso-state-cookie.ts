import { GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS } from '../../domain/account-policy';
import { serializeCookie } from './cookies';

/** Binds an SSO sign-in to the browser that started it (the state is also kept server-side). */
export const SSO_STATE_COOKIE = 'er_sso_state';

export function ssoStateCookie(state: string, secure: boolean): string {
  return serializeCookie(SSO_STATE_COOKIE, state, {
    maxAgeSeconds: GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS,
    secure,
  });
}

export function clearedSsoStateCookie(secure: boolean): string {
  return serializeCookie(SSO_STATE_COOKIE, '', { maxAgeSeconds: 0, secure });
}
