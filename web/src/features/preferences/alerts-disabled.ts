import type { AlertSettings } from '@expiry-radar/shared/api/alert-api-schemas';

/**
 * Alerts go nowhere (the "Alerts are disabled" notice): email alerts off and no webhook. Contact
 * groups only route the channels; without email alerts and webhooks nothing is sent. A module of
 * its own: the dashboard shows the notice, and the settings form's model (its schema, made as the
 * module loads) belongs to the preferences page alone.
 */
export function alertsAreDisabled(
  settings: Pick<AlertSettings, 'email_alerts_enabled' | 'webhook_urls'>,
): boolean {
  return !settings.email_alerts_enabled && settings.webhook_urls.length === 0;
}
