import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { listPendingInvitations } from '../../services/members/invitation-answers';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/** `GET /api/invitations`: the pending invitations to the user's current, verified address. */
export const handler = createHttpHandler(invitationRoutes.listInvitations, async ({ session }) => {
  const { user } = requireSession(session);
  return { body: { items: await listPendingInvitations(user) } };
});
