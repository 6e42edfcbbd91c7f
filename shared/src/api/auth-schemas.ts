/** Bodies and answers of the session and `/auth/*` routes. */
import * as z from 'zod';
import { emailSchema } from '../domain/email';
import { appRedirectPath, INVALID_REDIRECT_MESSAGE } from './app-redirect';
import { currentPasswordSchema, newPasswordSchema } from '../domain/password-policy';
import { secretText } from '../domain/text-rules';
import { idSchema } from './common-schemas';
import { memberSchema } from './workspace-api-schemas';

export const NAME_MAX_LENGTH = 100;
const nameMessage = `Name must be ${NAME_MAX_LENGTH} characters or less`;

export const sessionUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
  plan: z.string(),
  downgraded: z.boolean(),
  /** Whether the user signs in with a second factor (and so may use workspaces that require it). */
  twoFactorEnabled: z.boolean().optional(),
  /** The address the user asked to move to, in force once its emailed link is used. */
  pendingEmail: z.string().nullable().optional(),
  /** When the account was made (ISO instant): a welcome kept from a registration is for it only. */
  createdAt: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Optional sign-in methods the server offers, so the web shows only working buttons. */
export const authFeaturesSchema = z.object({ googleSignIn: z.boolean() });
export type AuthFeatures = z.infer<typeof authFeaturesSchema>;

export const sessionResponse = z.object({
  loggedIn: z.boolean(),
  user: sessionUserSchema.optional(),
  needsVerification: z.boolean().optional(),
  features: authFeaturesSchema,
  /**
   * Login only: the password was right and the account has two-factor authentication; a pending
   * sign-in cookie is set and the code goes to `POST /auth/two-factor`.
   */
  twoFactorRequired: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const csrfTokenResponse = z.object({ csrfToken: z.string() });

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), latencyMs: z.number() })),
});

/** Optional display name: blank becomes undefined. */
const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, nameMessage)
  .optional()
  .transform((name) => (name === '' ? undefined : name));

/**
 * `redirect`: a same-origin app path to land on after sign-in (or, for registration and its
 * verification email, after verifying), kept in its normalised form; anything else is refused.
 */
const appRedirect = z
  .string()
  .transform((redirect, ctx) => {
    const path = appRedirectPath(redirect);
    if (path === undefined) {
      ctx.addIssue({ code: 'custom', message: INVALID_REDIRECT_MESSAGE });
      return z.NEVER;
    }
    return path;
  })
  .optional();

export const loginBody = z.object({ email: emailSchema, password: currentPasswordSchema });
export type LoginBody = z.infer<typeof loginBody>;

/** `redirect`: where the verification email's link leads once used (the dashboard without it). */
export const registerBody = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: optionalName,
  redirect: appRedirect,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const UPDATE_ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Current password is required to set a new password',
  currentPasswordForEmail: 'Enter your current password to change your email address',
  recentSignInForEmail:
    'Sign in again (with Google) to confirm this change: it needs a sign-in within the last 10 minutes.',
} as const;

/**
 * Account settings: display name; a new email (a pending change until the link sent to it is
 * used; the current address again cancels it); a new password with the current one, which signs
 * out everywhere else and revokes the API keys unless `signOutEverywhere` is false.
 */
export const updateAccountBody = z
  .object({
    name: optionalName,
    email: emailSchema.optional(),
    currentPassword: z.string().max(1024).optional(),
    newPassword: newPasswordSchema.optional(),
    signOutEverywhere: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.newPassword !== undefined && !body.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: UPDATE_ACCOUNT_MESSAGES.currentPasswordRequired,
      });
    }
  });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

export const userResponse = z.object({
  user: sessionUserSchema,
  needsVerification: z.boolean(),
});

/** Deleting the account needs the password, unless the session signed in minutes ago. */
/** At most this many workspaces can be handed over in one deletion (no plan owns more). */
export const MAX_HANDED_OVER_WORKSPACES = 100;

export const deleteAccountBody = z.object({
  password: secretText(z.string().max(1024)).optional(),
  /**
   * Workspace id -> the member (any role) the owner hands it to before the account goes; the
   * other owned workspaces pass to their default successor (an admin, else the longest-standing
   * workspace manager) or are deleted.
   */
  successors: z
    .record(idSchema, idSchema)
    .refine((successors) => Object.keys(successors).length <= MAX_HANDED_OVER_WORKSPACES, {
      message: `At most ${MAX_HANDED_OVER_WORKSPACES} workspaces can be handed over at once`,
    })
    .optional(),
});

/** What deleting the account would do to each workspace it owns (`GET /auth/account/deletion`). */
export const accountDeletionPreviewResponse = z.object({
  workspaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      token_count: z.number().int(),
      /** Its other members, who may be handed the workspace; invitations are not members yet. */
      members: z.array(memberSchema),
      /** Who takes it over unless the owner chooses: null when nobody can (it is deleted). */
      successor_id: z.string().nullable(),
    }),
  ),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewResponse>;

export const verifyEmailQuery = z.object({ token: z.string().min(1).max(512) });

/**
 * `GET /auth/registration`: whether the account the browser's last registration created has a
 * verified address. False alike for no registration, an expired one, and one of an address that
 * already had an account.
 */
/**
 * `email`: once verified, the address this browser registered (it typed it), so a sign-in page
 * opened by the verification link can fill it in; never sent otherwise.
 */
export const registrationStatusResponse = z.object({
  verified: z.boolean(),
  email: emailSchema.optional(),
});
export type RegistrationStatus = z.infer<typeof registrationStatusResponse>;

export const requestPasswordResetBody = z.object({ email: emailSchema });

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(512),
  password: newPasswordSchema,
});

export const googleSignInQuery = z.object({ redirect: appRedirect });

/** `POST /auth/verify-email/resend`: the new link leads to `redirect` once used. */
export const resendVerificationBody = z.object({ redirect: appRedirect });

export const googleCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
