/**
 * Checking a code of a user's second factor (the sign-in's second step, turning it off, new
 * recovery codes): a code from the app, accepted once for a time step later than the last one
 * used, or an unused recovery code, which is then gone. Every check is counted before it runs
 * (RATE_LIMITS.twoFactorPerUser), so concurrent guesses cannot pass the limit; a right code
 * clears the count, and the 5th wrong one in a row locks the checks for 15 minutes from then
 * (429 with Retry-After). Wrong codes and used recovery codes are written to the user's audit
 * trail.
 */
import { isTotpCode, TWO_FACTOR_LOCK_MINUTES } from '@expiry-radar/shared/domain/two-factor';
import { tryAgainIn } from '@expiry-radar/shared/errors/retry-after';
import { RATE_LIMITS } from '../../domain/account-policy';
import { matchTotpStep } from '../../domain/totp';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { clearRateLimit, lockRateLimit, takeRateLimit } from '../../data/rate-limiter';
import { findTwoFactor, useRecoveryCode, useTotpStep } from '../../data/two-factor-records';
import type { UserRecord } from '../../data/user-records';
import { AppError, RateLimitedError } from '../../platform/app-error';
import { sendSecurityNotice } from '../accounts/account-mail';
import { recordAccountEvent } from '../accounts/account-audit';
import { recoveryCodeHash } from './recovery-code-set';
import { openTotpSecret } from './totp-secrets';

export const CODE_ALREADY_USED_MESSAGE =
  'This code has already been used. Wait for the next code from your authenticator app.';
export const RECOVERY_CODE_INVALID_MESSAGE = 'That recovery code is not valid or has been used.';

/** Why the code is checked: recorded with failures and recovery-code use. */
export type CodePurpose = 'sign_in' | 'disable' | 'recovery_codes';

export interface CodeCheck {
  readonly user: Pick<UserRecord, 'id' | 'email' | 'plan' | 'displayName'>;
  readonly code: string;
  readonly purpose: CodePurpose;
  readonly now: Date;
  /** The client address, for the audit trail. */
  readonly ip?: string;
}

export interface AcceptedCode {
  readonly kind: 'totp' | 'recovery_code';
  /** Recovery codes left after this one (recovery codes only). */
  readonly recoveryCodesRemaining?: number;
}

function lockedMessage(retryAfterSeconds: number): string {
  // Says the wait itself, in the words of every 429, so the web adds none of its own.
  return `Too many wrong codes: two-factor checks are locked. ${tryAgainIn(retryAfterSeconds)}.`;
}

/** Throws 400 INVALID_TWO_FACTOR_CODE (or 429 when locked) unless the code is accepted. */
export async function checkSecondFactor(check: CodeCheck): Promise<AcceptedCode> {
  const { user, now } = check;
  const rule = RATE_LIMITS.twoFactorPerUser;
  const decision = await takeRateLimit(rule, user.id, now);
  if (!decision.allowed) {
    throw new RateLimitedError(
      decision.retryAfterSeconds,
      lockedMessage(decision.retryAfterSeconds),
    );
  }

  const refusal = await acceptOrRefusal(check);
  if (typeof refusal !== 'string') {
    await clearRateLimit(rule, user.id);
    return refusal;
  }

  await recordAccountEvent(user, AUDIT_ACTIONS.twoFactorFailed, now, {
    purpose: check.purpose,
    ...(check.ip ? { ip: check.ip } : {}),
  });
  if (decision.remaining === 0) {
    // The last allowed attempt was wrong: locked for the whole period from now.
    await lockRateLimit(rule, user.id, now);
    throw new RateLimitedError(
      TWO_FACTOR_LOCK_MINUTES * 60,
      lockedMessage(TWO_FACTOR_LOCK_MINUTES * 60),
    );
  }
  throw new AppError('INVALID_TWO_FACTOR_CODE', refusal);
}

/** The accepted code, or the message that says why it was refused. */
async function acceptOrRefusal(check: CodeCheck): Promise<AcceptedCode | string> {
  const { user, code, now } = check;
  const twoFactor = await findTwoFactor(user.id);
  if (!twoFactor || twoFactor.status !== 'enabled') {
    throw new AppError('CONFLICT', 'Two-factor authentication is not on for this account.');
  }
  if (isTotpCode(code)) {
    const secret = await openTotpSecret(twoFactor.encryptedSecret, user.id);
    const step = matchTotpStep(secret, code, now);
    if (step === undefined) return new AppError('INVALID_TWO_FACTOR_CODE').message;
    if (!(await useTotpStep(user.id, step, now))) return CODE_ALREADY_USED_MESSAGE;
    return { kind: 'totp' };
  }
  const hash = recoveryCodeHash(code);
  const remaining = hash === undefined ? undefined : await useRecoveryCode(user.id, hash, now);
  if (remaining === undefined) return RECOVERY_CODE_INVALID_MESSAGE;
  await recordAccountEvent(user, AUDIT_ACTIONS.recoveryCodeUsed, now, {
    purpose: check.purpose,
    remaining,
    ...(check.ip ? { ip: check.ip } : {}),
  });
  await sendSecurityNotice(user, { kind: 'recovery_code_used', codesLeft: remaining });
  return { kind: 'recovery_code', recoveryCodesRemaining: remaining };
}
