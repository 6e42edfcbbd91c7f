/**
 * Time-based one-time passwords (RFC 6238, through the `otpauth` library): SHA-1, six digits, a
 * 30-second step, as every authenticator app reads an otpauth:// URI by default. A code is
 * accepted for the current step and one step either side (clock drift); the step it matched is
 * returned so that the caller can refuse it a second time.
 */
import { Secret, TOTP } from 'otpauth';
import {
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  normalizeCode,
} from '@expiry-radar/shared/domain/two-factor';

export const TOTP_ISSUER = 'Expiry Radar';
/** Steps either side of the current one that are still accepted. */
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1 keys. */
const SECRET_BYTES = 20;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret, in base32 (what apps accept when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an app reads from the QR code: issuer, account and secret. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totpOf(secretBase32, accountName).toString();
}

/** The time step of an instant. */
export function totpStepAt(at: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() });
}

/** The code of a step's instant (tests, and nothing that answers a caller). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/** The step a typed code matches around `now`, or undefined when it matches none. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | undefined {
  const token = normalizeCode(code);
  if (!/^\d+$/.test(token) || token.length !== TOTP_DIGITS) return undefined;
  const delta = totpOf(secretBase32).validate({
    token,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  return delta === null ? undefined : totpStepAt(now) + delta;
}
