import type { QueryClient } from '@tanstack/react-query';
import { PLAN_LABELS } from '@expiry-radar/shared/domain/plans';
import { planUpgradedMessage } from '@expiry-radar/shared/messages/success-messages';
import { call } from '../../../lib/api-call';
import { ApiError } from '../../../lib/api-client';
import { localStore, storageKeys } from '../../../lib/local-store';
import { logger } from '../../../lib/logger';
import { showSuccessToast } from '../../../lib/toasts';
import { planQueryOptions } from '../../plan';
import { refreshAfterPlanChange } from './billing-mutations';

/**
 * A return from checkout (`session_id`) or the billing portal (`portal=return`): confirm the
 * checkout, refresh, and record the plan now in force. A cancelled checkout changes nothing.
 */
export async function handleBillingReturn(
  queryClient: QueryClient,
  params: URLSearchParams,
): Promise<void> {
  if (params.get('billing') === 'cancel') return;
  try {
    const sessionId = params.get('session_id');
    if (sessionId) {
      const { plan } = await call('confirmBilling', { body: { session_id: sessionId } });
      showSuccessToast(planUpgradedMessage(PLAN_LABELS[plan]));
    }
    await refreshAfterPlanChange(queryClient);
    const { plan } = await queryClient.fetchQuery(planQueryOptions());
    localStore.set(storageKeys.plan, plan);
  } catch (error) {
    // A failed call was reported (and logged) by the API client already.
    if (!(error instanceof ApiError)) logger.warn('Billing return not completed', error);
  }
}
