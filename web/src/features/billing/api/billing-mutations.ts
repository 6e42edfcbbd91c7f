import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BillingPeriod } from '@expiry-radar/shared/domain/plan-prices';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { call } from '../../../lib/api-call';
import { assignLocation } from '../../../lib/browser-location';
import { localStore, storageKeys } from '../../../lib/local-store';
import { planKeys } from '../../plan';
import { refreshSession } from '../../session';
import { workspaceKeys } from '../../workspaces';

/**
 * After a plan change: plan, workspaces (frozen or not) and session (the downgraded notice goes
 * with it) again, and the plan now in force recorded.
 */
export async function refreshAfterPlanChange(queryClient: QueryClient, plan?: Plan): Promise<void> {
  if (plan) localStore.set(storageKeys.plan, plan);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    refreshSession(queryClient),
  ]);
}

/** A plan to change to, and the billing period a checkout bills. */
export interface PlanChoice {
  readonly plan: Plan;
  readonly period: BillingPeriod;
}

/**
 * Changes the plan. With Stripe the answer is a checkout (of the chosen period's price) to open:
 * the browser goes there; in the local billing mode the plan is switched at once (up or down):
 * `onChanged` runs with the new plan (the page's toast), then everything the plan governs reloads.
 */
export function useChangePlanMutation({ onChanged }: { onChanged?: (plan: Plan) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, period }: PlanChoice) => call('upgradePlan', { body: { plan, period } }),
    onSuccess: async (answer) => {
      if (answer.checkoutUrl) {
        assignLocation(answer.checkoutUrl);
        return;
      }
      onChanged?.(answer.plan);
      await refreshAfterPlanChange(queryClient, answer.plan);
    },
  });
}

/** Opens the Stripe billing portal (it returns to /billing?portal=return). */
export function useBillingPortalMutation() {
  return useMutation({
    mutationFn: () => call('openBillingPortal'),
    onSuccess: ({ url }) => assignLocation(url),
  });
}
