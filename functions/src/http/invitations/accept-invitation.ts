import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { acceptOwnInvitation } from '../../services/members/invitation-answers';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `POST /api/invitations/{id}/accept`: joins the workspace with the invited role (the address
 * must be the invited one, verified; within the plan's member limit; not while frozen).
 */
export const handler = createHttpHandler(
  invitationRoutes.acceptInvitation,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    const workspace = await acceptOwnInvitation({ user, invitationId: params.id, now });
    return { body: { workspace } };
  },
);
