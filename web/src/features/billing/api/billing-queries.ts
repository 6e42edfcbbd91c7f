import { queryOptions } from '@tanstack/react-query';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { call } from '../../../lib/api-call';
import { billingKeys } from './billing-keys';

/** GET /api/account/plan, cached 15 s (spec §7). */
export function planQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.plan(),
    queryFn: ({ signal }) => call('getPlan', {}, { signal }),
    staleTime: CLIENT_CACHE_MS.plan,
  });
}

/** GET /api/organization/usage, cached 15 s (spec §7). */
export function organizationUsageQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.usage(),
    queryFn: ({ signal }) => call('getOrganizationUsage', {}, { signal }),
    staleTime: CLIENT_CACHE_MS.organizationUsage,
  });
}

/** POST /api/billing/confirm after a checkout return. */
export function confirmBilling(sessionId: string) {
  return call('confirmBilling', { body: { session_id: sessionId } });
}
