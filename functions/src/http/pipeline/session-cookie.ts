import { SESSION_COOKIE, serializeCookie } from './cookies';
import type { NewSession } from '../../data/session-records';

export function sessionCookie(session: NewSession, now: Date, secure: boolean): string {
  const maxAgeSeconds = Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000);
  return serializeCookie(SESSION_COOKIE, session.sessionId, { maxAgeSeconds, secure });
}

export function clearedSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure });
}
