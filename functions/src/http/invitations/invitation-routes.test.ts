import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  accept,
  decline,
  invitationPreview,
  invite,
  myInvitations,
} from '../../../test-support/invitation-requests';
import { uniqueEmail, uniqueIp } from '../../../test-support/auth-requests';
import { givenTeam, givenWorkspace } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { keys } from '../../data/keys';
import { findMember, listInvitations } from '../../data/member-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';

const setOnWorkspace = (workspaceId: string, name: string, value: unknown) =>
  getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.workspace(workspaceId),
      UpdateExpression: 'SET #name = :value',
      ExpressionAttributeNames: { '#name': name },
      ExpressionAttributeValues: { ':value': value },
    }),
  );

/** A team workspace and a signed-in, verified invitee with one invitation to it. */
async function givenInvitation(role = 'viewer') {
  const team = await givenTeam();
  const invitee = await givenSignedInUser();
  expect((await invite(team.workspaceId, team.admin.cookie, invitee.email, role)).statusCode).toBe(
    201,
  );
  const [invitation] = await listInvitations(team.workspaceId);
  return { ...team, invitee, invitationId: invitation!.invitationId };
}

describe('GET /api/invitations/preview', () => {
  it("answers the names the email gave for the link's address and invitation id", async () => {
    const team = await givenTeam();
    const email = uniqueEmail('preview').toLowerCase();
    expect((await invite(team.workspaceId, team.admin.cookie, email)).statusCode).toBe(201);
    const [invitation] = await listInvitations(team.workspaceId);
    const response = await invitationPreview({
      email: email.toUpperCase(),
      invitation: invitation!.invitationId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ workspace_name: 'Platform', inviter_name: 'Ada Lovelace' });

    // A rename later changes nothing: the page never says more than the email did.
    await setOnWorkspace(team.workspaceId, 'name', 'Renamed since');
    expect((await invitationPreview({ email, invitation: invitation!.invitationId })).json).toEqual(
      { workspace_name: 'Platform', inviter_name: 'Ada Lovelace' },
    );
  });

  it('answers 404 unless the address and the id belong together', async () => {
    const team = await givenTeam();
    const email = uniqueEmail('preview').toLowerCase();
    const other = uniqueEmail('other').toLowerCase();
    await invite(team.workspaceId, team.admin.cookie, email);
    await invite(team.workspaceId, team.admin.cookie, other);
    const invitations = await listInvitations(team.workspaceId);
    const ofOther = invitations.find((invitation) => invitation.email === other)!;
    for (const query of [
      { email, invitation: ofOther.invitationId },
      { email, invitation: 'not-an-invitation' },
      { email: uniqueEmail('stranger'), invitation: ofOther.invitationId },
    ]) {
      const response = await invitationPreview(query);
      expect(response.statusCode).toBe(404);
      expect(response.json).toEqual({
        error: 'This invitation no longer exists.',
        code: 'NOT_FOUND',
      });
    }
  });

  it('answers 404 for an invitation kept without names, and 400 for a malformed address', async () => {
    const team = await givenTeam();
    const email = uniqueEmail('legacy').toLowerCase();
    await invite(team.workspaceId, team.admin.cookie, email);
    const [invitation] = await listInvitations(team.workspaceId);
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.invitation(team.workspaceId, email),
        UpdateExpression: 'REMOVE workspaceName, inviterName',
      }),
    );
    expect(
      (await invitationPreview({ email, invitation: invitation!.invitationId })).statusCode,
    ).toBe(404);
    expect((await invitationPreview({ email: 'nope', invitation: 'x' })).statusCode).toBe(400);
  });

  it('is limited per client address', async () => {
    const ip = uniqueIp();
    const query = { email: uniqueEmail('probe'), invitation: 'guess' };
    const previews = await Promise.all(
      Array.from({ length: 60 }, () => invitationPreview(query, ip)),
    );
    expect(previews.map((response) => response.statusCode)).toEqual(Array(60).fill(404));
    expect((await invitationPreview(query, ip)).statusCode).toBe(429);
    expect((await invitationPreview(query)).statusCode).toBe(404);
  });
});

describe('GET /api/invitations', () => {
  it("lists the invitations to the user's address with workspace and inviter", async () => {
    const { workspaceId, invitee, invitationId } = await givenInvitation('workspace_manager');
    const response = await myInvitations(invitee.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      items: [
        {
          id: invitationId,
          workspace_id: workspaceId,
          workspace_name: 'Platform',
          role: 'workspace_manager',
          invited_by_name: 'Ada Lovelace',
          invited_at: expect.any(String) as string,
        },
      ],
    });
    const stranger = await givenSignedInUser();
    expect((await myInvitations(stranger.cookie)).json).toEqual({ items: [] });
  });

  it('leaves out invitations of deleted workspaces; needs a verified address', async () => {
    const { workspaceId, invitee } = await givenInvitation();
    await getDocumentClient().send(
      new DeleteCommand({ TableName: getConfig().tableName, Key: keys.workspace(workspaceId) }),
    );
    expect((await myInvitations(invitee.cookie)).json).toEqual({ items: [] });
    const unverified = await givenSignedInUser({ emailVerified: false });
    expect((await myInvitations(unverified.cookie)).json).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      error: 'Please verify your email address first.',
    });
  });
});

describe('POST /api/invitations/{id}/accept', () => {
  it('joins once; a second accept and a stranger get 404', async () => {
    const { workspaceId, invitee, invitationId, outsider } = await givenInvitation();
    expect((await accept(outsider.cookie, invitationId)).statusCode).toBe(404);
    expect(await listInvitations(workspaceId)).toHaveLength(1);
    const accepted = await accept(invitee.cookie, invitationId);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json).toMatchObject({ workspace: { id: workspaceId, role: 'viewer' } });
    expect(await findMember(workspaceId, invitee.userId)).toMatchObject({ role: 'viewer' });
    expect((await accept(invitee.cookie, invitationId)).json).toEqual({
      code: 'NOT_FOUND',
      error: 'This invitation no longer exists.',
    });
    expect((await myInvitations(invitee.cookie)).json).toEqual({ items: [] });
  });

  it('refuses a frozen workspace and keeps the invitation', async () => {
    const { workspaceId, invitee, invitationId } = await givenInvitation();
    await setOnWorkspace(workspaceId, 'isFrozen', true);
    const refused = await accept(invitee.cookie, invitationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
    expect(await findMember(workspaceId, invitee.userId)).toBeUndefined();
    expect(await listInvitations(workspaceId)).toHaveLength(1);
  });

  it('drops the invitation of a workspace deleted meanwhile', async () => {
    const { workspaceId, invitee, invitationId } = await givenInvitation();
    await getDocumentClient().send(
      new DeleteCommand({ TableName: getConfig().tableName, Key: keys.workspace(workspaceId) }),
    );
    expect((await accept(invitee.cookie, invitationId)).json).toEqual({
      code: 'NOT_FOUND',
      error: 'This workspace no longer exists.',
    });
    expect(await listInvitations(workspaceId)).toEqual([]);
    expect(await findMember(workspaceId, invitee.userId)).toBeUndefined();
  });

  it("holds the plan's member limit (a plan dropped since the invitation)", async () => {
    const owner = await givenSignedInUser({ plan: 'pro' });
    const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'pro' });
    const invitee = await givenSignedInUser();
    await invite(workspaceId, owner.cookie, invitee.email);
    const [invitation] = await listInvitations(workspaceId);
    // The owner's plan dropped to Free (one member: the admin) after the invitation was sent.
    await setOnWorkspace(workspaceId, 'plan', 'free');
    const refused = await accept(invitee.cookie, invitation!.invitationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(await findMember(workspaceId, invitee.userId)).toBeUndefined();
  });

  it('many accepts of one invitation join once, without 5xx', async () => {
    const { workspaceId, invitee, invitationId } = await givenInvitation();
    const statuses = (
      await Promise.all(Array.from({ length: 6 }, () => accept(invitee.cookie, invitationId)))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 404 && status !== 409)).toEqual(
      [],
    );
    expect(await findMember(workspaceId, invitee.userId)).toMatchObject({ role: 'viewer' });
  });
});

describe('POST /api/invitations/{id}/decline', () => {
  it('removes the invitation and records it; only the invitee can', async () => {
    const { workspaceId, invitee, invitationId, outsider } = await givenInvitation();
    expect((await decline(outsider.cookie, invitationId)).statusCode).toBe(404);
    const declined = await decline(invitee.cookie, invitationId);
    expect(declined.json).toEqual({ ok: true });
    expect(await listInvitations(workspaceId)).toEqual([]);
    expect(await findMember(workspaceId, invitee.userId)).toBeUndefined();
    const [event] = await listWorkspaceAuditEvents(workspaceId, { count: 1, now: new Date() });
    expect(event).toMatchObject({
      action: 'invitation.declined',
      actor: { id: invitee.userId },
      metadata: { email: invitee.email, role: 'viewer' },
    });
    expect((await accept(invitee.cookie, invitationId)).statusCode).toBe(404);
  });
});
