import { createHash, timingSafeEqual } from 'node:crypto';
import { getOriginSecretValues } from '../../../adapters/origin-verify-secret';
import { AppError } from '../../../platform/app-error';
import { getConfig } from '../../../platform/config';
import type { HttpMiddleware } from '../http-types';

/** The header CloudFront adds to every request it sends to the API (its value is the secret). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * In AWS the API must be reached through CloudFront only: its own execute-api URL would bypass
 * the edge (security headers, WAF, the viewer address the rate limits count). CloudFront sends
 * a secret header; a request without the current (or, mid-rotation, the previous) value is
 * refused with 403 before anything else runs. Without a configured secret (locally, in tests)
 * every request passes.
 */
export function originVerify(): HttpMiddleware {
  return {
    before: async ({ event }) => {
      const secretArn = getConfig().originVerifySecretArn;
      if (!secretArn) return;
      const presented = event.headers[ORIGIN_VERIFY_HEADER];
      const accepted = await getOriginSecretValues(secretArn);
      if (!presented || !matchesAny(presented, accepted)) throw new AppError('FORBIDDEN');
    },
  };
}

/** Compares digests, so the time taken says nothing about the value or its length. */
function matchesAny(presented: string, accepted: readonly string[]): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const presentedDigest = digest(presented);
  let matched = false;
  for (const value of accepted) {
    matched = timingSafeEqual(presentedDigest, digest(value)) || matched;
  }
  return matched;
}
