import type { AlertSettingsInput } from '@expiry-radar/shared/api/alert-api-schemas';
import {
  alertSettingsSchema,
  testWebhookResponse,
} from '@expiry-radar/shared/api/alert-api-schemas';
import type { WebhookKind } from '@expiry-radar/shared/domain/alerts';
import { apiRequest } from '../../../lib/api-client';
import { alertSettingsPath } from '../../../lib/alert-settings-query';

/** The alert calls of spec §7 (route table: getAlertSettings, putAlertSettings, testWebhook). */

// The GET is shared with the token forms (their contact groups): one query key, one request.
export { alertSettingsPath, alertSettingsQueryOptions } from '../../../lib/alert-settings-query';

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
