import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody } from '@expiry-radar/shared/api/auth-schemas';
import { EMAIL_RESEND_COOLDOWN_SECONDS } from '@expiry-radar/shared/errors/retry-after';
import { call } from '../../../lib/api-call';
import { rememberLinkEmailCooldown } from '../../../lib/link-email-cooldown';
import { markRegistrationWelcomePending } from '../../../lib/welcome-flags';
import { replaceSession } from '../../session';

/**
 * Signs in. A signed-in answer replaces every cached answer with the new session; the sign-in
 * pages' guard then forwards the user (to /verify-email, the page they came from, or the
 * dashboard). A signed-out answer changes nothing: either the account asks for its second factor
 * (`twoFactorRequired`, the page goes to the second step) or the credentials were wrong (the form
 * says so). Silent: the form shows a refusal.
 */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => call('login', { body }, { silent: true }),
    onSuccess: (session) => {
      if (session.loggedIn) replaceSession(queryClient, session);
    },
  });
}

/**
 * The sign-in's second step: a code from the authenticator app or a recovery code. The signed-in
 * answer replaces every cached answer, like a sign-in. Silent: the page shows the failure itself.
 */
export function useVerifyTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      call('verifyTwoFactorSignIn', { body: { code } }, { silent: true }),
    onSuccess: (session) => {
      if (session.loggedIn) replaceSession(queryClient, session);
    },
  });
}

/**
 * Registers: the server answers the same whether or not the address already has an account (it
 * emails either a verification link or, to an existing account's owner, a sign-in reminder), and
 * signs nobody in. The welcome dialog is remembered as pending (it shows once the user has
 * verified and signed in, if the account is the one this registration made), and "Resend" waits a cooldown from now. Silent: the form shows a
 * refusal.
 */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => call('register', { body }, { silent: true }),
    onSuccess: (_answer, body) => {
      rememberLinkEmailCooldown(body.email, EMAIL_RESEND_COOLDOWN_SECONDS);
      markRegistrationWelcomePending();
    },
  });
}

/** Revokes the session and clears its cookie (the caller goes home signed out). */
export function useLogoutMutation() {
  return useMutation({ mutationFn: () => call('logout') });
}

/**
 * Sends the verification email again to the session's address (its link leading to `redirect`,
 * an app path, when given). Silent: the page shows the failure, and the wait, itself.
 */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (redirect?: string) =>
      call('resendVerification', { body: redirect ? { redirect } : {} }, { silent: true }),
  });
}

/**
 * Emails a reset link if the account exists (the answer is the same either way). Silent: the
 * page shows the failure, and the wait, itself.
 */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      call('requestPasswordReset', { body: { email } }, { silent: true }),
  });
}

/**
 * Sets a new password from a reset link's token; every session of the account ends. Silent: the
 * form shows a refusal.
 */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      call('resetPassword', { body: { token, password } }, { silent: true }),
  });
}
