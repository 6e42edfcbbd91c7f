import { generateSecret } from '../../data/secret-hash';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { CSRF_COOKIE, csrfCookie, sessionCsrfToken } from '../pipeline/csrf-token';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';

/**
 * `GET /api/csrf-token`: the token to echo in X-CSRF-Token. Signed in, the session's token;
 * signed out, the CSRF cookie's token if there is one, so several tabs asking at once do not
 * invalidate each other's token, else a new random one.
 */
export const handler = createHttpHandler(
  platformRoutes.getCsrfToken,
  ({ cookies, session, secureCookies }) => {
    const csrfToken = session
      ? sessionCsrfToken(session.sessionId)
      : cookies[CSRF_COOKIE] || generateSecret();
    return { body: { csrfToken }, cookies: [csrfCookie(csrfToken, secureCookies)] };
  },
);
