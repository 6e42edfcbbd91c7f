import { publicPlanPrices } from '@expiry-radar/shared/domain/plan-prices';
import { readPlanPrices } from '../../adapters/billing-config';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `GET /api/plan-prices`, public: each plan's price per billing period (the defaults, or the
 * deployment's PLAN_PRICES), without the Stripe price ids.
 */
export const handler = createHttpHandler(billingRoutes.getPlanPrices, () => ({
  body: { prices: publicPlanPrices(readPlanPrices()) },
}));
