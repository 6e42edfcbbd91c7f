import { checkWebhookUrl, webhookTargetPolicy } from '../../adapters/ssrf-guard';
import { badRequest } from '../../platform/app-error';

/**
 * On save: https in production and no private or local address literal. Host names are checked
 * again on every send, on the addresses they resolve to then.
 */
export function requireAllowedWebhookUrl(url: string, path: string): void {
  const check = checkWebhookUrl(url, webhookTargetPolicy());
  if (!check.ok) throw badRequest(check.message, [{ path, message: check.message }]);
}

export function requireAllowedWebhookUrls(webhooks: ReadonlyArray<{ readonly url: string }>): void {
  webhooks.forEach((webhook, index) =>
    requireAllowedWebhookUrl(webhook.url, `webhook_urls.${index}.url`),
  );
}
