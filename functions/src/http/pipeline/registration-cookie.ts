import { REGISTRATION_WATCH_LIFETIME_SECONDS } from '../../domain/account-policy';
import { serializeCookie } from './cookies';

/**
 * The registration watch (`<accountId>.<secret>`): set by every registration, of a new address or
 * a taken one alike, and read only by `GET /auth/registration`. It is no session: it opens
 * nothing, and tells only whether the account this browser created has verified its address.
 */
export const REGISTRATION_COOKIE = 'er_registration';

export function registrationCookie(watchId: string, secure: boolean): string {
  return serializeCookie(REGISTRATION_COOKIE, watchId, {
    maxAgeSeconds: REGISTRATION_WATCH_LIFETIME_SECONDS,
    secure,
  });
}
