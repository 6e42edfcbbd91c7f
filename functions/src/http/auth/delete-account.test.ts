import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { buildToken, putTokenItem } from '../../../test-support/token-seeding';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import { DELETED_ACTOR_ID } from '../../data/entities/audit-event';
import { keys } from '../../data/keys';
import { hashSecret } from '../../data/secret-hash';
import { findActiveSession } from '../../data/session-records';
import { findToken } from '../../data/token-records';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { listMembershipsOfUser, membershipItem } from '../../data/workspace-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler } from './delete-account';

const remove = (cookie: string | undefined, body?: unknown, csrf?: 'missing' | 'wrong') =>
  invoke(
    handler,
    mutationEvent({
      method: 'DELETE',
      path: '/auth/account',
      body,
      cookies: cookie ? [cookie] : [],
      csrf,
    }),
  );

const table = () => getConfig().tableName;

describe('DELETE /auth/account', () => {
  it('deletes the account, its sessions and its personal workspace with the password', async () => {
    const { cookie, userId, email } = await givenRegisteredUser('leaver');
    const [membership] = await listMembershipsOfUser(userId);
    const workspaceId = membership!.workspaceId;
    await putTokenItem(buildToken(workspaceId, { name: 'a token' }));

    const response = await remove(cookie, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect(response.cookies?.[0]).toMatch(/^er_session=; .*Max-Age=0/);

    expect(await findUserById(userId)).toBeUndefined();
    expect(await findUserIdByEmail(email)).toBeUndefined();
    expect(await findActiveSession(cookie.split('=')[1]!, new Date())).toBeUndefined();
    expect(await listMembershipsOfUser(userId)).toEqual([]);
    const { Items: workspaceItems } = await getDocumentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `WS#${workspaceId}` },
      }),
    );
    expect(workspaceItems).toEqual([]);

    const { Items: auditEvents } = await getDocumentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':audit': 'AUDIT#' },
      }),
    );
    expect(auditEvents?.map((event) => String(event.action))).toEqual(
      expect.arrayContaining(['account.registered', 'account.deleted']),
    );
    for (const event of auditEvents ?? []) {
      expect(event.actorId).toBe(DELETED_ACTOR_ID);
      expect(event.actorEmail).toBeNull();
      expect(JSON.stringify(event)).not.toContain(email);
    }
  });

  it('keeps a workspace other members belong to and hands it to its workspace manager', async () => {
    const { cookie, userId } = await givenRegisteredUser('owner');
    const other = await givenSignedInUser();
    const [membership] = await listMembershipsOfUser(userId);
    const workspaceId = membership!.workspaceId;
    await getDocumentClient().send(
      new PutCommand({
        TableName: table(),
        Item: membershipItem({
          workspaceId,
          userId: other.userId,
          role: 'workspace_manager',
          now: new Date(),
        }),
      }),
    );

    const owned = buildToken(workspaceId, { name: 'owned', owner_id: userId });
    await putTokenItem(owned);
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId },
      action: AUDIT_ACTIONS.updated,
      actor: { id: userId, email: 'owner@example.com' },
      target: { type: 'workspace', id: workspaceId },
      plan: 'free',
      now: new Date(),
    });

    expect((await remove(cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const { Items: workspaceEvents } = await getDocumentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
        ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':audit': 'AUDIT#' },
      }),
    );
    expect(workspaceEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: AUDIT_ACTIONS.updated,
          actorId: DELETED_ACTOR_ID,
          actorEmail: null,
        }),
      ]),
    );
    const { Item: workspace } = await getDocumentClient().send(
      new GetCommand({ TableName: table(), Key: keys.workspace(workspaceId) }),
    );
    expect(workspace?.ownerId).toBe(other.userId);
    // The tokens the owner owned pass to the new owner with the workspace.
    expect((await findToken(workspaceId, owned.id))?.owner_id).toBe(other.userId);
    expect(await listMembershipsOfUser(other.userId)).toEqual([
      expect.objectContaining({ workspaceId, role: 'admin' }),
    ]);
  });

  it('records in a workspace they only belonged to that the member left with their account', async () => {
    const { cookie, userId, email } = await givenRegisteredUser('member-leaver');
    const [ownMembership] = await listMembershipsOfUser(userId);
    const other = await givenRegisteredUser('workspace-owner');
    const [otherMembership] = await listMembershipsOfUser(other.userId);
    const workspaceId = otherMembership!.workspaceId;
    await getDocumentClient().send(
      new PutCommand({
        TableName: table(),
        Item: membershipItem({ workspaceId, userId, role: 'viewer', now: new Date() }),
      }),
    );
    const theirs = buildToken(workspaceId, { name: 'their token', owner_id: userId });
    const owners = buildToken(workspaceId, { name: "the owner's token", owner_id: other.userId });
    await putTokenItem(theirs);
    await putTokenItem(owners);

    expect((await remove(cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    // The tokens they owned are left without an owner, as when a member is removed.
    expect((await findToken(workspaceId, theirs.id))?.owner_id).toBeNull();
    expect((await findToken(workspaceId, owners.id))?.owner_id).toBe(other.userId);
    const auditOf = async (id: string) =>
      (
        await getDocumentClient().send(
          new QueryCommand({
            TableName: table(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
            ExpressionAttributeValues: { ':pk': `WS#${id}`, ':audit': 'AUDIT#' },
          }),
        )
      ).Items ?? [];
    expect(
      (await auditOf(workspaceId)).filter((event) => event.action === AUDIT_ACTIONS.memberRemoved),
    ).toEqual([
      expect.objectContaining({
        actorId: DELETED_ACTOR_ID,
        actorEmail: null,
        targetType: 'member',
        targetId: userId,
        targetName: email,
        metadata: {
          role: 'viewer',
          reason: 'account_deleted',
          tokensHandedOver: 1,
          successor: null,
        },
      }),
    ]);
    // Their own workspace went with the account: no membership ended there.
    expect(
      (await auditOf(ownMembership!.workspaceId)).some(
        (event) => event.action === AUDIT_ACTIONS.memberRemoved,
      ),
    ).toBe(false);
  });

  it('accepts a sign-in within the last 10 minutes instead of the password', async () => {
    const { cookie, userId } = await givenRegisteredUser('recent');
    expect((await remove(cookie)).statusCode).toBe(200);
    expect(await findUserById(userId)).toBeUndefined();
  });

  it('needs the password when the sign-in is older than 10 minutes', async () => {
    const { cookie } = await givenSignedInUser();
    const sessionId = cookie.split('=')[1]!;
    await getDocumentClient().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...(await sessionItem(sessionId)),
          createdAt: new Date(Date.now() - 11 * 60 * 1000).toISOString(),
        },
      }),
    );
    const response = await remove(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json).toEqual({
      error: 'Please enter your password to confirm this action.',
      code: 'REAUTHENTICATION_REQUIRED',
    });
  });

  it('refuses a wrong password', async () => {
    const { cookie, userId } = await givenRegisteredUser('wrong');
    const response = await remove(cookie, { password: 'not my password' });
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    expect(await findUserById(userId)).toBeDefined();
  });

  it('answers 401 without a session and 403 without CSRF', async () => {
    expect((await remove(undefined, { password: TEST_PASSWORD })).statusCode).toBe(401);
    const { cookie } = await givenRegisteredUser('delete-csrf');
    expect((await remove(cookie, { password: TEST_PASSWORD }, 'missing')).json).toMatchObject({
      code: 'EBADCSRFTOKEN',
    });
  });
});

async function sessionItem(sessionId: string) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: table(), Key: keys.session(hashSecret(sessionId)) }),
  );
  return Item ?? {};
}
