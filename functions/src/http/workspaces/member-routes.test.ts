import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { invoke } from '../../../test-support/api-gateway-event';
import { uniqueEmail } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { emailsTo, latestEmailTo } from '../../../test-support/sent-emails';
import { givenTeam, givenWorkspace, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { keys } from '../../data/keys';
import { findMember, listInvitations } from '../../data/member-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { auditEventView } from '../../services/audit/audit-event-view';
import { handler as addMember } from './add-member';
import { handler as listMembers } from './list-members';
import { handler as removeMember } from './remove-member';
import { handler as updateMember } from './update-member';

const MEMBERS_ROUTE = '/api/v1/workspaces/{id}/members';

const members = (workspaceId: string, cookie: string, query = '') =>
  invoke(
    listMembers,
    routeRequest('GET', MEMBERS_ROUTE, { params: { id: workspaceId }, query, cookie }),
  );

const add = (workspaceId: string, cookie: string, body: unknown) =>
  invoke(
    addMember,
    routeRequest('POST', MEMBERS_ROUTE, { params: { id: workspaceId }, body, cookie }),
  );

const onMember = (
  method: 'PATCH' | 'DELETE',
  workspaceId: string,
  userId: string,
  cookie: string,
  body?: unknown,
) =>
  routeRequest(method, `${MEMBERS_ROUTE}/{userId}`, {
    params: { id: workspaceId, userId },
    cookie,
    body,
  });

const update = (workspaceId: string, userId: string, cookie: string, body: unknown) =>
  invoke(updateMember, onMember('PATCH', workspaceId, userId, cookie, body));
const remove = (workspaceId: string, userId: string, cookie: string) =>
  invoke(removeMember, onMember('DELETE', workspaceId, userId, cookie));

const lastEvent = async (workspaceId: string) =>
  (await listWorkspaceAuditEvents(workspaceId, { count: 1, now: new Date() })).map(
    auditEventView,
  )[0];

describe('GET /api/v1/workspaces/{id}/members', () => {
  it('lists members (admin first) and pending invitations, paged', async () => {
    const { workspaceId, admin, manager, viewer } = await givenTeam();
    await add(workspaceId, admin.cookie, { email: 'zed-invitee@example.com', role: 'viewer' });
    const response = await members(workspaceId, viewer.cookie);
    expect(response.statusCode).toBe(200);
    const person = (user: { userId: string; email: string }, role: string) => ({
      user_id: user.userId,
      email: user.email,
      display_name: 'Ada Lovelace',
      role,
      status: 'active',
      joined_at: expect.any(String) as string,
    });
    expect(response.json).toEqual({
      items: [
        person(admin, 'admin'),
        person(manager, 'workspace_manager'),
        person(viewer, 'viewer'),
        {
          user_id: expect.any(String) as string,
          email: 'zed-invitee@example.com',
          display_name: null,
          role: 'viewer',
          status: 'invited',
          joined_at: null,
        },
      ],
      total: 4,
    });
    const page = await members(workspaceId, viewer.cookie, 'limit=2&offset=1');
    expect((page.json as { items: Array<{ role: string }> }).items.map((m) => m.role)).toEqual([
      'workspace_manager',
      'viewer',
    ]);
  });

  it('finds members and invitations by part of a name or an address, without regard to case', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    await add(workspaceId, admin.cookie, { email: 'zed-invitee@example.com', role: 'viewer' });
    const found = async (q: string) => {
      const response = await members(workspaceId, admin.cookie, `q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const { items, total } = response.json as { items: Array<{ email: string }>; total: number };
      return { emails: items.map((member) => member.email), total };
    };
    expect(await found(manager.email.toUpperCase())).toEqual({ emails: [manager.email], total: 1 });
    expect(await found('ZED-INV')).toEqual({ emails: ['zed-invitee@example.com'], total: 1 });
    // Every active member here is named Ada Lovelace: the name finds them, paged as usual.
    expect((await found(' lovelace ')).total).toBe(3);
    expect(await found('nobody-by-this-name')).toEqual({ emails: [], total: 0 });
    const tooLong = await members(workspaceId, admin.cookie, `q=${'a'.repeat(255)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json).toMatchObject({ error: 'Search must be 254 characters or less' });
  });
});

describe('POST /api/v1/workspaces/{id}/members', () => {
  it('invites an existing account too: no membership, and no name before it accepts', async () => {
    const { workspaceId, manager } = await givenTeam();
    const newcomer = await givenSignedInUser();
    const response = await add(workspaceId, manager.cookie, {
      email: newcomer.email.toUpperCase(),
      role: 'workspace_manager',
    });
    expect(response.statusCode).toBe(201);
    const [invitation] = await listInvitations(workspaceId);
    const invited = {
      user_id: invitation!.invitationId,
      email: newcomer.email,
      display_name: null,
      role: 'workspace_manager',
      status: 'invited',
      joined_at: null,
    };
    expect(response.json).toEqual(invited);
    expect(await findMember(workspaceId, newcomer.userId)).toBeUndefined();
    const listed = (await members(workspaceId, manager.cookie)).json as {
      items: Array<{ user_id: string }>;
    };
    expect(listed.items).toContainEqual(invited);
    expect(listed.items.map((member) => member.user_id)).not.toContain(newcomer.userId);
    const sent = await latestEmailTo(newcomer.email);
    expect(sent?.subject).toBe('Ada Lovelace invited you to Platform on Expiry Radar');
    expect(sent?.body.text).toContain(
      `/login?email=${encodeURIComponent(newcomer.email)}&invitation=${invitation!.invitationId}`,
    );
    expect(await lastEvent(workspaceId)).toMatchObject({
      action: 'member.invited',
      actor: { id: manager.userId },
      target_type: 'invitation',
      target_id: invitation!.invitationId,
      metadata: { email: newcomer.email, role: 'workspace_manager' },
    });
  });

  it('invites an unknown address by email', async () => {
    const { workspaceId, admin } = await givenTeam();
    const email = uniqueEmail('invitee').toLowerCase();
    const response = await add(workspaceId, admin.cookie, { email, role: 'viewer' });
    expect(response.statusCode).toBe(201);
    expect(response.json).toMatchObject({ email, role: 'viewer', status: 'invited' });
    const sent = await latestEmailTo(email);
    expect(sent?.subject).toBe('Ada Lovelace invited you to Platform on Expiry Radar');
    const [invitation] = (await listInvitations(workspaceId)).filter(
      (candidate) => candidate.email === email,
    );
    expect(sent?.body.text).toContain(
      `/register?email=${encodeURIComponent(email)}&invitation=${invitation!.invitationId}`,
    );
    expect(await lastEvent(workspaceId)).toMatchObject({
      action: 'member.invited',
      target_type: 'invitation',
      metadata: { email, role: 'viewer' },
    });
  });

  it('answers 409 for a member or an invitation that exists', async () => {
    const { workspaceId, admin, viewer } = await givenTeam();
    expect(
      (await add(workspaceId, admin.cookie, { email: viewer.email, role: 'viewer' })).json,
    ).toEqual({
      code: 'CONFLICT',
      error: 'This person is already a member of the workspace.',
    });
    const email = uniqueEmail('twice');
    expect((await add(workspaceId, admin.cookie, { email, role: 'viewer' })).statusCode).toBe(201);
    const again = await add(workspaceId, admin.cookie, { email, role: 'workspace_manager' });
    expect(again.statusCode).toBe(409);
    expect(again.json).toMatchObject({
      error: 'This address has already been invited to the workspace.',
    });
  });

  it("answers 409 PLAN_LIMIT beyond the plan's members, invitations included", async () => {
    const owner = await givenSignedInUser({ plan: 'free' });
    const personal = await givenWorkspace({ ownerId: owner.userId, plan: 'free' });
    const refused = await add(personal, owner.cookie, { email: uniqueEmail(), role: 'viewer' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toEqual({
      code: 'PLAN_LIMIT',
      error:
        'A workspace on the Free plan can have 1 member (pending invitations included). Upgrade the plan to add more members.',
    });
    const pro = await givenSignedInUser({ plan: 'pro' });
    const team = await givenWorkspace({ ownerId: pro.userId, plan: 'pro' });
    for (let index = 0; index < 4; index += 1) {
      expect(
        (await add(team, pro.cookie, { email: uniqueEmail(), role: 'viewer' })).statusCode,
      ).toBe(201);
    }
    expect(
      (await add(team, pro.cookie, { email: uniqueEmail(), role: 'viewer' })).json,
    ).toMatchObject({ code: 'PLAN_LIMIT' });
  });

  it('holds the member limit under concurrent invitations', async () => {
    const pro = await givenSignedInUser({ plan: 'pro' });
    const team = await givenWorkspace({ ownerId: pro.userId, plan: 'pro' });
    expect((await add(team, pro.cookie, { email: uniqueEmail(), role: 'viewer' })).statusCode).toBe(
      201,
    );
    const responses = await Promise.all(
      Array.from({ length: 7 }, () =>
        add(team, pro.cookie, { email: uniqueEmail(), role: 'viewer' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409]);
    expect(await listInvitations(team)).toHaveLength(4);
  });

  it('never answers 5xx to a burst of invitations to one workspace (201 or 409)', async () => {
    const owner = await givenSignedInUser({ plan: 'enterprise' });
    // One invitation per manager: the burst contends on the workspace, not on a rate limit.
    const managers = await Promise.all(
      Array.from({ length: 12 }, () => givenSignedInUser({ plan: 'enterprise' })),
    );
    const team = await givenWorkspace({
      ownerId: owner.userId,
      plan: 'enterprise',
      members: managers.map((manager) => ({
        userId: manager.userId,
        role: 'workspace_manager' as const,
      })),
    });
    const responses = await Promise.all(
      managers.map((manager) =>
        add(team, manager.cookie, { email: uniqueEmail(), role: 'viewer' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json).toEqual({
        code: 'CONFLICT',
        error: 'Too many changes to this workspace at once. Please try again.',
      });
    }
    expect(await listInvitations(team)).toHaveLength(
      statuses.filter((status) => status === 201).length,
    );
  }, 120_000);

  it('limits invitations per sender (429 with when to try again)', async () => {
    const owner = await givenSignedInUser({ plan: 'enterprise' });
    const team = await givenWorkspace({ ownerId: owner.userId, plan: 'enterprise' });
    for (let index = 0; index < 30; index += 1) {
      const response = await add(team, owner.cookie, { email: uniqueEmail(), role: 'viewer' });
      expect(response.statusCode).toBe(201);
    }
    const refused = await add(team, owner.cookie, { email: uniqueEmail(), role: 'viewer' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers?.['retry-after']);
    expect(seconds).toBeGreaterThan(3000);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.json).toEqual({
      code: 'RATE_LIMITED',
      error: 'Too many requests. Please wait a moment and try again.',
      details: [{ path: 'retryAfterSeconds', message: String(seconds) }],
    });
    expect(await listInvitations(team)).toHaveLength(30);
  });

  it('limits invitations per address, across senders: invite, cancel, invite again', async () => {
    const { workspaceId, admin } = await givenTeam();
    const email = uniqueEmail('flooded').toLowerCase();
    for (let round = 0; round < 5; round += 1) {
      expect((await add(workspaceId, admin.cookie, { email, role: 'viewer' })).statusCode).toBe(
        201,
      );
      const [invitation] = await listInvitations(workspaceId);
      expect((await remove(workspaceId, invitation!.invitationId, admin.cookie)).statusCode).toBe(
        200,
      );
    }
    expect((await add(workspaceId, admin.cookie, { email, role: 'viewer' })).statusCode).toBe(429);
    const other = await givenTeam();
    const elsewhere = await add(other.workspaceId, other.admin.cookie, { email, role: 'viewer' });
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers?.['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await emailsTo(email)).toHaveLength(5);
  });

  it('keeps names out of the subject unescaped, and caps them', async () => {
    const { workspaceId, admin } = await givenTeam();
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.user(admin.userId),
        UpdateExpression: 'SET displayName = :name',
        ExpressionAttributeValues: { ':name': 'Mallory\r\nBcc: victim@example.com' },
      }),
    );
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(workspaceId),
        UpdateExpression: 'SET #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': `<b>Pay now</b>\n${'x'.repeat(100)}` },
      }),
    );
    const email = uniqueEmail('escaped').toLowerCase();
    expect((await add(workspaceId, admin.cookie, { email, role: 'viewer' })).statusCode).toBe(201);
    const sent = await latestEmailTo(email);
    expect(sent?.subject).toBe(
      `Mallory Bcc: victim@example.com invited you to <b>Pay now</b> ${'x'.repeat(44)}… on Expiry Radar`,
    );
    expect(sent?.body.html).toContain('&lt;b&gt;Pay now&lt;/b&gt;');
    expect(sent?.body.html).not.toContain('<b>Pay now');
  });

  it('validates the address and the role', async () => {
    const { workspaceId, admin } = await givenTeam();
    for (const [body, message] of [
      [{ email: 'not-an-address', role: 'viewer' }, 'Please enter a valid email address'],
      [{ role: 'viewer' }, 'Please enter a valid email address'],
      [{ email: 'a@example.com' }, 'Role is required'],
      [{ email: 'a@example.com', role: 'admin' }, 'Role must be workspace_manager or viewer'],
      [{ email: 'a@example.com', role: 'owner' }, 'Role must be workspace_manager or viewer'],
    ] as const) {
      const response = await add(workspaceId, admin.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    }
  });

  it('refuses viewers, frozen workspaces and strangers', async () => {
    const { workspaceId, viewer, outsider, admin } = await givenTeam();
    const body = { email: uniqueEmail(), role: 'viewer' };
    expect((await add(workspaceId, viewer.cookie, body)).json).toEqual({
      code: 'FORBIDDEN',
      error: 'Viewers have read-only access to this workspace.',
    });
    expect((await add(workspaceId, outsider.cookie, body)).statusCode).toBe(404);
    const frozen = await givenWorkspace({ ownerId: admin.userId, frozen: true });
    expect((await add(frozen, admin.cookie, body)).json).toMatchObject({
      code: 'WORKSPACE_FROZEN',
    });
  });
});

describe('PATCH /api/v1/workspaces/{id}/members/{userId}', () => {
  it("changes a member's role and an invitation's role", async () => {
    const { workspaceId, admin, viewer } = await givenTeam();
    const response = await update(workspaceId, viewer.userId, admin.cookie, {
      role: 'workspace_manager',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      user_id: viewer.userId,
      email: viewer.email,
      role: 'workspace_manager',
      status: 'active',
    });
    expect(await lastEvent(workspaceId)).toMatchObject({
      action: 'member.role_updated',
      target_id: viewer.userId,
      // Named by address, as it was then: the log reads without the account.
      target_name: viewer.email,
      metadata: { from: 'viewer', to: 'workspace_manager', email: viewer.email },
    });
    await add(workspaceId, admin.cookie, { email: 'later@example.com', role: 'viewer' });
    const [invitation] = await listInvitations(workspaceId);
    const invited = await update(workspaceId, invitation!.invitationId, admin.cookie, {
      role: 'workspace_manager',
    });
    expect(invited.json).toMatchObject({ status: 'invited', role: 'workspace_manager' });
  });

  it('protects the admin and one’s own role; 404 for unknown members; validates', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    const demote = await update(workspaceId, admin.userId, manager.cookie, { role: 'viewer' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json).toMatchObject({
      error: "The workspace admin's role cannot be changed, and the admin cannot be removed.",
    });
    const own = await update(workspaceId, manager.userId, manager.cookie, { role: 'viewer' });
    expect(own.json).toEqual({ code: 'FORBIDDEN', error: 'You cannot change your own role.' });
    const unknown = await update(workspaceId, randomUUID(), admin.cookie, { role: 'viewer' });
    expect(unknown.json).toEqual({ code: 'NOT_FOUND', error: 'Member not found.' });
    const invalid = await update(workspaceId, manager.userId, admin.cookie, { role: 'admin' });
    expect(invalid.json).toMatchObject({ error: 'Role must be workspace_manager or viewer' });
  });
});

describe('DELETE /api/v1/workspaces/{id}/members/{userId}', () => {
  it('removes a member, cancels an invitation, and lets a manager leave', async () => {
    const { workspaceId, admin, manager, viewer } = await givenTeam();
    expect((await remove(workspaceId, viewer.userId, manager.cookie)).json).toEqual({ ok: true });
    expect(await findMember(workspaceId, viewer.userId)).toBeUndefined();
    expect(await lastEvent(workspaceId)).toMatchObject({
      action: 'member.removed',
      target_id: viewer.userId,
      target_name: viewer.email,
      metadata: { email: viewer.email },
    });

    await add(workspaceId, admin.cookie, { email: 'cancel@example.com', role: 'viewer' });
    const [invitation] = await listInvitations(workspaceId);
    expect((await remove(workspaceId, invitation!.invitationId, admin.cookie)).statusCode).toBe(
      200,
    );
    expect(await listInvitations(workspaceId)).toEqual([]);
    expect(await lastEvent(workspaceId)).toMatchObject({
      action: 'invitation.cancelled',
      target_name: 'cancel@example.com',
      metadata: { email: 'cancel@example.com', role: 'viewer' },
    });

    expect((await remove(workspaceId, manager.userId, manager.cookie)).statusCode).toBe(200);
    expect(await findMember(workspaceId, manager.userId)).toBeUndefined();
  });

  it('lets a viewer leave, without naming who takes over, but not remove anyone else', async () => {
    const { workspaceId, manager, viewer } = await givenTeam();
    expect((await remove(workspaceId, manager.userId, viewer.cookie)).json).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Viewers have read-only access to this workspace.',
    });
    const handingOver = await invoke(
      removeMember,
      routeRequest('DELETE', `${MEMBERS_ROUTE}/{userId}`, {
        params: { id: workspaceId, userId: viewer.userId },
        query: `successor_id=${manager.userId}`,
        cookie: viewer.cookie,
      }),
    );
    expect(handingOver.statusCode).toBe(403);
    expect(await findMember(workspaceId, manager.userId)).toBeDefined();
    expect(await findMember(workspaceId, viewer.userId)).toBeDefined();

    expect((await remove(workspaceId, viewer.userId, viewer.cookie)).statusCode).toBe(200);
    expect(await findMember(workspaceId, viewer.userId)).toBeUndefined();
    expect(await lastEvent(workspaceId)).toMatchObject({
      action: 'member.removed',
      actor: { id: viewer.userId },
      target_id: viewer.userId,
    });
  });

  it('never removes the admin; 404 for unknown members', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    for (const cookie of [manager.cookie, admin.cookie]) {
      const response = await remove(workspaceId, admin.userId, cookie);
      expect(response.statusCode).toBe(403);
    }
    expect(await findMember(workspaceId, admin.userId)).toMatchObject({ role: 'admin' });
    expect((await remove(workspaceId, randomUUID(), admin.cookie)).json).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
