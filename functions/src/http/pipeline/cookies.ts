/** Reading the Cookie header and writing Set-Cookie values with the product's defaults. */
import { HOST_COOKIE_PREFIX, SESSION_COOKIE_NAME } from '@expiry-radar/shared/api/api-credentials';

export const SESSION_COOKIE = SESSION_COOKIE_NAME;

/**
 * The name a product cookie goes by in the browser. Where cookies are Secure (https) it carries
 * the `__Host-` prefix: the browser then accepts the cookie only from this host, over https, with
 * Path=/ and no Domain, so neither a sibling subdomain nor an http page can set or shadow it
 * (a planted session or CSRF cookie). On http://localhost, where a `__Host-` cookie cannot be set,
 * the plain name.
 */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `${HOST_COOKIE_PREFIX}${name}` : name;
}

/**
 * The request's product cookies under their plain names. Where cookies are Secure only the
 * `__Host-` ones count: a cookie without the prefix may have been set by another host.
 */
export function readProductCookies(
  cookieHeaders: readonly string[] | undefined,
  secure: boolean,
): Record<string, string> {
  const cookies = parseCookies(cookieHeaders);
  if (!secure) return cookies;
  const hostBound: Record<string, string> = {};
  for (const [name, value] of Object.entries(cookies)) {
    if (!name.startsWith(HOST_COOKIE_PREFIX)) continue;
    hostBound[name.slice(HOST_COOKIE_PREFIX.length)] = value;
  }
  return hostBound;
}

export function parseCookies(cookieHeaders: readonly string[] | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const header of cookieHeaders ?? []) {
    for (const rawPair of header.split(';')) {
      const pair = rawPair.trim();
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const rawValue = pair.slice(separator + 1).trim();
      if (!(name in cookies)) cookies[name] = safeDecode(rawValue);
    }
  }
  return cookies;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface CookieOptions {
  /** Seconds; omitted means a browser-session cookie, 0 deletes the cookie. */
  readonly maxAgeSeconds?: number;
  /** Secure is left off only on localhost, where browsers serve http. */
  readonly secure: boolean;
  /**
   * Sent back on another site's form post too (SameSite=None), for a sign-in whose provider
   * answers with one. Such a cookie is always Secure: browsers refuse SameSite=None without it,
   * and accept Secure from http://localhost.
   */
  readonly crossSitePost?: boolean;
}

/**
 * A product cookie (named as `hostCookieName` says), HttpOnly and SameSite=Lax (or None, see
 * `crossSitePost`) for the whole site.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${hostCookieName(name, options.secure)}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    options.crossSitePost ? 'SameSite=None' : 'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure || options.crossSitePost) parts.push('Secure');
  return parts.join('; ');
}

/** True unless the request reached us on localhost (the local runtime over plain http). */
export function shouldUseSecureCookies(host: string | undefined): boolean {
  if (!host) return true;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  return !(hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}
