import { isPlan } from '@expiry-radar/shared/domain/plans';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { planBody } from '../../services/billing/plan-body';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `GET /api/account/plan`: the caller's plan, its limits, the billing mode (Stripe or the local
 * billing mode), and their usage: the workspaces they own with tokens and members in each.
 */
export const handler = createHttpHandler(billingRoutes.getPlan, async ({ session }) => {
  const { user } = requireSession(session);
  return { body: await planBody(user.id, isPlan(user.plan) ? user.plan : 'free') };
});
