import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateAccountBody } from '@expiry-radar/shared/api/auth-schemas';
import {
  emailChangeRequestedMessage,
  SUCCESS_MESSAGES,
} from '@expiry-radar/shared/messages/success-messages';
import { EMAIL_RESEND_COOLDOWN_SECONDS } from '@expiry-radar/shared/errors/retry-after';
import { call } from '../../../lib/api-call';
import { rememberLinkEmailCooldown } from '../../../lib/link-email-cooldown';
import { resetApiClientState } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toasts';
import { applySessionUser } from '../../session';

/** What the account form sends: only the fields that change. */
export type UpdateAccountRequest = z.input<typeof updateAccountBody>;

/** What the save did, in the user's words. */
function successMessage(body: UpdateAccountRequest, pendingEmail: string | null | undefined) {
  if (body.newPassword !== undefined) {
    return body.signOutEverywhere === false
      ? SUCCESS_MESSAGES.passwordChanged
      : SUCCESS_MESSAGES.passwordChangedEverywhere;
  }
  if (body.email && pendingEmail) return emailChangeRequestedMessage(pendingEmail);
  if (body.email) return SUCCESS_MESSAGES.emailChangeCancelled;
  return SUCCESS_MESSAGES.accountUpdated;
}

/**
 * Updates the name, the email or the password, says what it did, and the user the server
 * answered with goes into the cached session (a new email address is pending until the link sent
 * to it is used). Silent: the section shows a refusal (at its fields, else as a toast).
 */
export function useUpdateAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) => call('updateAccount', { body }, { silent: true }),
    onSuccess: (answer, body) => {
      // A new address gets a verification email: a new request waits a cooldown from now.
      if (body.email && answer.user.pendingEmail) {
        rememberLinkEmailCooldown(answer.user.pendingEmail, EMAIL_RESEND_COOLDOWN_SECONDS);
      }
      showSuccessToast(successMessage(body, answer.user.pendingEmail));
      applySessionUser(queryClient, answer.user, answer.needsVerification);
    },
  });
}

export interface AccountDeletion {
  /** Unless the session signed in minutes ago. */
  readonly password: string | undefined;
  /** Workspace id -> the member the owner hands it to. */
  readonly successors: Readonly<Record<string, string>>;
}

/**
 * Deletes the account (the password, unless the session signed in minutes ago), handing each
 * workspace in `successors` to the member chosen: the client forgets its CSRF token; the caller
 * then goes home signed out, where "Account deleted successfully" shows. Silent: the dialog shows
 * a refusal (at the password, else as a toast).
 */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: ({ password, successors }: AccountDeletion) =>
      call(
        'deleteAccount',
        {
          body: {
            ...(password ? { password } : {}),
            ...(Object.keys(successors).length > 0 ? { successors } : {}),
          },
        },
        { silent: true },
      ),
    onSuccess: () => resetApiClientState(),
  });
}
