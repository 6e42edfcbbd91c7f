/** Two-factor authentication: enrolment, recovery codes, turning it off, the sign-in's second step. */
import * as z from 'zod';
import { secondFactorCodeSchema, totpCodeSchema, TWO_FACTOR_MESSAGES } from '../domain/two-factor';
import { secretText } from '../domain/text-rules';
import { sessionResponse } from './auth-schemas';

const password = secretText(z.string().max(1024));

/** `GET /api/account/two-factor`: whether it is on, and how many recovery codes are left. */
export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesRemaining: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

/**
 * Starting an enrolment needs the password (a session alone must not be enough to tie the
 * account to someone else's app); accounts without a password need a recent sign-in.
 */
export const startTwoFactorBody = z.object({ password: password.optional() });

/**
 * A new secret to add to the authenticator app: as a QR code (an SVG data URL of the otpauth
 * URI), the URI, and the secret itself to type in. Shown until the enrolment is confirmed, never
 * again after.
 */
export const startTwoFactorResponse = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof startTwoFactorResponse>;

export const confirmTwoFactorBody = z.object({ code: totpCodeSchema });

/** The recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** New recovery codes need the password or a current code. */
export const regenerateRecoveryCodesBody = z
  .object({ password: password.optional(), code: secondFactorCodeSchema.optional() })
  .refine((body) => Boolean(body.password) || Boolean(body.code), {
    path: ['password'],
    message: TWO_FACTOR_MESSAGES.passwordOrCodeRequired,
  });

/** Turning it off needs the password (unless the account has none) and a current code. */
export const disableTwoFactorBody = z.object({
  password: password.optional(),
  code: secondFactorCodeSchema,
});

/** The second step of a sign-in: a code from the app, or a recovery code. */
export const verifyTwoFactorBody = z.object({ code: secondFactorCodeSchema });

/** Signed in; `redirectTo`: the app path a Google sign-in asked to return to. */
export const verifyTwoFactorResponse = sessionResponse.extend({
  redirectTo: z.string().optional(),
});

/** `PUT /api/v1/workspaces/{id}/two-factor-requirement`. */
export const twoFactorRequirementBody = z.object({
  required: z.boolean({ error: 'Required must be true or false' }),
});
