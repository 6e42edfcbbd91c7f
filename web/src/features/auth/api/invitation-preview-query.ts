import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

/** What an invitation email's link carries: the invited address and the invitation's id. */
export interface InvitationLink {
  readonly email: string;
  readonly invitation: string;
}

/**
 * The workspace's and the inviter's names the invitation email gave. Silent and not retried: the
 * page then says only that the visitor was invited (the invitation may be gone, or older).
 */
export function invitationPreviewQueryOptions(link: InvitationLink) {
  return queryOptions({
    queryKey: ['invitation-preview', link.email, link.invitation] as const,
    queryFn: ({ signal }) =>
      call('getInvitationPreview', { query: { ...link } }, { signal, silent: true }),
    retry: false,
    staleTime: Infinity,
  });
}
