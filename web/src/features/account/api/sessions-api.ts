import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

/** Query keys of the account's sessions. */
export const sessionListKeys = {
  all: ['account', 'sessions'] as const,
};

/**
 * Where the user is signed in. Silent: the section says when it fails. Other browsers sign in
 * and are used meanwhile, so the list is read again whenever it is shown and the tab comes back.
 */
export function sessionListQueryOptions() {
  return queryOptions({
    queryKey: sessionListKeys.all,
    queryFn: ({ signal }) => call('listSessions', {}, { signal, silent: true }),
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
}

/** Signs out another session (by the list's id); a refusal is shown by the API client. */
export function useSignOutSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('revokeSession', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionListKeys.all }),
  });
}
