/**
 * Where to land after signing in (`redirect` of `GET /auth/google`): only a path of the web app
 * on its own origin. Browsers read `\` as `/` and drop tabs and newlines inside URLs, so
 * `/\evil.example` and `/<tab>/evil.example` are `//evil.example`, another site: such input is
 * refused before it is parsed, and what remains must parse to the app's own origin.
 */

/** Any base works: only whether the parsed URL keeps it matters. */
const APP_BASE = 'https://app.invalid';

/** Server routes, not pages of the app. */
const NON_APP_PREFIXES = ['/api/', '/auth/'];

export const REDIRECT_MAX_LENGTH = 500;
export const INVALID_REDIRECT_MESSAGE = 'Redirect must be a path of this app';

/**
 * The redirect as a same-origin app path (`/dashboard?workspace=x`), normalised as the browser
 * will read it; undefined when it is not one.
 */
export function appRedirectPath(redirect: string | null | undefined): string | undefined {
  if (typeof redirect !== 'string' || redirect.length > REDIRECT_MAX_LENGTH) return undefined;
  if (!redirect.startsWith('/') || redirect.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(redirect)) return undefined;
  let url: URL;
  try {
    url = new URL(redirect, APP_BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== APP_BASE) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  const lower = url.pathname.toLowerCase();
  if (
    NON_APP_PREFIXES.some((prefix) => lower === prefix.slice(0, -1) || lower.startsWith(prefix))
  ) {
    return undefined;
  }
  return path;
}
