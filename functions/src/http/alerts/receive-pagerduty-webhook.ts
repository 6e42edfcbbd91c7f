import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { PAGERDUTY_SIGNATURE_HEADER } from '../../domain/pagerduty-webhook';
import { receivePagerDutyEvent } from '../../services/alerts/pagerduty-back-channel';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `POST /api/pagerduty/webhooks/{id}`: PagerDuty's V3 webhook events for the workspace. Public and
 * without CSRF (PagerDuty is no browser); the X-PagerDuty-Signature header must sign the raw body
 * with a stored secret of one of its PagerDuty webhooks, else 403 (400 without one); 429 with
 * Retry-After over the per-address or per-webhook limit.
 */
export const handler = createHttpHandler(
  alertRoutes.receivePagerDutyWebhook,
  async ({ params, event, now }) => {
    const rawBody = event.isBase64Encoded
      ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
      : (event.body ?? '');
    const outcome = await receivePagerDutyEvent({
      workspaceId: params.id,
      rawBody,
      signatureHeader: event.headers[PAGERDUTY_SIGNATURE_HEADER],
      ip: clientIp(event),
      now,
    });
    return { status: 202, body: outcome };
  },
  { skipCsrf: true },
);
