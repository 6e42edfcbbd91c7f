import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingInvitation } from '@expiry-radar/shared/api/invitation-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { showSuccessToast } from '../../../lib/toasts';
import {
  acceptInvitation,
  declineInvitation,
  invitationsQueryOptions,
} from '../api/invitation-api';
import { refreshWorkspaces } from '../api/workspace-cache';

export interface Invitations {
  items: PendingInvitation[];
  /** The invitation being answered, if any. */
  busyId: string | null;
  accept: (invitation: PendingInvitation) => Promise<Workspace | undefined>;
  decline: (invitation: PendingInvitation) => Promise<void>;
}

/**
 * The user's pending invitations (for a verified session) and the answers to them. Accepting
 * loads the workspaces again and hands back the joined one; a refusal's toast comes from the
 * API client, and the list is loaded again (the invitation may be gone).
 */
export function useInvitations({ enabled }: { enabled: boolean }): Invitations {
  const queryClient = useQueryClient();
  const query = useQuery({ ...invitationsQueryOptions(), enabled });
  const [busyId, setBusyId] = useState<string | null>(null);

  const answer = async <T>(invitation: PendingInvitation, send: () => Promise<T>) => {
    setBusyId(invitation.id);
    try {
      return await send();
    } finally {
      setBusyId(null);
      await refreshWorkspaces(queryClient);
    }
  };

  return {
    items: enabled ? (query.data?.items ?? []) : [],
    busyId,
    accept: async (invitation) => {
      const joined = await answer(invitation, () => acceptInvitation(invitation.id)).catch(
        () => undefined,
      );
      if (!joined) return undefined;
      showSuccessToast(SUCCESS_MESSAGES.invitationAccepted);
      return joined.workspace;
    },
    decline: async (invitation) => {
      const declined = await answer(invitation, () => declineInvitation(invitation.id)).catch(
        () => undefined,
      );
      if (declined) showSuccessToast(SUCCESS_MESSAGES.invitationDeclined);
    },
  };
}
