/** Lifetimes and limits of the account flows (DESIGN.md "Accounts and security"). */
const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const SESSION_LIFETIME_SECONDS = 14 * 24 * HOUR;
export const EMAIL_VERIFICATION_LIFETIME_SECONDS = 24 * HOUR;
export const PASSWORD_RESET_LIFETIME_SECONDS = 30 * MINUTE;
export const GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS = 10 * MINUTE;
/** Deleting the account without the password needs a sign-in at most this long ago. */
export const RECENT_SIGN_IN_SECONDS = 10 * MINUTE;

export interface RateLimitRule {
  /** Names the counter; part of its key. */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export const RATE_LIMITS = {
  /** Failed sign-ins in a row for one address; a success clears the counter. */
  loginPerEmail: { name: 'login-email', limit: 10, windowSeconds: 15 * MINUTE },
  loginPerIp: { name: 'login-ip', limit: 100, windowSeconds: 15 * MINUTE },
  registerPerIp: { name: 'register-ip', limit: 20, windowSeconds: HOUR },
  passwordResetPerEmail: { name: 'reset-email', limit: 5, windowSeconds: HOUR },
  passwordResetPerIp: { name: 'reset-ip', limit: 30, windowSeconds: HOUR },
  resetPasswordPerIp: { name: 'reset-submit-ip', limit: 30, windowSeconds: HOUR },
  verificationResendPerUser: { name: 'verify-resend-user', limit: 5, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

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
