import { queryOptions } from '@tanstack/react-query';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { call } from '../../../lib/api-call';
import { planKeys } from './plan-keys';

/**
 * The user's plan, its limits and usage, and the billing mode; cached 15 s, and read again as the
 * tab comes back (focus, visible) after that: another tab may have changed the plan.
 */
export function planQueryOptions() {
  return queryOptions({
    queryKey: planKeys.current(),
    queryFn: ({ signal }) => call('getPlan', {}, { signal }),
    staleTime: CLIENT_CACHE_MS.plan,
    refetchOnWindowFocus: true,
  });
}

/** Usage against the plan's limits, per owned workspace; cached 15 s. */
export function organizationUsageQueryOptions() {
  return queryOptions({
    queryKey: planKeys.usage(),
    queryFn: ({ signal }) => call('getOrganizationUsage', {}, { signal }),
    staleTime: CLIENT_CACHE_MS.organizationUsage,
  });
}

/** Each plan's price per billing period (public; the same for everyone); cached 5 minutes. */
export function planPricesQueryOptions() {
  return queryOptions({
    queryKey: planKeys.prices(),
    queryFn: ({ signal }) => call('getPlanPrices', {}, { signal }),
    staleTime: CLIENT_CACHE_MS.planPrices,
  });
}
