import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '@expiry-radar/shared/api/api-key-api-schemas';
import { call } from '../../../lib/api-call';

/** Query keys of the account's API keys. */
export const apiKeyKeys = {
  all: ['account', 'api-keys'] as const,
};

/**
 * The user's API keys and their plan's limit. Silent: the section says when it fails. A key is
 * used elsewhere (a script, a terminal), so its last use is read again when the user comes back
 * to the tab and whenever the list is shown again, not only after a reload.
 */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => call('listApiKeys', {}, { signal, silent: true }),
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
}

/** Creates a key; the answer holds its secret, shown once. Silent: the dialog places refusals. */
export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyInput) => call('createApiKey', { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => call('revokeApiKey', { params: { keyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
