import { generateSecret } from '../../data/secret-hash';
import { CSRF_COOKIE, serializeCookie } from '../pipeline/cookies';
import { createHttpHandler } from '../pipeline/create-http-handler';

/**
 * `GET /api/csrf-token`: the token to echo in X-CSRF-Token. An existing token is kept, so
 * several tabs asking at once do not invalidate each other's token.
 */
export const handler = createHttpHandler('getCsrfToken', ({ cookies, secureCookies }) => {
  const csrfToken = cookies[CSRF_COOKIE] || generateSecret();
  return {
    body: { csrfToken },
    cookies: [serializeCookie(CSRF_COOKIE, csrfToken, { secure: secureCookies })],
  };
});
