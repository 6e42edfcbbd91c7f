/**
 * Invitation takeover: an invitation becomes a membership only when the owner of the invited
 * address, verified, accepts it. Registering, signing in, verifying or changing the address
 * never joins by itself, and an address change never carries invitations along.
 */
import { invoke } from '../../../test-support/api-gateway-event';
import {
  givenRegisteredUser,
  registerThroughHandler,
  signInThroughHandler,
  TEST_PASSWORD,
} from '../../../test-support/account-fixtures';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from '../../../test-support/auth-requests';
import {
  accept,
  followVerificationLink,
  invite,
  myInvitationIds,
  myInvitations,
} from '../../../test-support/invitation-requests';
import { latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { givenTeam } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { findMember, listInvitations } from '../../data/member-records';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { handler as login } from '../auth/login';
import { handler as updateAccount } from '../auth/update-account';

/** Registers, then signs in (registering starts no session). */
const registerAs = async (email: string) => {
  await registerThroughHandler(email);
  return signInThroughHandler(email);
};

const signIn = async (email: string) => {
  const response = await invoke(
    login,
    mutationEvent({
      method: 'POST',
      path: '/auth/login',
      body: { email, password: TEST_PASSWORD },
    }),
  );
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response.cookies)!;
};

const signInRefused = async (email: string) =>
  (
    await invoke(
      login,
      mutationEvent({
        method: 'POST',
        path: '/auth/login',
        body: { email, password: TEST_PASSWORD },
      }),
    )
  ).statusCode === 401;

const changeEmail = (cookie: string, email: string) =>
  invoke(
    updateAccount,
    mutationEvent({
      method: 'PUT',
      path: '/auth/account',
      body: { email, currentPassword: TEST_PASSWORD },
      cookies: [cookie],
    }),
  );

const invitedId = async (workspaceId: string, email: string) =>
  (await listInvitations(workspaceId)).find((invitation) => invitation.email === email)!
    .invitationId;

describe('invitations never join by themselves', () => {
  it('registering an invited address joins nothing; only verifying it and accepting does', async () => {
    const { workspaceId, admin } = await givenTeam();
    const email = uniqueEmail('newcomer').toLowerCase();
    expect((await invite(workspaceId, admin.cookie, email, 'workspace_manager')).statusCode).toBe(
      201,
    );
    const { userId, cookie } = await registerAs(email);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    expect(await listMembershipsOfUser(userId)).not.toContainEqual(
      expect.objectContaining({ workspaceId }),
    );

    const id = await invitedId(workspaceId, email);
    const unverified = await accept(cookie, id);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect((await myInvitations(cookie)).statusCode).toBe(403);
    expect(await findMember(workspaceId, userId)).toBeUndefined();

    const verified = await followVerificationLink(linkToken(await latestEmailTo(email)));
    expect(verified.headers?.location).toBe('/dashboard?verification_success=true');
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    expect(await myInvitationIds(cookie)).toEqual([id]);

    const accepted = await accept(cookie, id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json).toEqual({
      workspace: {
        id: workspaceId,
        name: 'Platform',
        plan: 'team',
        role: 'workspace_manager',
        is_frozen: false,
        require_two_factor: false,
        token_count: 0,
      },
    });
    expect(await findMember(workspaceId, userId)).toMatchObject({ role: 'workspace_manager' });
    expect(await listInvitations(workspaceId)).toEqual([]);
    const [event] = await listWorkspaceAuditEvents(workspaceId, { count: 1, now: new Date() });
    expect(event).toMatchObject({
      action: 'invitation.accepted',
      actor: { id: userId },
      metadata: { role: 'workspace_manager', invitationId: id },
    });
  });

  it("asking to move to an invited address joins nothing: the address is not the account's until verified", async () => {
    const { cookie, userId, email, verificationToken } = await givenRegisteredUser('switcher');
    await followVerificationLink(verificationToken);
    const { workspaceId, admin } = await givenTeam();
    const victim = uniqueEmail('victim').toLowerCase();
    await invite(workspaceId, admin.cookie, victim);

    expect((await changeEmail(cookie, victim)).statusCode).toBe(200);
    // The pending address signs nobody in and shows its invitations to nobody.
    expect(await signInRefused(victim)).toBe(true);
    const id = await invitedId(workspaceId, victim);
    expect(await myInvitationIds(cookie)).toEqual([]);
    expect((await accept(cookie, id)).statusCode).toBe(404);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    expect(await listInvitations(workspaceId)).toHaveLength(1);

    // Only the owner of the address can complete the move: the link goes to the new address.
    const mail = await latestEmailTo(victim);
    expect(mail?.subject).toBe('Confirm your new email address for Expiry Radar');
    await followVerificationLink(linkToken(mail));
    const again = await signIn(victim);
    expect(await signInRefused(email)).toBe(true);
    expect(await myInvitationIds(again)).toEqual([id]);
    expect((await accept(again, id)).statusCode).toBe(200);
    expect(await findMember(workspaceId, userId)).toMatchObject({ role: 'viewer' });
  });

  it('an address change after the invitation never carries it along', async () => {
    const { cookie, userId, email, verificationToken } = await givenRegisteredUser('mover');
    await followVerificationLink(verificationToken);
    const { workspaceId, admin } = await givenTeam();
    await invite(workspaceId, admin.cookie, email);
    const id = await invitedId(workspaceId, email);
    expect(await myInvitationIds(cookie)).toEqual([id]);

    const moved = uniqueEmail('moved').toLowerCase();
    expect((await changeEmail(cookie, moved)).statusCode).toBe(200);
    await followVerificationLink(linkToken(await latestEmailTo(moved)));
    const session = await signIn(moved);
    expect(await myInvitationIds(session)).toEqual([]);
    const refused = await accept(session, id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json).toEqual({
      code: 'NOT_FOUND',
      error: 'This invitation no longer exists.',
    });
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    // The invitation still waits for whoever holds the invited address.
    expect(await listInvitations(workspaceId)).toEqual([
      expect.objectContaining({ email, invitationId: id }),
    ]);
  });

  it('signing in with a pending invitation joins nothing', async () => {
    const { email, userId, verificationToken } = await givenRegisteredUser('existing');
    await followVerificationLink(verificationToken);
    const { workspaceId, admin } = await givenTeam();
    await invite(workspaceId, admin.cookie, email);
    const session = await signIn(email);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
    expect(await myInvitationIds(session)).toHaveLength(1);
    expect(await findMember(workspaceId, userId)).toBeUndefined();
  });
});
