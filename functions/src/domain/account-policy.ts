/** Lifetimes and limits of the account flows. */
import { EMAIL_RESEND_COOLDOWN_SECONDS, tryAgainIn } from '@expiry-radar/shared/errors/retry-after';
import {
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_SIGN_IN_MINUTES,
} from '@expiry-radar/shared/domain/two-factor';
import { rateLimitAddress } from './rate-limit-address';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const SESSION_LIFETIME_SECONDS = 14 * 24 * HOUR;
/** A session's last use is written at most this often (a write on few requests, not every one). */
export const SESSION_LAST_USE_INTERVAL_SECONDS = HOUR;
export const EMAIL_VERIFICATION_LIFETIME_SECONDS = 24 * HOUR;
export const PASSWORD_RESET_LIFETIME_SECONDS = 30 * MINUTE;
export const GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS = 10 * MINUTE;
/** Deleting the account without the password needs a sign-in at most this long ago. */
export const RECENT_SIGN_IN_SECONDS = 10 * MINUTE;
/** A sign-in waiting for its second factor lasts this long (its own cookie, no session). */
export const TWO_FACTOR_SIGN_IN_LIFETIME_SECONDS = TWO_FACTOR_SIGN_IN_MINUTES * MINUTE;
/** An enrolment must be confirmed with a code within this time, or started again. */
export const TWO_FACTOR_ENROLMENT_LIFETIME_SECONDS = 15 * MINUTE;
/**
 * How long the browser that registered can ask whether the new account's address was verified
 * (the registration cookie and its item), as long as the verification link lasts.
 */
export const REGISTRATION_WATCH_LIFETIME_SECONDS = EMAIL_VERIFICATION_LIFETIME_SECONDS;

export interface RateLimitRule {
  /** Names the counter; part of its key. */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export const RATE_LIMITS = {
  /**
   * Failed password checks in a row for one account from one client address; a success clears
   * the counter. Keyed on the pair, so a stranger elsewhere cannot lock the owner out with it.
   */
  loginPerAccountAndIp: { name: 'login-account-ip', limit: 10, windowSeconds: 15 * MINUTE },
  /** Failed password checks for one account from any address: slower, against spread guessing. */
  loginPerAccount: { name: 'login-account', limit: 50, windowSeconds: HOUR },
  /** Wrong current passwords in a row of a signed-in user confirming a change. */
  currentPasswordPerUser: { name: 'current-password-user', limit: 10, windowSeconds: 15 * MINUTE },
  loginPerIp: { name: 'login-ip', limit: 100, windowSeconds: 15 * MINUTE },
  registerPerIp: { name: 'register-ip', limit: 20, windowSeconds: HOUR },
  /**
   * Checks of a registration's status from one client address: a waiting page asks every 5
   * seconds while it is in view (180 in 15 minutes), so two at once still fit.
   */
  registrationStatusPerIp: {
    name: 'registration-status-ip',
    limit: 400,
    windowSeconds: 15 * MINUTE,
  },
  passwordResetPerIp: { name: 'reset-ip', limit: 30, windowSeconds: HOUR },
  resetPasswordPerIp: { name: 'reset-submit-ip', limit: 30, windowSeconds: HOUR },
  verificationResendPerUser: { name: 'verify-resend-user', limit: 5, windowSeconds: HOUR },
  emailChangePerUser: { name: 'email-change-user', limit: 5, windowSeconds: HOUR },
  /**
   * Link emails (verification, address change, password reset) to one address, whoever asks:
   * one per cooldown, and a few per hour.
   */
  linkEmailCooldownPerAddress: {
    name: 'link-email-cooldown',
    limit: 1,
    windowSeconds: EMAIL_RESEND_COOLDOWN_SECONDS,
  },
  linkEmailsPerAddress: { name: 'link-email-address', limit: 5, windowSeconds: HOUR },
  /**
   * "You already have an account" emails to an address someone registers again: one an hour,
   * counted apart from the link emails, so a stranger's attempts never hold up its owner's reset.
   */
  registrationNoticePerAddress: { name: 'registration-notice', limit: 1, windowSeconds: HOUR },
  /**
   * Codes of a user's second factor (sign-in, turning it off, new recovery codes), counted before
   * each check and cleared by a right one: the 5th wrong code in a row locks the checks for 15
   * minutes from that code. Keyed on the user: a stolen password gets 5 guesses per 15 minutes
   * wherever it is tried from.
   */
  twoFactorPerUser: {
    name: 'two-factor-user',
    limit: TWO_FACTOR_MAX_FAILURES,
    windowSeconds: TWO_FACTOR_LOCK_MINUTES * MINUTE,
  },
  /** Second steps of sign-ins from one client address, whoever they are for. */
  twoFactorPerIp: { name: 'two-factor-ip', limit: 100, windowSeconds: 15 * MINUTE },
  /** Enrolments started and wrong confirming codes of one user. */
  twoFactorEnrolmentPerUser: {
    name: 'two-factor-enrol-user',
    limit: 10,
    windowSeconds: 15 * MINUTE,
  },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The subject of `loginPerAccountAndIp`: one account (by address) from one client address (an
 * IPv6 one by its /64).
 */
export function accountAndClientSubject(email: string, ip: string): string {
  return `${email.trim().toLowerCase()} from ${rateLimitAddress(ip)}`;
}

/** The 429 message when the account-wide limit refuses: says it is about the account. */
export function accountSignInLimitMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-ins for this account. ${tryAgainIn(retryAfterSeconds)} or reset your password.`;
}

export function isRecentSignIn(signedInAt: string, now: Date): boolean {
  const signedIn = Date.parse(signedInAt);
  return Number.isFinite(signedIn) && now.getTime() - signedIn <= RECENT_SIGN_IN_SECONDS * 1000;
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** The display name shown when the user gave none: the part of the address before the @. */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0] || email;
}
