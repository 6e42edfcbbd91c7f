import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

/**
 * What deleting the account would do to each workspace it owns, read when the dialog opens and
 * never kept (members may change meanwhile). Silent: the dialog says when it cannot be had.
 */
export function accountDeletionPreviewQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'deletion-preview'] as const,
    queryFn: ({ signal }) => call('getAccountDeletionPreview', {}, { signal, silent: true }),
    gcTime: 0,
    staleTime: 0,
  });
}
