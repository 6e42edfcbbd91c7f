/**
 * How a caller proves who they are, named once for the server, the web and the API description:
 * the session cookie that sign-in sets, and the CSRF header every POST, PUT, PATCH and DELETE of a
 * session must carry (its value from `GET /api/csrf-token`).
 */
export const SESSION_COOKIE_NAME = 'er_session';
/**
 * Over https (deployed) every cookie the product sets carries this prefix: the browser accepts
 * such a cookie only from the app's own host, over https, with Path=/ and no Domain. The session
 * cookie is there `__Host-er_session`; the local runtime on http://localhost uses the plain names.
 */
export const HOST_COOKIE_PREFIX = '__Host-';
export const CSRF_HEADER_NAME = 'X-CSRF-Token';
/** Personal API keys, sent as `Authorization: Bearer er_…`, start with this. */
export { API_KEY_PREFIX } from '../domain/api-keys';
