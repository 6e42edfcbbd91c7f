/**
 * The values CloudFront may send as its origin secret, read from Secrets Manager: the current
 * version and, during a rotation, the previous one (until the distribution sends the new value).
 * Read once per container and again after ORIGIN_SECRET_CACHE_MS, so a rotation reaches warm
 * functions without a redeploy.
 */
import {
  getSecretVersionValues,
  resetSecretVersionsCacheForTests,
  SECRET_VERSIONS_CACHE_MS,
} from './secret-versions';

export const ORIGIN_SECRET_CACHE_MS = SECRET_VERSIONS_CACHE_MS;

export function getOriginSecretValues(
  secretArn: string,
  now: number = Date.now(),
): Promise<readonly string[]> {
  return getSecretVersionValues(secretArn, now);
}

export function resetOriginSecretCacheForTests(): void {
  resetSecretVersionsCacheForTests();
}
