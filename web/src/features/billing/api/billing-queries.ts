import { queryOptions } from '@tanstack/react-query';
import {
  organizationUsageResponse,
  planResponse,
} from '@expiry-radar/shared/api/billing-api-schemas';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { apiRequest } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/account/plan, cached 15 s (spec §7). */
export function planQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.plan(),
    queryFn: ({ signal }) => apiRequest('/api/account/plan', { schema: planResponse, signal }),
    staleTime: CLIENT_CACHE_MS.plan,
  });
}

/** GET /api/organization/usage, cached 15 s (spec §7). */
export function organizationUsageQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.usage(),
    queryFn: ({ signal }) =>
      apiRequest('/api/organization/usage', { schema: organizationUsageResponse, signal }),
    staleTime: CLIENT_CACHE_MS.organizationUsage,
  });
}

/** POST /api/billing/confirm after a checkout return. */
export function confirmBilling(sessionId: string) {
  return apiRequest('/api/billing/confirm', {
    method: 'POST',
    body: { session_id: sessionId },
    schema: planResponse,
  });
}
