import { resolveAppOrigin } from '../../adapters/app-origin';
import { isPlan, PLAN_LABELS } from '@expiry-radar/shared/domain/plans';
import { billingMode, readStripeBillingConfig } from '../../adapters/billing-config';
import { createCheckoutSession } from '../../adapters/stripe-billing';
import { readPlanHolder } from '../../data/plan-records';
import { AppError, badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { billingMessages, mapStripeError } from '../../services/billing/billing-errors';
import { changePlan } from '../../services/billing/change-plan';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `POST /api/account/upgrade` `{ plan, period }`:
 * - with Stripe, from the free plan to a paid one: a Checkout session for the Stripe price of the
 *   plan and billing period (monthly or yearly, PLAN_PRICES); answers the current plan
 *   and `checkoutUrl` (the plan changes on the return, `POST /api/billing/confirm`, or Stripe's
 *   webhook). Moves between paid plans and back to free happen in the billing portal.
 * - in the local billing mode: switches to the plan at once (up or down) and answers it.
 */
export const handler = createHttpHandler(
  billingRoutes.upgradePlan,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    const config = readStripeBillingConfig();
    const mode = billingMode(config);
    if (mode === 'unavailable') throw badRequest(billingMessages.unavailable);

    if (mode === 'local') {
      const result = await changePlan({
        userId: user.id,
        plan: body.plan,
        source: 'local_billing',
        actor: user,
        now,
      });
      if (!result) throw new AppError('UNAUTHORIZED');
      return { body: { plan: body.plan } };
    }

    const holder = await readPlanHolder(user.id);
    if (!holder) throw new AppError('UNAUTHORIZED');
    const current = isPlan(holder.plan) ? holder.plan : 'free';
    if (body.plan === current) throw badRequest(billingMessages.sameStripePlan(current));
    if (current !== 'free' || body.plan === 'free') throw badRequest(billingMessages.useThePortal);
    const priceId = config.planPrices[body.plan][body.period].stripePriceId;
    if (!priceId) throw badRequest(billingMessages.noPrice(body.plan, body.period));
    const checkout = await createCheckoutSession({
      config,
      priceId,
      metadata: { userId: user.id, plan: body.plan, period: body.period },
      customerId: holder.stripeCustomerId,
      email: user.email,
      appOrigin: await resolveAppOrigin(),
    }).catch(mapStripeError(`The ${PLAN_LABELS[body.plan]} plan could not be started.`));
    return { body: { plan: current, checkoutUrl: checkout.url } };
  },
);
