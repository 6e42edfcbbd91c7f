import { invoke } from '../../../test-support/api-gateway-event';
import { TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, uniqueEmail } from '../../../test-support/auth-requests';
import { givenTeam, routeEvent } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { findMember, listInvitations } from '../../data/member-records';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { handler as login } from '../auth/login';
import { handler as register } from '../auth/register';
import { handler as addMember } from './add-member';

const invite = (workspaceId: string, cookie: string, email: string, role: string) =>
  invoke(
    addMember,
    routeEvent({
      method: 'POST',
      path: `/api/v1/workspaces/${workspaceId}/members`,
      routePath: '/api/v1/workspaces/{id}/members',
      pathParameters: { id: workspaceId },
      body: { email, role },
      cookie,
    }),
  );

describe('joining invited workspaces', () => {
  it('joins on registering with the invited address, with the invited role', async () => {
    const { workspaceId, admin } = await givenTeam();
    const email = uniqueEmail('newcomer');
    expect((await invite(workspaceId, admin.cookie, email, 'workspace_manager')).statusCode).toBe(
      201,
    );
    const response = await invoke(
      register,
      mutationEvent({
        method: 'POST',
        path: '/auth/register',
        body: { email, password: TEST_PASSWORD },
      }),
    );
    expect(response.statusCode).toBe(201);
    const { user } = response.json as { user: { id: string } };
    expect(await findMember(workspaceId, user.id)).toMatchObject({ role: 'workspace_manager' });
    expect(await listInvitations(workspaceId)).toEqual([]);
    const [event] = await listWorkspaceAuditEvents(workspaceId, { count: 1, now: new Date() });
    expect(event).toMatchObject({ action: 'member.joined', actor: { id: user.id } });
  });

  it('joins on signing in when the account came after the invitation was sent', async () => {
    const email = uniqueEmail('existing');
    const registered = await invoke(
      register,
      mutationEvent({
        method: 'POST',
        path: '/auth/register',
        body: { email, password: TEST_PASSWORD },
      }),
    );
    const { user } = registered.json as { user: { id: string } };
    const { workspaceId } = await givenTeam();
    // An invitation written while the address had no account (e.g. it was changed since).
    const { createInvitation } = await import('../../data/member-records');
    await createInvitation({
      workspaceId,
      email,
      role: 'viewer',
      invitedBy: 'someone',
      now: new Date(),
    });
    const response = await invoke(
      login,
      mutationEvent({
        method: 'POST',
        path: '/auth/login',
        body: { email, password: TEST_PASSWORD },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(await listMembershipsOfUser(user.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ workspaceId, role: 'viewer' })]),
    );
    expect(await listInvitations(workspaceId)).toEqual([]);
  });
});
