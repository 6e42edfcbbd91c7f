/**
 * The rate limits of the account flows, as the handlers apply them: a refusal is a 429 that says
 * how long to wait (RateLimitedError: `Retry-After` and `details`).
 */
import {
  accountAndClientSubject,
  accountSignInLimitMessage,
  RATE_LIMITS,
  type RateLimitRule,
} from '../../domain/account-policy';
import { clearRateLimit, refundRateLimit, takeRateLimit } from '../../data/rate-limiter';
import { RateLimitedError } from '../../platform/app-error';

export type RateLimitCheck = readonly [rule: RateLimitRule, subject: string];

/** Takes each limit in turn; the first that refuses throws (later ones are then not counted). */
export async function enforceRateLimits(
  checks: readonly RateLimitCheck[],
  now: Date,
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  for (const [rule, subject] of checks) {
    const decision = await takeRateLimit(rule, subject, now);
    if (!decision.allowed) {
      throw new RateLimitedError(decision.retryAfterSeconds, message?.(decision.retryAfterSeconds));
    }
  }
}

/**
 * Before a link email goes to `address`: the address's cooldown first (a second click within
 * it costs nothing else), then the asker's own limit (`actor`: the session's user or the
 * client's address), then the address's hourly limit, so strangers cannot flood an address.
 */
export function limitLinkEmail(actor: RateLimitCheck, address: string, now: Date): Promise<void> {
  return enforceRateLimits(
    [
      [RATE_LIMITS.linkEmailCooldownPerAddress, address],
      actor,
      [RATE_LIMITS.linkEmailsPerAddress, address],
    ],
    now,
  );
}

/**
 * Who checks a password: someone signing in from a client address, or a signed-in user
 * confirming a change (only that session can run up its failures).
 */
export type PasswordChecker = { readonly ip: string } | { readonly userId: string };

function failureRun(email: string, checker: PasswordChecker): RateLimitCheck {
  return 'ip' in checker
    ? [RATE_LIMITS.loginPerAccountAndIp, accountAndClientSubject(email, checker.ip)]
    : [RATE_LIMITS.currentPasswordPerUser, checker.userId];
}

/**
 * Before checking a password of the account with this address: counts the attempt in the
 * checker's own run of failures, then for the account from anywhere. Refused by the
 * account-wide limit, the message says the limit is the account's, so its owner knows to wait
 * or reset the password.
 */
export async function startPasswordCheck(
  email: string,
  checker: PasswordChecker,
  now: Date,
): Promise<void> {
  await enforceRateLimits([failureRun(email, checker)], now);
  await enforceRateLimits([[RATE_LIMITS.loginPerAccount, email]], now, accountSignInLimitMessage);
}

/** The password was right: the checker's run of failures ends, and the attempt is no failure. */
export async function passwordCheckSucceeded(
  email: string,
  checker: PasswordChecker,
  now: Date,
): Promise<void> {
  const [rule, subject] = failureRun(email, checker);
  await clearRateLimit(rule, subject);
  await refundRateLimit(RATE_LIMITS.loginPerAccount, email, now);
}

/** A new password through a reset link: earlier failures no longer matter. */
export async function forgetPasswordFailures(email: string, ip: string): Promise<void> {
  await clearRateLimit(RATE_LIMITS.loginPerAccountAndIp, accountAndClientSubject(email, ip));
  await clearRateLimit(RATE_LIMITS.loginPerAccount, email);
}
