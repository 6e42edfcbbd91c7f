/**
 * Two-factor authentication: time-based one-time passwords (TOTP, RFC 6238) from an
 * authenticator app, and single-use recovery codes for when the app is out of reach.
 */
import * as z from 'zod';

/** Six digits, a new code every 30 seconds: what every authenticator app shows by default. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** The pending sign-in between the password (or Google) and the code lasts this long. */
export const TWO_FACTOR_SIGN_IN_MINUTES = 10;
/** Wrong codes in a row that lock the second step, and for how long. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_LOCK_MINUTES = 15;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app',
  codeOrRecoveryRequired: 'Enter the code from your authenticator app or a recovery code',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  passwordOrCodeRequired: 'Enter your password or a code from your authenticator app',
  passwordRequired: 'Password is required',
} as const;

const CODE_MAX_LENGTH = 64;

/** A code as typed: spaces and dashes do not matter. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** Whether a typed code has the shape of an app's code (six digits) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(code));
}

/** A code from the authenticator app only (confirming an enrolment). */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(CODE_MAX_LENGTH, TWO_FACTOR_MESSAGES.codeFormat)
  .refine(isTotpCode, TWO_FACTOR_MESSAGES.codeFormat);

/** A code from the app or a recovery code (signing in, disabling, new recovery codes). */
export const secondFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeOrRecoveryRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeOrRecoveryRequired)
  .max(CODE_MAX_LENGTH, TWO_FACTOR_MESSAGES.codeOrRecoveryRequired);

/** The page of the sign-in's second step (the web's route; Google sign-in returns there). */
export const TWO_FACTOR_SIGN_IN_PAGE = '/login/two-factor';
