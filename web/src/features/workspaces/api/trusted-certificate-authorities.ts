import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListTrustedCasResponse,
  TrustedCa,
} from '@expiry-radar/shared/api/trusted-ca-api-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';
import { workspaceKeys } from './workspace-keys';

const trustedCasKey = (workspaceId: string) =>
  [...workspaceKeys.detail(workspaceId), 'trusted-certificate-authorities'] as const;

export function useTrustedCas(workspaceId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: trustedCasKey(workspaceId),
    enabled: options.enabled,
    queryFn: () => call('listTrustedCertificateAuthorities', { params: { id: workspaceId } }),
  });
}

/** The list with `change` applied, so the page shows it at once. */
function updateList(
  queryClient: ReturnType<typeof useQueryClient>,
  workspaceId: string,
  change: (items: readonly TrustedCa[]) => TrustedCa[],
) {
  queryClient.setQueryData<ListTrustedCasResponse>(trustedCasKey(workspaceId), (current) =>
    current ? { ...current, items: change(current.items) } : current,
  );
}

/** Adds a CA certificate (PEM). Silent: the add dialog shows a refusal under its field. */
export function useAddTrustedCaMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pem: string) =>
      call(
        'addTrustedCertificateAuthority',
        { params: { id: workspaceId }, body: { pem } },
        { silent: true },
      ),
    onSuccess: async (added) => {
      updateList(queryClient, workspaceId, (items) => [...items, added]);
      showSuccessToast(SUCCESS_MESSAGES.trustedCaAdded);
      await queryClient.invalidateQueries({ queryKey: trustedCasKey(workspaceId) });
    },
  });
}

/** Stops trusting a CA; a refusal shows as an error toast and the confirm dialog stays open. */
export function useRemoveTrustedCaMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ca: TrustedCa) =>
      call('removeTrustedCertificateAuthority', { params: { id: workspaceId, caId: ca.id } }),
    onSuccess: async (_answer, removed) => {
      updateList(queryClient, workspaceId, (items) =>
        items.filter((item) => item.id !== removed.id),
      );
      showSuccessToast(SUCCESS_MESSAGES.trustedCaRemoved);
      await queryClient.invalidateQueries({ queryKey: trustedCasKey(workspaceId) });
    },
  });
}
