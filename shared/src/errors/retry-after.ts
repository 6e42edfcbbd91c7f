/**
 * A 429 RATE_LIMITED answer says when to try again: the Retry-After header and, for the web, a
 * detail `{ path: 'retryAfterSeconds', message: '<seconds>' }`.
 */
import type { ErrorDetail } from './error-codes';

export const RETRY_AFTER_DETAIL_PATH = 'retryAfterSeconds';

export function retryAfterDetail(seconds: number): ErrorDetail {
  return { path: RETRY_AFTER_DETAIL_PATH, message: String(Math.max(1, Math.ceil(seconds))) };
}

/** The seconds a refused request's details ask to wait, or undefined. */
export function retryAfterSecondsOf(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (path !== RETRY_AFTER_DETAIL_PATH || typeof message !== 'string') continue;
    const seconds = Number(message);
    if (Number.isInteger(seconds) && seconds > 0) return seconds;
  }
  return undefined;
}

/** "about 15 minutes", "about 2 hours", "a few seconds": how long a cooldown lasts, in words. */
export function cooldownText(seconds: number): string {
  if (seconds < 60) return 'a few seconds';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}
