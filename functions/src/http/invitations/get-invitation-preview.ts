import { createHttpHandler } from '../pipeline/create-http-handler';
import { clientIp } from '../pipeline/client-ip';
import { invitationPreview } from '../../services/members/invitation-preview';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `GET /api/invitations/preview?email=…&invitation=…`: the names an invitation email gave its
 * recipient, for the page its link opens; 404 unless the address and the id match a pending
 * invitation. Public (the recipient may have no account yet) and limited per client address.
 */
export const handler = createHttpHandler(
  invitationRoutes.getInvitationPreview,
  async ({ query, event, now }) => ({
    body: await invitationPreview({
      email: query.email,
      invitationId: query.invitation,
      ip: clientIp(event),
      now,
    }),
  }),
);
