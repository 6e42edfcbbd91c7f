/**
 * Checks the API key of a `Bearer er_…` request: known (by the SHA-256 of the secret, read
 * consistently, so a revoked key fails at once), not expired, allowed on the route, within its
 * rate limit, not paused by a downgrade; then notes its use (at most once a minute).
 */
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_REQUESTS_PER_MINUTE,
  apiKeyExpiresAt,
  apiKeyRefusal,
  pausedApiKeyIds,
  type RouteApiKeyScope,
} from '@expiry-radar/shared/domain/api-keys';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import {
  findApiKeyBySecretHash,
  findKeyUserWith,
  listApiKeysOfUser,
  noteApiKeyUse,
  type ApiKeyRecord,
} from '../../data/api-key-records';
import { takeRateLimit } from '../../data/rate-limiter';
import { hashSecret } from '../../data/secret-hash';
import type { TableItem, TableKey } from '../../data/table-operations';
import type { UserRecord } from '../../data/user-records';
import type { RateLimitRule } from '../../domain/account-policy';
import { AppError, RateLimitedError } from '../../platform/app-error';

/** Requests per key per minute. */
export const API_KEY_RATE_LIMIT: RateLimitRule = {
  name: 'api-key',
  limit: API_KEY_REQUESTS_PER_MINUTE,
  windowSeconds: 60,
};

const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

/**
 * The API key secret of an Authorization header; undefined without a Bearer header (other
 * schemes are not ours to read). A Bearer header without an `er_…` key is refused (401).
 */
export function bearerSecretOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match) return undefined;
  const secret = match[1];
  if (!secret?.startsWith(API_KEY_PREFIX)) {
    throw new AppError('UNAUTHORIZED', API_KEY_MESSAGES.malformedHeader);
  }
  return secret;
}

/**
 * Refuses a key beyond the plan's limit (kept over a downgrade; the oldest keep working). The
 * user item's count of keys spares the query for everyone within the limit.
 */
async function refuseIfPaused(
  key: ApiKeyRecord,
  user: UserRecord,
  keyCount: number | undefined,
  now: Date,
): Promise<void> {
  const limit = PLAN_LIMITS[user.plan].apiKeysPerUser;
  if (limit === null || (keyCount !== undefined && keyCount <= limit)) return;
  const paused = pausedApiKeyIds(await listApiKeysOfUser(user.id), limit, now);
  if (paused.has(key.id)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.paused(limit));
}

export interface AuthenticatedKey {
  readonly key: ApiKeyRecord;
  readonly user: UserRecord;
  readonly alsoRead: (TableItem | undefined)[];
}

export async function authenticateApiKey(options: {
  secret: string;
  route: { readonly method: string; readonly apiKey?: RouteApiKeyScope };
  now: Date;
  /** Items to read with the key's user (a route's workspace and the user's membership). */
  alsoReadFor: (userId: string) => readonly TableKey[];
}): Promise<AuthenticatedKey> {
  const { route, now } = options;
  // Refused before any read: a route keys may never call says so whatever the key.
  if (route.apiKey === undefined) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notForThisRoute);
  const key = await findApiKeyBySecretHash(hashSecret(options.secret));
  if (!key) throw new AppError('UNAUTHORIZED', API_KEY_MESSAGES.invalid);
  if (apiKeyExpiresAt(key.expiresOn).getTime() <= now.getTime()) {
    throw new AppError('UNAUTHORIZED', `${API_KEY_MESSAGES.expired} (${key.expiresOn})`);
  }
  const refusal = apiKeyRefusal(route, key);
  if (refusal !== null) throw new AppError('FORBIDDEN', refusal);
  const decision = await takeRateLimit(API_KEY_RATE_LIMIT, key.id, now);
  if (!decision.allowed) {
    throw new RateLimitedError(
      decision.retryAfterSeconds,
      `This API key made more than ${API_KEY_REQUESTS_PER_MINUTE} requests in a minute. Please wait and try again.`,
    );
  }
  const found = await findKeyUserWith(key.userId, options.alsoReadFor(key.userId));
  if (!found) throw new AppError('UNAUTHORIZED', API_KEY_MESSAGES.invalid);
  await refuseIfPaused(key, found.user, found.keyCount, now);
  await noteApiKeyUse(key, now);
  return { key, user: found.user, alsoRead: found.alsoRead };
}
