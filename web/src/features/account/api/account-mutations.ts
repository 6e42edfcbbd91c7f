import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateAccountBody } from '@expiry-radar/shared/api/auth-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { EMAIL_RESEND_COOLDOWN_SECONDS } from '@expiry-radar/shared/errors/retry-after';
import { call } from '../../../lib/api-call';
import { rememberLinkEmailCooldown } from '../../../lib/link-email-cooldown';
import { resetApiClientState } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toasts';
import { applySessionUser } from '../../session';

/** What the account form sends: only the fields that change. */
export type UpdateAccountRequest = z.input<typeof updateAccountBody>;

/**
 * Updates the name, the email or the password: "Account updated successfully", and the user the
 * server answered with goes into the cached session (a new email address needs verifying again).
 * Silent: the section shows a refusal (at its fields, else as a toast).
 */
export function useUpdateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) => call('updateAccount', { body }, { silent: true }),
    onSuccess: (answer, body) => {
      // A new address gets a verification email: "Resend" waits a cooldown from now.
      if (body.email && answer.needsVerification) {
        rememberLinkEmailCooldown(answer.user.email, EMAIL_RESEND_COOLDOWN_SECONDS);
      }
      showSuccessToast(SUCCESS_MESSAGES.accountUpdated);
      applySessionUser(queryClient, answer.user, answer.needsVerification);
    },
  });
}

/**
 * Deletes the account (the password, unless the session signed in minutes ago): the client forgets
 * its CSRF token, "Account deleted successfully"; the caller then goes home signed out. Silent:
 * the dialog shows a refusal (at the password, else as a toast).
 */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (password: string | undefined) =>
      call('deleteAccount', { body: password ? { password } : {} }, { silent: true }),
    onSuccess: () => {
      resetApiClientState();
      showSuccessToast(SUCCESS_MESSAGES.accountDeleted);
    },
  });
}
