import { queryOptions } from '@tanstack/react-query';
import { SESSION_CHECK } from '@expiry-radar/shared/constants/timing';
import { call } from '../../../lib/api-call';

/**
 * Whether the account this browser registered has verified its address (the registration
 * cookie; never for an address that already had an account). Asked every few seconds while the
 * page is in view (TanStack Query holds the interval while the tab is hidden) and again when the
 * window gets focus, until it says verified. Silent and not retried: the next check is a few
 * seconds away.
 */
export function registrationStatusQueryOptions() {
  return queryOptions({
    queryKey: ['registration-status'] as const,
    queryFn: ({ signal }) => call('getRegistrationStatus', {}, { signal, silent: true }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.verified === true ? false : SESSION_CHECK.verificationWatchMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}
