import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { listPendingInvitations } from '../../services/members/invitation-answers';

/** `GET /api/invitations`: the pending invitations to the user's current, verified address. */
export const handler = createHttpHandler('listInvitations', async ({ session }) => {
  const { user } = requireSession(session);
  return { body: { items: await listPendingInvitations(user) } };
});
