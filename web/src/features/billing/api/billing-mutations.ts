import type { QueryClient } from '@tanstack/react-query';
import {
  billingPortalResponse,
  upgradePlanResponse,
} from '@expiry-radar/shared/api/billing-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { apiRequest } from '../../../lib/api-client';
import { localStore, storageKeys } from '../../../lib/local-store';
import { sessionKeys } from '../../session/api/session-keys';
import { workspaceKeys } from '../../workspaces/api/workspace-keys';
import { billingKeys } from './billing-keys';

/**
 * POST /api/account/upgrade: with Stripe, answers `checkoutUrl` to open; in the local billing
 * mode the plan is switched at once (up or down) and the answer is the new plan.
 */
export function upgradePlan(plan: Plan) {
  return apiRequest('/api/account/upgrade', {
    method: 'POST',
    body: { plan },
    schema: upgradePlanResponse,
  });
}

/** POST /api/billing/portal: the Stripe billing portal's URL (it returns to /billing?portal=return). */
export function openBillingPortal() {
  return apiRequest('/api/billing/portal', { method: 'POST', schema: billingPortalResponse });
}

/**
 * After a plan change (spec §4): plan, workspaces and session again (the downgraded notice goes
 * with the session), and the plan now in force recorded.
 */
export async function refreshAfterPlanChange(queryClient: QueryClient, plan?: Plan): Promise<void> {
  if (plan) localStore.set(storageKeys.plan, plan);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  ]);
}
