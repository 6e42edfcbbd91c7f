/**
 * Turning two-factor authentication on: a new secret, sealed and kept as pending, shown once as
 * a QR code and as text; then a code from the app confirms it, which turns it on and hands out
 * the recovery codes (only their hashes are kept). Starting again before confirming replaces the
 * pending secret; a pending secret not confirmed within 15 minutes can no longer be.
 */
import {
  addSeconds,
  RATE_LIMITS,
  TWO_FACTOR_ENROLMENT_LIFETIME_SECONDS,
} from '../../domain/account-policy';
import { matchTotpStep, newTotpSecret, totpUri } from '../../domain/totp';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  enableTwoFactor,
  findTwoFactor,
  savePendingTwoFactor,
} from '../../data/two-factor-records';
import type { UserRecord } from '../../data/user-records';
import { AppError, badRequest } from '../../platform/app-error';
import { recordAccountEvent } from '../accounts/account-audit';
import { enforceRateLimits } from '../accounts/account-rate-limits';
import { qrCodeDataUrl } from './qr-code';
import { newRecoveryCodeSet } from './recovery-code-set';
import { openTotpSecret, sealTotpSecret } from './totp-secrets';

export const ALREADY_ON_MESSAGE = 'Two-factor authentication is already on.';
export const NO_ENROLMENT_MESSAGE =
  'This setup has expired or was replaced. Start setting up two-factor authentication again.';

type Account = Pick<UserRecord, 'id' | 'email' | 'plan'>;

export interface Enrolment {
  readonly secret: string;
  readonly otpauthUri: string;
  readonly qrCodeDataUrl: string;
}

/** A new pending secret (409 when two-factor authentication is on already). */
export async function startEnrolment(user: Account, now: Date): Promise<Enrolment> {
  await enforceRateLimits([[RATE_LIMITS.twoFactorEnrolmentPerUser, user.id]], now);
  const secret = newTotpSecret();
  const sealed = await sealTotpSecret(secret, user.id);
  const expiresAt = addSeconds(now, TWO_FACTOR_ENROLMENT_LIFETIME_SECONDS);
  if (!(await savePendingTwoFactor(user.id, sealed, expiresAt, now))) {
    throw new AppError('CONFLICT', ALREADY_ON_MESSAGE);
  }
  const uri = totpUri(secret, user.email);
  return { secret, otpauthUri: uri, qrCodeDataUrl: await qrCodeDataUrl(uri) };
}

/** Turns it on with a code of the pending secret; the recovery codes to show once. */
export async function confirmEnrolment(
  user: Account,
  code: string,
  now: Date,
): Promise<readonly string[]> {
  await enforceRateLimits([[RATE_LIMITS.twoFactorEnrolmentPerUser, user.id]], now);
  const pending = await findTwoFactor(user.id);
  if (pending?.status === 'enabled') throw new AppError('CONFLICT', ALREADY_ON_MESSAGE);
  if (
    !pending ||
    pending.pendingExpiresAt === null ||
    Date.parse(pending.pendingExpiresAt) <= now.getTime()
  ) {
    throw badRequest(NO_ENROLMENT_MESSAGE);
  }
  const secret = await openTotpSecret(pending.encryptedSecret, user.id);
  const step = matchTotpStep(secret, code, now);
  if (step === undefined) throw new AppError('INVALID_TWO_FACTOR_CODE');

  const recoveryCodes = newRecoveryCodeSet();
  const enabled = await enableTwoFactor({
    userId: user.id,
    encryptedSecret: pending.encryptedSecret,
    step,
    recoveryCodeHashes: recoveryCodes.hashes,
    now,
  });
  if (!enabled) throw badRequest(NO_ENROLMENT_MESSAGE);
  await recordAccountEvent(user, AUDIT_ACTIONS.twoFactorEnabled, now, { method: 'totp' });
  return recoveryCodes.codes;
}
