/**
 * A 429 answer says when to try again twice: the `Retry-After` header (seconds) and one entry of
 * the error body's `details`, `{ path: 'retryAfterSeconds', message: '<seconds>' }`, which the web
 * reads from the body it already parses.
 */
import type { ErrorDetail } from './error-codes';

export const RETRY_AFTER_DETAIL_PATH = 'retryAfterSeconds';

/** After sending a link email, another one to the same address waits this long. */
export const EMAIL_RESEND_COOLDOWN_SECONDS = 60;

export function retryAfterDetail(seconds: number): ErrorDetail {
  return { path: RETRY_AFTER_DETAIL_PATH, message: String(Math.max(1, Math.ceil(seconds))) };
}

/** The seconds to wait that a refused request's `details` name; undefined when none. */
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

/** "45 s" under two minutes, else whole minutes rounded up ("3 min"). */
export function formatWait(seconds: number): string {
  return seconds < 120 ? `${Math.max(1, Math.ceil(seconds))} s` : `${Math.ceil(seconds / 60)} min`;
}

/**
 * The one way every throttled answer says how long to wait, "Try again in 45 s" or "Try again in
 * 3 min" (without a full stop, so a message can go on: "… or reset your password.").
 */
export function tryAgainIn(seconds: number): string {
  return `Try again in ${formatWait(seconds)}`;
}

/** The throttle message when the wait is known: "Too many requests. Try again in 40 s." */
export function tooManyRequestsFor(seconds: number): string {
  return `Too many requests. ${tryAgainIn(seconds)}.`;
}
