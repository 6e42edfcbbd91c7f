/** Reading the Cookie header and writing Set-Cookie values with the product's defaults. */
import { SESSION_COOKIE_NAME } from '@expiry-radar/shared/api/api-credentials';

export const SESSION_COOKIE = SESSION_COOKIE_NAME;

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
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** True unless the request reached us on localhost (the local runtime over plain http). */
export function shouldUseSecureCookies(host: string | undefined): boolean {
  if (!host) return true;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  return !(hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}
