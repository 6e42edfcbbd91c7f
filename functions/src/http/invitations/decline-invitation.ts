import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { declineOwnInvitation } from '../../services/members/invitation-answers';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/** `POST /api/invitations/{id}/decline`: removes an invitation to the user's address. */
export const handler = createHttpHandler(
  invitationRoutes.declineInvitation,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    await declineOwnInvitation({ user, invitationId: params.id, now });
    return { body: { ok: true } };
  },
);
