import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddWatchedDomainBody,
  UpdateWatchedDomainBody,
  WatchedDomain,
} from '@expiry-radar/shared/api/watched-domain-api-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';
import { tokenKeys } from '../../tokens';
import { workspaceKeys } from './workspace-keys';

const watchKey = (workspaceId: string) =>
  [...workspaceKeys.detail(workspaceId), 'watched-domains'] as const;

/** The workspace's watched domains, its Cert Spotter key's state and the certificates seen. */
export function useWatchedDomains(workspaceId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: watchKey(workspaceId),
    enabled: options.enabled,
    queryFn: () => call('listWatchedDomains', { params: { id: workspaceId } }),
  });
}

/** The mutations of the section, each reloading the list after it. */
export function useWatchedDomainMutations(workspaceId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: watchKey(workspaceId) });
  const params = { id: workspaceId };
  return {
    /** Silent: the form shows a refusal under its field. */
    add: useMutation({
      mutationFn: (body: AddWatchedDomainBody) =>
        call('addWatchedDomain', { params, body }, { silent: true }),
      onSuccess: async () => {
        showSuccessToast(SUCCESS_MESSAGES.watchedDomainAdded);
        await reload();
      },
    }),
    update: useMutation({
      mutationFn: ({ domain, body }: { domain: WatchedDomain; body: UpdateWatchedDomainBody }) =>
        call('updateWatchedDomain', { params: { ...params, domain: domain.domain }, body }),
      onSuccess: async () => {
        showSuccessToast(SUCCESS_MESSAGES.watchedDomainUpdated);
        await reload();
      },
    }),
    remove: useMutation({
      mutationFn: (domain: WatchedDomain) =>
        call('removeWatchedDomain', { params: { ...params, domain: domain.domain } }),
      onSuccess: async () => {
        showSuccessToast(SUCCESS_MESSAGES.watchedDomainRemoved);
        await reload();
      },
    }),
    /** Silent: the key's field shows a refusal. */
    setKey: useMutation({
      mutationFn: (apiKey: string | null) =>
        call(
          'setCertificateTransparencyKey',
          { params, body: { api_key: apiKey } },
          { silent: true },
        ),
      onSuccess: async (answer) => {
        showSuccessToast(
          answer.api_key_set ? SUCCESS_MESSAGES.ctApiKeySaved : SUCCESS_MESSAGES.ctApiKeyRemoved,
        );
        await reload();
      },
    }),
    addToInventory: useMutation({
      mutationFn: (certificateId: string) =>
        call('addCertificateToInventory', { params: { ...params, certificateId } }),
      onSuccess: async () => {
        showSuccessToast(SUCCESS_MESSAGES.certificateAddedToInventory);
        await Promise.all([
          reload(),
          queryClient.invalidateQueries({ queryKey: tokenKeys.workspace(workspaceId) }),
        ]);
      },
    }),
  };
}
