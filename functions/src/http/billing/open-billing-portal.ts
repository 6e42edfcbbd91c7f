import { resolveAppOrigin } from '../../adapters/app-origin';
import { billingMode, readStripeBillingConfig } from '../../adapters/billing-config';
import { createPortalSession } from '../../adapters/stripe-billing';
import { readPlanHolder } from '../../data/plan-records';
import { badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { billingMessages, mapStripeError } from '../../services/billing/billing-errors';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `POST /api/billing/portal`: a Stripe billing portal session for the caller's customer (invoices,
 * card, plan changes, cancellation); it returns to /billing?portal=return. In the local billing
 * mode there is no portal: 400 with a message saying so (the page offers no button there).
 */
export const handler = createHttpHandler(billingRoutes.openBillingPortal, async ({ session }) => {
  const { user } = requireSession(session);
  const config = readStripeBillingConfig();
  const mode = billingMode(config);
  if (mode !== 'stripe') {
    throw badRequest(mode === 'local' ? billingMessages.localMode : billingMessages.unavailable);
  }
  const holder = await readPlanHolder(user.id);
  if (!holder?.stripeCustomerId) throw badRequest(billingMessages.noCustomer);
  const url = await createPortalSession({
    config,
    customerId: holder.stripeCustomerId,
    appOrigin: await resolveAppOrigin(),
  }).catch(mapStripeError(billingMessages.noCustomer));
  return { body: { url } };
});
