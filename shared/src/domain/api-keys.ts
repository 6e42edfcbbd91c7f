/**
 * API keys: a user's secret for scripts, sent as `Authorization: Bearer er_…`. A key acts as its
 * user within its scope (one workspace, or all of the user's), read-only or read-write, until it
 * expires or is revoked. Which calls a key may make is written per route in the route table
 * (`apiKey`); `apiKeyRefusal` is the one place that reads it.
 */
import { countText } from './count-text';
import { beyondLimit, type Limit } from './plans';

/** Every key's secret starts with this, so scanners and people recognise it. */
export const API_KEY_PREFIX = 'er_';
/** Random bytes of a secret (base64url after the prefix). */
export const API_KEY_SECRET_BYTES = 32;
/** The latest expiry a new key may have, counted from the day it is created. */
export const API_KEY_MAX_LIFETIME_DAYS = 365;
/** The expiry the create dialog proposes. */
export const API_KEY_DEFAULT_LIFETIME_DAYS = 90;
/** Requests one key may make per minute. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
/** A key's `last used` is written at most this often, not on every request. */
export const API_KEY_LAST_USED_RESOLUTION_SECONDS = 60;
/** The name of the token each key gets in the inventory, so its expiry is alerted on. */
export const apiKeyTokenName = (keyName: string) => `API key: ${keyName}`;

export const API_KEY_ACCESS = ['read', 'read_write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

export const API_KEY_ACCESS_LABELS: Record<ApiKeyAccess, string> = {
  read: 'Read-only',
  read_write: 'Read and write',
};

/**
 * Which keys a route takes. `workspace`: any key; the route reaches workspaces only through the
 * workspace access check, which confines a key scoped to one workspace to that one (lists show
 * only it). `allWorkspaces`: only keys scoped to all of the user's workspaces (the call acts
 * beyond one workspace). A route without it refuses every key.
 */
export type RouteApiKeyScope = 'workspace' | 'allWorkspaces';

/** What a request's key allows, as the HTTP pipeline learns it from the stored key. */
export interface ApiKeyGrant {
  /** Null: all of the user's workspaces. */
  readonly workspaceId: string | null;
  readonly access: ApiKeyAccess;
}

export const API_KEY_MESSAGES = {
  notForThisRoute: 'API keys cannot be used for this call.',
  needsAllWorkspaces: 'This call needs an API key scoped to all workspaces.',
  readOnly: 'This API key is read-only: it cannot make changes.',
  invalid: 'This API key is not valid: it was revoked or never existed.',
  expired: 'This API key has expired.',
  otherWorkspace: 'This API key is scoped to another workspace.',
  malformedHeader: 'The Authorization header must be "Bearer er_…" with an API key.',
  paused: (limit: number) =>
    `This API key is paused: your plan allows ${countText(limit)} API ${limit === 1 ? 'key' : 'keys'}. Revoke a key or upgrade to use it again.`,
} as const;

/** What deciding which keys are paused reads of a key. */
export interface RankedApiKey {
  readonly id: string;
  readonly createdAt: string;
  readonly expiresOn: string;
}

/**
 * The ids of the keys beyond the user's plan's limit (after a downgrade): of the keys that have
 * not expired (as when creating one, expired keys do not count), the oldest are kept.
 */
export function pausedApiKeyIds(
  keys: readonly RankedApiKey[],
  limit: Limit,
  now: Date,
): Set<string> {
  const live = keys
    .filter((key) => apiKeyExpiresAt(key.expiresOn).getTime() > now.getTime())
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return new Set(beyondLimit(live, limit).map((key) => key.id));
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Why a key may not call a route (a 403's message), or null when it may. */
export function apiKeyRefusal(
  route: { readonly method: string; readonly apiKey?: RouteApiKeyScope },
  grant: ApiKeyGrant,
): string | null {
  if (route.apiKey === undefined) return API_KEY_MESSAGES.notForThisRoute;
  if (route.apiKey === 'allWorkspaces' && grant.workspaceId !== null) {
    return API_KEY_MESSAGES.needsAllWorkspaces;
  }
  if (!READ_METHODS.has(route.method) && grant.access !== 'read_write') {
    return API_KEY_MESSAGES.readOnly;
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The latest expiry date a key created at `now` may have. */
export function latestApiKeyExpiry(now: Date): string {
  return utcDate(new Date(now.getTime() + API_KEY_MAX_LIFETIME_DAYS * DAY_MS));
}

/** The expiry the create dialog proposes for a key created at `now`. */
export function defaultApiKeyExpiry(now: Date): string {
  return utcDate(new Date(now.getTime() + API_KEY_DEFAULT_LIFETIME_DAYS * DAY_MS));
}

/** A key stops working at 00:00 UTC of its expiry date. */
export function apiKeyExpiresAt(expiryDate: string): Date {
  return new Date(`${expiryDate}T00:00:00.000Z`);
}
