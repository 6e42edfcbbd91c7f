import { SESSION_COOKIE, serializeCookie } from './cookies';
import { csrfCookie, sessionCsrfToken } from './csrf-token';
import type { NewSession } from '../../data/session-records';

export function sessionCookie(session: NewSession, now: Date, secure: boolean): string {
  const maxAgeSeconds = Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000);
  return serializeCookie(SESSION_COOKIE, session.sessionId, { maxAgeSeconds, secure });
}

/**
 * The cookies of a sign-in (password, registration, Google, any later step that starts a
 * session): the new session and its CSRF token, which replaces the signed-out one. The web
 * client's next write with the old token gets 403 EBADCSRFTOKEN, fetches the new one and retries.
 */
export function signInCookies(session: NewSession, now: Date, secure: boolean): string[] {
  return [
    sessionCookie(session, now, secure),
    csrfCookie(sessionCsrfToken(session.sessionId), secure),
  ];
}

export function clearedSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure });
}
