import { TWO_FACTOR_SIGN_IN_LIFETIME_SECONDS } from '../../domain/account-policy';
import { serializeCookie } from './cookies';

/**
 * The pending sign-in between the first step (password or Google) and the code: its own cookie,
 * which only `POST /auth/two-factor` reads. It is no session: every other route ignores it.
 */
export const TWO_FACTOR_COOKIE = 'er_two_factor';

export function twoFactorCookie(challengeId: string, secure: boolean): string {
  return serializeCookie(TWO_FACTOR_COOKIE, challengeId, {
    maxAgeSeconds: TWO_FACTOR_SIGN_IN_LIFETIME_SECONDS,
    secure,
  });
}

export function clearedTwoFactorCookie(secure: boolean): string {
  return serializeCookie(TWO_FACTOR_COOKIE, '', { maxAgeSeconds: 0, secure });
}
