import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIntegrationBody,
  UpdateIntegrationBody,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { call } from '../../../lib/api-call';
import { dispatchTokensUpdated } from '../../../lib/tokens-updated';

export const integrationKeys = {
  list: (workspaceId: string) => ['integrations', workspaceId] as const,
};

/** The workspace's integrations, the plan's limit and the AWS role's external id. */
export function useIntegrations(workspaceId: string | null) {
  return useQuery({
    queryKey: integrationKeys.list(workspaceId ?? ''),
    queryFn: ({ signal }) =>
      call('listIntegrations', { params: { id: workspaceId ?? '' } }, { signal }),
    enabled: workspaceId !== null,
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

/** "Sync now" (writes, then every token list reloads) or its preview (writes nothing). */
export function useSyncIntegration(workspaceId: string) {
  const invalidate = useInvalidate(workspaceId);
  return useMutation({
    mutationFn: (input: { iid: string; preview: boolean }) =>
      call(input.preview ? 'previewIntegrationSync' : 'syncIntegration', {
        params: { id: workspaceId, iid: input.iid },
      }),
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
