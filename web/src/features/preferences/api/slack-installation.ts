import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

/** `GET .../slack-installation` (route table: getSlackInstallation): the workspace's Slack app. */
export const slackInstallationQueryKey = (workspaceId: string) =>
  ['preferences', 'slack-installation', workspaceId] as const;

export function slackInstallationQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: slackInstallationQueryKey(workspaceId),
    queryFn: ({ signal }) =>
      call('getSlackInstallation', { params: { id: workspaceId } }, { silent: true, signal }),
    staleTime: 30_000,
  });
}

/** "Add to Slack": the browser goes to Slack's authorize page the server answered. */
export function useStartSlackInstallationMutation(workspaceId: string) {
  return useMutation({
    mutationFn: () => call('startSlackInstallation', { params: { id: workspaceId } }),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}

export function useRemoveSlackInstallationMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('deleteSlackInstallation', { params: { id: workspaceId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: slackInstallationQueryKey(workspaceId) }),
  });
}
