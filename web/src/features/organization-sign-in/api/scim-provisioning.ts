import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

const scimKey = ['organization', 'scim'] as const;

/** The organization's SCIM token (whether one exists) and the groups its provider pushed. */
export function useScimSettings() {
  return useQuery({
    queryKey: scimKey,
    queryFn: ({ signal }) => call('getScimSettings', {}, { signal }),
  });
}

/** Token and mapping changes; refusals are shown where they were asked (silent calls). */
export function useScimMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: scimKey });
  return {
    createToken: useMutation({
      mutationFn: () => call('createScimToken', {}, { silent: true }),
      onSuccess: reload,
    }),
    revokeToken: useMutation({
      mutationFn: () => call('revokeScimToken', {}, { silent: true }),
      onSuccess: reload,
    }),
    mapGroup: useMutation({
      mutationFn: (mapping: {
        id: string;
        workspace_id: string | null;
        role: 'workspace_manager' | 'viewer' | null;
      }) =>
        call(
          'mapScimGroup',
          {
            params: { id: mapping.id },
            body: { workspace_id: mapping.workspace_id, role: mapping.role },
          },
          { silent: true },
        ),
      onSuccess: (settings) => queryClient.setQueryData(scimKey, settings),
    }),
  };
}
