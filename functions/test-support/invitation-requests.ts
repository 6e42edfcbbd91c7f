/** Requests to the invitation routes and to POST members, as the web sends them. */
import { apiGatewayEvent, invoke } from './api-gateway-event';
import { uniqueIp } from './auth-requests';
import { routeEvent, routeRequest } from './workspace-fixtures';
import { handler as verifyEmail } from '../src/http/auth/verify-email';
import { handler as acceptInvitation } from '../src/http/invitations/accept-invitation';
import { handler as declineInvitation } from '../src/http/invitations/decline-invitation';
import { handler as getInvitationPreview } from '../src/http/invitations/get-invitation-preview';
import { handler as listInvitations } from '../src/http/invitations/list-invitations';
import { handler as addMember } from '../src/http/workspaces/add-member';

export const invite = (workspaceId: string, cookie: string, email: string, role = 'viewer') =>
  invoke(
    addMember,
    routeRequest('POST', '/api/v1/workspaces/{id}/members', {
      params: { id: workspaceId },
      body: { email, role },
      cookie,
    }),
  );

/** The names an invitation link's page shows, asked from `ip` without a session. */
export const invitationPreview = (query: { email: string; invitation: string }, ip?: string) => {
  const event = routeEvent({
    method: 'GET',
    path: '/api/invitations/preview',
    query: new URLSearchParams(query).toString(),
  });
  event.requestContext.http.sourceIp = ip ?? uniqueIp();
  return invoke(getInvitationPreview, event);
};

export const myInvitations = (cookie: string) =>
  invoke(listInvitations, routeEvent({ method: 'GET', path: '/api/invitations', cookie }));

function answer(action: 'accept' | 'decline', cookie: string, invitationId: string) {
  return invoke(
    action === 'accept' ? acceptInvitation : declineInvitation,
    routeRequest('POST', `/api/invitations/{id}/${action}`, {
      params: { id: invitationId },
      cookie,
    }),
  );
}

export const accept = (cookie: string, invitationId: string) =>
  answer('accept', cookie, invitationId);
export const decline = (cookie: string, invitationId: string) =>
  answer('decline', cookie, invitationId);

/** Follows a verification link's token, as the browser does. */
export const followVerificationLink = (token: string) =>
  invoke(
    verifyEmail,
    apiGatewayEvent({ method: 'GET', path: '/auth/verify-email', query: `token=${token}` }),
  );

/** The ids of the invitations GET /api/invitations lists. */
export async function myInvitationIds(cookie: string): Promise<string[]> {
  const response = await myInvitations(cookie);
  if (response.statusCode !== 200) throw new Error(`List failed: ${response.body}`);
  return (response.json as { items: Array<{ id: string }> }).items.map((item) => item.id);
}
