import { billingMode, readStripeBillingConfig } from '../../adapters/billing-config';
import { retrieveCheckoutSession } from '../../adapters/stripe-billing';
import { linkStripeCustomer } from '../../data/billing-records';
import { AppError, badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { billingMessages, mapStripeError } from '../../services/billing/billing-errors';
import { changePlan } from '../../services/billing/change-plan';
import { checkoutState } from '../../services/billing/checkout-completion';
import { planBody } from '../../services/billing/plan-body';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `POST /api/billing/confirm` `{ session_id }` on the return from Stripe Checkout: reads the
 * session from Stripe and, when it is the caller's and paid, applies its plan (the webhook does
 * the same; whichever comes first changes the plan, the other changes nothing). Answers the plan
 * as `GET /api/account/plan` does.
 */
export const handler = createHttpHandler(
  billingRoutes.confirmBilling,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    const config = readStripeBillingConfig();
    const mode = billingMode(config);
    if (mode !== 'stripe') {
      throw badRequest(mode === 'local' ? billingMessages.localMode : billingMessages.unavailable);
    }
    const checkout = await retrieveCheckoutSession(config, body.session_id).catch(
      mapStripeError(billingMessages.unknownSession),
    );
    const result = checkoutState(checkout);
    if (result.state !== 'paid') {
      throw badRequest(
        result.state === 'incomplete'
          ? billingMessages.checkoutIncomplete
          : result.state === 'payment_pending'
            ? billingMessages.paymentPending
            : billingMessages.unknownSession,
      );
    }
    // Another user's session id proves nothing about the caller: same answer as an unknown one.
    if (result.checkout.userId !== user.id) throw badRequest(billingMessages.unknownSession);

    const { plan, customerId, subscriptionId } = result.checkout;
    if (customerId) await linkStripeCustomer({ customerId, userId: user.id, now });
    const changed = await changePlan({
      userId: user.id,
      plan,
      source: 'checkout',
      actor: user,
      now,
      stripe: { customerId: customerId ?? undefined, subscriptionId: subscriptionId ?? undefined },
    });
    if (!changed) throw new AppError('UNAUTHORIZED');
    return { body: await planBody(user.id, plan) };
  },
);
