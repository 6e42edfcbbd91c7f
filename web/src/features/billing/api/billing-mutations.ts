import type { QueryClient } from '@tanstack/react-query';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { call } from '../../../lib/api-call';
import { localStore, storageKeys } from '../../../lib/local-store';
import { sessionKeys } from '../../session/api/session-keys';
import { workspaceKeys } from '../../workspaces/api/workspace-keys';
import { billingKeys } from './billing-keys';

/**
 * POST /api/account/upgrade: with Stripe, answers `checkoutUrl` to open; in the local billing
 * mode the plan is switched at once (up or down) and the answer is the new plan.
 */
export function upgradePlan(plan: Plan) {
  return call('upgradePlan', { body: { plan } });
}

/** POST /api/billing/portal: the Stripe billing portal's URL (it returns to /billing?portal=return). */
export function openBillingPortal() {
  return call('openBillingPortal');
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
