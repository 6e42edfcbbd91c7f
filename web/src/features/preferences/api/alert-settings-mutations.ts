import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsInput } from '@expiry-radar/shared/api/alert-api-schemas';
import { entityTagOf } from '@expiry-radar/shared/api/entity-tags';
import type { WebhookKind } from '@expiry-radar/shared/domain/alerts';
import { call } from '../../../lib/api-call';
import { preferencesKeys } from './preferences-keys';

export interface AlertSettingsSave {
  readonly body: AlertSettingsInput;
  /**
   * The `updated_at` of the settings the form shows: they are replaced only while still so
   * (If-Match), else refused with 412, so nobody's save puts back what another member changed.
   */
  readonly readUpdatedAt: string | null;
}

/**
 * Replaces a workspace's alert settings; the stored settings the server answers with become the
 * cached ones (the one query the preferences page, the dashboard's notice and the token forms
 * read). Silent: the form shows a refusal (at its fields, else as a toast).
 */
export function useSaveAlertSettingsMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, readUpdatedAt }: AlertSettingsSave) =>
      call(
        'putAlertSettings',
        { params: { id: workspaceId }, body, ifMatch: entityTagOf(readUpdatedAt) },
        { silent: true },
      ),
    onSuccess: (stored) => {
      queryClient.setQueryData(preferencesKeys.alertSettings(workspaceId), stored);
    },
  });
}

export interface TestWebhookInput {
  url: string;
  kind: WebhookKind;
  workspaceId: string;
  /** Kind-specific options (PagerDuty: routing_key, severity). */
  extras: Record<string, string>;
}

/**
 * Sends a test message to a webhook. Quiet: the caller shows the server's own reason (the
 * receiver's answer) rather than the catalogue's status line.
 */
export function useTestWebhookMutation() {
  return useMutation({
    mutationFn: ({ url, kind, workspaceId, extras }: TestWebhookInput) =>
      call(
        'testWebhook',
        { body: { url, kind, workspace_id: workspaceId, extras } },
        { silent: true },
      ),
  });
}

/**
 * Takes a contact address off the suppression list (admins and workspace managers), once the
 * mailbox is fixed; the settings the server answers with become the cached ones.
 */
export function useRemoveBouncedAddressMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) =>
      call('removeBouncedAddress', { params: { id: workspaceId }, body: { address } }),
    onSuccess: (stored) => {
      queryClient.setQueryData(preferencesKeys.alertSettings(workspaceId), stored);
    },
  });
}
