/** The password policy for register, reset and password change; each refusal says why. */
import * as z from 'zod';
import { secretText } from './text-rules';
import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 12;
/** Bounds the work of hashing; no real passphrase is longer. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be ${PASSWORD_MAX_LENGTH} characters or less`,
  tooCommon: 'This password is too common. Choose a less guessable one.',
} as const;

/** Whether a password is one of the commonest, or one character repeated. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || /^(.)\1*$/su.test(password);
}

/** The policy's message for a password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if ([...password].length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** A new password (not trimmed: spaces are characters). */
export const newPasswordSchema = secretText(
  z.string({ error: PASSWORD_MESSAGES.tooShort }).superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** A password being checked at login: any non-empty string, bounded. */
export const currentPasswordSchema = secretText(
  z
    .string({ error: PASSWORD_MESSAGES.required })
    .min(1, PASSWORD_MESSAGES.required)
    .max(1024, PASSWORD_MESSAGES.tooLong),
);
