import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIntegrationBody,
  SyncNowResponse,
  SyncReport,
  UpdateIntegrationBody,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { call } from '../../../lib/api-call';
import { dispatchTokensUpdated } from '../../../lib/tokens-updated';

export const integrationKeys = {
  list: (workspaceId: string) => ['integrations', workspaceId] as const,
};

/** How often the list is read again while a "Sync now" goes on in the background. */
export const SYNC_POLL_MS = 2_000;

/**
 * The workspace's integrations, the plan's limit and the AWS role's external id; read again every
 * SYNC_POLL_MS while one of them is syncing in the background, until its outcome is recorded.
 */
export function useIntegrations(workspaceId: string | null) {
  return useQuery({
    queryKey: integrationKeys.list(workspaceId ?? ''),
    queryFn: ({ signal }) =>
      call('listIntegrations', { params: { id: workspaceId ?? '' } }, { signal }),
    enabled: workspaceId !== null,
    refetchInterval: (query) =>
      query.state.data?.items.some((integration) => integration.syncing_since !== null)
        ? SYNC_POLL_MS
        : false,
  });
}

function useInvalidate(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.list(workspaceId) });
}

/** Silent calls: the dialog shows the refusal at its field, or above the form. */
export function useCreateIntegration(workspaceId: string) {
  const invalidate = useInvalidate(workspaceId);
  return useMutation({
    mutationFn: (body: CreateIntegrationBody) =>
      call('createIntegration', { params: { id: workspaceId }, body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateIntegration(workspaceId: string) {
  const invalidate = useInvalidate(workspaceId);
  return useMutation({
    mutationFn: (input: { iid: string; body: UpdateIntegrationBody; silent?: boolean }) =>
      call(
        'updateIntegration',
        { params: { id: workspaceId, iid: input.iid }, body: input.body },
        { silent: input.silent ?? true },
      ),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteIntegration(workspaceId: string) {
  const invalidate = useInvalidate(workspaceId);
  return useMutation({
    mutationFn: (iid: string) => call('deleteIntegration', { params: { id: workspaceId, iid } }),
    onSuccess: () => invalidate(),
  });
}

/**
 * "Sync now" (writes, then every token list reloads; one going on in the background answers
 * `running` and the list, now polled, shows it) or its preview (writes nothing).
 */
export function useSyncIntegration(workspaceId: string) {
  const invalidate = useInvalidate(workspaceId);
  return useMutation({
    mutationFn: (input: {
      iid: string;
      preview: boolean;
    }): Promise<SyncReport | SyncNowResponse> =>
      input.preview
        ? call('previewIntegrationSync', { params: { id: workspaceId, iid: input.iid } })
        : call('syncIntegration', { params: { id: workspaceId, iid: input.iid } }),
    onSuccess: (report) => {
      if (report.dry_run) return;
      void invalidate();
      dispatchTokensUpdated({ workspaceId });
    },
  });
}

export function useLinkIntegrationToken(workspaceId: string) {
  return useMutation({
    mutationFn: (input: { iid: string; tokenId: string; externalId: string }) =>
      call('linkIntegrationToken', {
        params: { id: workspaceId, iid: input.iid },
        body: { token_id: input.tokenId, external_id: input.externalId },
      }),
    onSuccess: () => dispatchTokensUpdated({ workspaceId }),
  });
}
