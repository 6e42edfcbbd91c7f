import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUCCESS_MESSAGES,
  requeuedAlertsMessage,
} from '@expiry-radar/shared/messages/success-messages';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';
import { alertKeys } from './alert-keys';

/** Loads the alerts again: the queue, its statistics and the bell's recent ones. */
export function useRefreshAlerts(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    [queryClient],
  );
}

/** The workspace's failed alerts go back to the queue: "Requeued {n} alerts", then a reload. */
export function useRequeueAlertsMutation(workspaceId: string) {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: () => call('requeueAlerts', { body: { workspace_id: workspaceId } }),
    onSuccess: async ({ updated }) => {
      showSuccessToast(requeuedAlertsMessage(updated));
      await refresh();
    },
  });
}

/** One alert's channel is queued again: "Retry queued", then a reload. */
export function useRetryAlertMutation() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: ({ alertId, channel }: { alertId: string; channel: string }) =>
      call('retryAlert', { params: { id: alertId }, body: { channel } }),
    onSuccess: async () => {
      showSuccessToast(SUCCESS_MESSAGES.retryQueued);
      await refresh();
    },
  });
}
