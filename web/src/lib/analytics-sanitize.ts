/**
 * What analytics may see: no identifying query parameters, ids in paths replaced by
 * `:id`, and workspace ids redacted from event properties.
 */
export const SENSITIVE_QUERY_PARAMS = [
  'workspace',
  'workspace_id',
  'ws',
  'token',
  'email',
  'user',
  'session_id',
  // An invitation email link's id (with the address, it reads the invitation's names).
  'invitation',
];

export const REDACTED_PROPERTIES = ['workspace', 'workspace_id'];
export const REDACTED = '[redacted]';

const UUID_LIKE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const LONG_NUMBER = /^\d{6,}$/;

/** `/api/tokens/0f8fad5b-d9cb-469f-a165-70867728950e` -> `/api/tokens/:id`. */
export function sanitizePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Keep a malformed segment as it is.
      }
      return UUID_LIKE.test(decoded) || LONG_NUMBER.test(decoded) ? ':id' : segment;
    })
    .join('/');
}

/** Removes the sensitive query parameters and ids of a URL; absolute or path-only. */
export function sanitizeUrl(value: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return value;
  }
  for (const name of SENSITIVE_QUERY_PARAMS) url.searchParams.delete(name);
  url.pathname = sanitizePath(url.pathname);
  const rest = `${url.pathname}${url.search}${url.hash}`;
  return absolute ? `${url.origin}${rest}` : rest;
}

function looksLikeUrl(key: string, value: string): boolean {
  return (
    /url|referrer|pathname|href/i.test(key) ||
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
    value.startsWith('/')
  );
}

export type Properties = Record<string, unknown>;

/** Sanitizes every URL-like value and redacts workspace ids, recursively. */
export function sanitizeProperties(properties: Properties): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (REDACTED_PROPERTIES.includes(key) && value !== null && value !== undefined) {
      out[key] = REDACTED;
    } else if (typeof value === 'string' && looksLikeUrl(key, value)) {
      out[key] = sanitizeUrl(value);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = sanitizeProperties(value as Properties);
    } else {
      out[key] = value;
    }
  }
  return out;
}

export interface AnalyticsEvent {
  event: string;
  properties: Properties;
  $set?: Properties;
  $set_once?: Properties;
}

/** The `before_send` hook: every event leaves scrubbed. */
export function sanitizeEvent<E extends AnalyticsEvent>(event: E): E {
  return {
    ...event,
    properties: sanitizeProperties(event.properties ?? {}),
    ...(event.$set ? { $set: sanitizeProperties(event.$set) } : {}),
    ...(event.$set_once ? { $set_once: sanitizeProperties(event.$set_once) } : {}),
  };
}
