import { GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS } from '../../domain/account-policy';
import { serializeCookie } from './cookies';

/** Binds a Google sign-in to the browser that started it (the state is also kept server-side). */
export const GOOGLE_STATE_COOKIE = 'er_google_state';

export function googleStateCookie(state: string, secure: boolean): string {
  return serializeCookie(GOOGLE_STATE_COOKIE, state, {
    maxAgeSeconds: GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS,
    secure,
  });
}

export function clearedGoogleStateCookie(secure: boolean): string {
  return serializeCookie(GOOGLE_STATE_COOKIE, '', { maxAgeSeconds: 0, secure });
}
