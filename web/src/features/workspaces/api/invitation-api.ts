import { queryOptions } from '@tanstack/react-query';
import {
  acceptInvitationResponse,
  listInvitationsResponse,
} from '@expiry-radar/shared/api/invitation-api-schemas';
import { okResponse } from '@expiry-radar/shared/api/common-schemas';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './workspace-keys';

/**
 * The invitee's calls (route table: listInvitations, acceptInvitation, declineInvitation): the
 * pending invitations to the user's verified address, and the answers to one.
 */
export const INVITATIONS_PATH = '/api/invitations';

/** Under the workspaces' key, so every refresh of the workspaces loads them again too. */
export const invitationKeys = {
  all: [...workspaceKeys.all, 'invitations'] as const,
};

function invitationPath(id: string, action: 'accept' | 'decline'): string {
  return `${INVITATIONS_PATH}/${encodeURIComponent(id)}/${action}`;
}

/** Pending invitations; a failure shows no toast (the list is a side panel, not the page). */
export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: invitationKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(INVITATIONS_PATH, { schema: listInvitationsResponse, signal, silent: true }),
  });
}

/** POST /api/invitations/{id}/accept: joins; answers the workspace with the invited role. */
export function acceptInvitation(id: string) {
  return apiRequest(invitationPath(id, 'accept'), {
    method: 'POST',
    schema: acceptInvitationResponse,
  });
}

/** POST /api/invitations/{id}/decline. */
export function declineInvitation(id: string) {
  return apiRequest(invitationPath(id, 'decline'), { method: 'POST', schema: okResponse });
}
