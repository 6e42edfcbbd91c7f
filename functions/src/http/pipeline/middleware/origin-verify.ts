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
  prefetchInLambda();
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

/**
 * In Lambda, the secret's read starts as the function loads: its round trip then overlaps the
 * rest of the initialisation and the wait for the first event, instead of holding up the first
 * request. A failed read is not kept (secret-versions), so that request reads it again.
 */
function prefetchInLambda(): void {
  if (!process.env.AWS_EXECUTION_ENV) return;
  const secretArn = getConfig().originVerifySecretArn;
  if (secretArn) getOriginSecretValues(secretArn).catch(() => {});
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
