/**
 * CSRF tokens. Signed out, a random token lives in the CSRF cookie and every write echoes it in
 * X-CSRF-Token (double submit). Signed in, the one valid token is the session's own, derived from
 * the session id, so a token set or learned before sign-in, or another session's, is refused;
 * every sign-in starts a new session and so a new token.
 */
import { createHmac } from 'node:crypto';
import { serializeCookie } from './cookies';

export const CSRF_HEADER = 'x-csrf-token';

/** The signed-out CSRF token's cookie (`__Host-er_csrf` over https: `hostCookieName`). */
export const CSRF_COOKIE = 'er_csrf';

/**
 * The CSRF token of a signed-in session: an HMAC keyed with the session id, which only the
 * session's browser holds (HttpOnly cookie). It cannot be computed without the session id and
 * does not reveal it; the same for every tab of the session.
 */
export function sessionCsrfToken(sessionId: string): string {
  return createHmac('sha256', sessionId).update('expiry-radar csrf token').digest('base64url');
}

export function csrfCookie(token: string, secure: boolean): string {
  return serializeCookie(CSRF_COOKIE, token, { secure });
}
