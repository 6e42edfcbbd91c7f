import { billingMode, readStripeBillingConfig } from '../../adapters/billing-config';
import { isStripeSignatureError, verifyWebhookEvent } from '../../adapters/stripe-billing';
import { badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { billingMessages } from '../../services/billing/billing-errors';
import { handleStripeEvent } from '../../services/billing/stripe-events';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `POST /api/billing/webhook`: Stripe's events. Public and without CSRF (Stripe is no browser);
 * instead the Stripe-Signature header must sign the raw body with the webhook secret, else 400.
 * Each event id is handled once; replays answer 200 and change nothing.
 */
export const handler = createHttpHandler(
  billingRoutes.stripeWebhook,
  async ({ event, now }) => {
    const config = readStripeBillingConfig();
    if (billingMode(config) !== 'stripe') throw badRequest(billingMessages.unavailable);
    const signature = event.headers['stripe-signature'];
    if (!signature) throw badRequest('Missing Stripe-Signature header.');
    const rawBody = event.isBase64Encoded
      ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
      : (event.body ?? '');
    const stripeEvent = await verifyWebhookEvent({ config, rawBody, signature }).catch(
      (error: unknown) => {
        if (isStripeSignatureError(error)) throw badRequest('Invalid Stripe signature.');
        throw error;
      },
    );
    await handleStripeEvent(config, stripeEvent, now);
    return { body: { received: true } };
  },
  { skipCsrf: true },
);
