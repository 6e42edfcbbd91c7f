import { queryOptions } from '@tanstack/react-query';
import type { AlertSettingsInput } from '@expiry-radar/shared/api/alert-api-schemas';
import {
  alertSettingsSchema,
  testWebhookResponse,
} from '@expiry-radar/shared/api/alert-api-schemas';
import type { WebhookKind } from '@expiry-radar/shared/domain/alerts';
import { apiRequest } from '../../../lib/api-client';
import { preferencesKeys } from './preferences-keys';

/** The alert calls of spec §7 (route table: getAlertSettings, putAlertSettings, testWebhook). */

export function alertSettingsPath(workspaceId: string): string {
  return `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/alert-settings`;
}

/**
 * A workspace's alert settings. Quiet on failure: the preferences page shows its own error state,
 * and the dashboard's notice simply stays away.
 */
export function alertSettingsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: preferencesKeys.alertSettings(workspaceId),
    queryFn: ({ signal }) =>
      apiRequest(alertSettingsPath(workspaceId), {
        schema: alertSettingsSchema,
        silent: true,
        signal,
      }),
    staleTime: 30_000,
  });
}

/** PUT .../alert-settings: replaces the settings; answers with the stored ones. */
export function saveAlertSettings(workspaceId: string, body: AlertSettingsInput) {
  return apiRequest(alertSettingsPath(workspaceId), {
    method: 'PUT',
    body,
    schema: alertSettingsSchema,
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
 * POST /api/test-webhook (spec §7: url, kind, extras). Quiet: the caller shows the server's own
 * reason (the receiver's answer) rather than the catalogue's status line.
 */
export function sendTestWebhook({ url, kind, workspaceId, extras }: TestWebhookInput) {
  return apiRequest('/api/test-webhook', {
    method: 'POST',
    body: { url, kind, workspace_id: workspaceId, extras },
    schema: testWebhookResponse,
    silent: true,
  });
}
