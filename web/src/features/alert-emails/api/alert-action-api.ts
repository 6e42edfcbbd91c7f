import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

/**
 * What a signed action link of an alert would do (route table: getAlertActionLink); a refusal
 * (not valid, expired, used, out of date, deleted token, or a recipient who may not take the
 * action now, such as a viewer) is the page's to show instead of its form, so it is silent and
 * not retried.
 */
export function useAlertActionLinkQuery(token: string) {
  return useQuery({
    queryKey: ['alert-action-link', token],
    queryFn: ({ signal }) =>
      call('getAlertActionLink', { query: { token } }, { silent: true, signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** The confirmation page's button (route table: takeAlertAction); refusals show inline. */
export function useTakeAlertActionMutation(token: string) {
  return useMutation({
    mutationFn: (body: { until?: string; expires_at?: string }) =>
      call('takeAlertAction', { query: { token }, body }, { silent: true }),
  });
}
