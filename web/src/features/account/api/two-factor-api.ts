import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';
import { refreshSession } from '../../session';
import { workspaceKeys } from '../../workspaces';

export const TWO_FACTOR_MESSAGES = {
  enabled: 'Two-factor authentication turned on',
  disabled: 'Two-factor authentication turned off',
  recoveryCodesReplaced: 'New recovery codes created',
} as const;

/** Query keys of the account's two-factor settings. */
export const twoFactorKeys = {
  all: ['account', 'two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
};

/** Whether two-factor authentication is on, and the recovery codes left. Silent: the panel says. */
export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: ({ signal }) => call('getTwoFactorStatus', {}, { signal, silent: true }),
  });
}

/**
 * Turning it on or off changes the session (`twoFactorEnabled`) and which workspaces are open:
 * the status, the session and the workspaces load again.
 */
async function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
    refreshSession(queryClient),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  ]);
}

/** A new secret for the authenticator app, once the password is confirmed. */
export function useStartTwoFactorMutation() {
  return useMutation({
    mutationFn: (password: string) =>
      call('startTwoFactorEnrolment', { body: password ? { password } : {} }, { silent: true }),
  });
}

/** The first code turns it on; the answer holds the recovery codes, shown once. */
export function useConfirmTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      call('confirmTwoFactorEnrolment', { body: { code } }, { silent: true }),
    onSuccess: async () => {
      showSuccessToast(TWO_FACTOR_MESSAGES.enabled);
      await refreshAfterChange(queryClient);
    },
  });
}

/** New recovery codes, with the password or a code. */
export function useRegenerateRecoveryCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password?: string; code?: string }) =>
      call('regenerateRecoveryCodes', { body }, { silent: true }),
    onSuccess: async () => {
      showSuccessToast(TWO_FACTOR_MESSAGES.recoveryCodesReplaced);
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
  });
}

/** Turns it off, with the password and a code. */
export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password?: string; code: string }) =>
      call('disableTwoFactor', { body }, { silent: true }),
    onSuccess: async () => {
      showSuccessToast(TWO_FACTOR_MESSAGES.disabled);
      await refreshAfterChange(queryClient);
    },
  });
}
