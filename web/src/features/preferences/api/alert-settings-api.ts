import type { AlertSettingsInput } from '@expiry-radar/shared/api/alert-api-schemas';
import type { WebhookKind } from '@expiry-radar/shared/domain/alerts';
import { call } from '../../../lib/api-call';

/** The alert calls (route table: getAlertSettings, putAlertSettings, testWebhook). */

// The GET is shared with the token forms (their contact groups): one query key, one request.
export { alertSettingsQueryOptions } from '../../../lib/alert-settings-query';

/** Replaces the settings; answers with the stored ones. */
export function saveAlertSettings(workspaceId: string, body: AlertSettingsInput) {
  return call('putAlertSettings', { params: { id: workspaceId }, body });
}

export interface TestWebhookInput {
  url: string;
  kind: WebhookKind;
  workspaceId: string;
  /** Kind-specific options (PagerDuty: routing_key, severity). */
  extras: Record<string, string>;
}

/**
 * Sends a test message (url, kind, extras). Quiet: the caller shows the server's own reason (the
 * receiver's answer) rather than the catalogue's status line.
 */
export function sendTestWebhook({ url, kind, workspaceId, extras }: TestWebhookInput) {
  return call(
    'testWebhook',
    { body: { url, kind, workspace_id: workspaceId, extras } },
    { silent: true },
  );
}
