/**
 * `POST /api/v1/workspaces/{id}/transfer-ownership`: the owner hands the workspace to another
 * member, who takes it on their plan; the former owner stays as a workspace manager.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { emailsTo } from '../../../test-support/sent-emails';
import {
  givenWorkspace,
  putItem,
  routeRequest,
  type TestUser,
} from '../../../test-support/workspace-fixtures';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { OWNED_WORKSPACE_IDS, ownedWorkspaceIdsFromItem } from '../../data/entities/user';
import { AUDIT_SORT_PREFIX, keys } from '../../data/keys';
import { findUserById, updateUserName } from '../../data/user-records';
import { workspaceNameClaimItem } from '../../data/workspace-names';
import {
  listMembersOfWorkspace,
  transferOwnership as transferOwnershipRecords,
} from '../../data/workspace-records';
import { queryAll, readItem, sortKeyPrefixQuery } from '../../data/table-operations';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { transferWorkspaceOwnership } from '../../services/workspaces/ownership-transfer';
import { handler as transferOwnership } from './transfer-ownership';

const transfer = (workspaceId: string, caller: TestUser, userId: string) =>
  invoke(
    transferOwnership,
    routeRequest('POST', '/api/v1/workspaces/{id}/transfer-ownership', {
      params: { id: workspaceId },
      cookie: caller.cookie,
      body: { user_id: userId },
    }),
  );

const itemOf = (key: { pk: string; sk: string }) => readItem(key, { consistentRead: true });

const auditEventsOf = (workspaceId: string) =>
  queryAll(sortKeyPrefixQuery(keys.workspace(workspaceId).pk, AUDIT_SORT_PREFIX));

const rolesIn = async (workspaceId: string) =>
  Object.fromEntries(
    (await listMembersOfWorkspace(workspaceId)).map((member) => [member.userId, member.role]),
  );

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A pro owner's workspace "Platform" (its name claimed) with a member of `role` on `plan`. */
async function givenSharedWorkspace(role: Role, memberPlan: 'free' | 'pro' | 'team' = 'team') {
  const owner = await givenSignedInUser({ plan: 'pro' });
  const member = await givenSignedInUser({ plan: memberPlan });
  const workspaceId = await givenWorkspace({
    ownerId: owner.userId,
    plan: 'pro',
    name: 'Platform',
    members: [{ userId: member.userId, role }],
    now: minutesAgo(5),
  });
  await putItem(workspaceNameClaimItem(owner.userId, 'Platform', workspaceId));
  return { owner, member, workspaceId };
}

describe('POST /api/v1/workspaces/{id}/transfer-ownership', () => {
  it('hands the workspace to a workspace manager on their plan; the owner stays as a manager', async () => {
    const { owner, member, workspaceId } = await givenSharedWorkspace('workspace_manager');

    const answer = await transfer(workspaceId, owner, member.userId);

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({
      ownerId: member.userId,
      plan: 'team',
      isFrozen: false,
      name: 'Platform',
    });
    expect(await rolesIn(workspaceId)).toEqual({
      [owner.userId]: 'workspace_manager',
      [member.userId]: 'admin',
    });
    const ownedBy = async (user: TestUser) => [
      ...(ownedWorkspaceIdsFromItem(await itemOf(keys.user(user.userId))) ?? []),
    ];
    expect(await ownedBy(member)).toEqual([workspaceId]);
    expect(await ownedBy(owner)).toEqual([]);
    // The name is the new owner's now, and the former owner's claim is released.
    expect(await itemOf(keys.workspaceName(member.userId, 'platform'))).toMatchObject({
      workspaceId,
    });
    expect(await itemOf(keys.workspaceName(owner.userId, 'platform'))).toBeUndefined();
    expect(await auditEventsOf(workspaceId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: AUDIT_ACTIONS.workspaceOwnershipTransferred,
          actorId: owner.userId,
          targetId: workspaceId,
          metadata: expect.objectContaining({
            reason: 'transferred_by_owner',
            from_user_id: owner.userId,
            from_email: owner.email,
            to_user_id: member.userId,
            to_email: member.email,
            from_role: 'workspace_manager',
            from_plan: 'pro',
            to_plan: 'team',
          }) as unknown,
        }),
      ]),
    );
    const told = await emailsTo(member.email);
    expect(told.map((email) => email.subject)).toEqual(['You now own the workspace “Platform”']);
    expect(told[0]!.body.text).toContain(
      `${owner.email} handed you the workspace “Platform”, with its tokens and members.`,
    );

    // The former owner is a manager now: the workspace is no longer theirs to give (403), and
    // a request that read it as theirs before the transfer loses the race (409).
    const again = await transfer(workspaceId, owner, member.userId);
    expect(again.statusCode).toBe(403);
    expect(again.json).toMatchObject({ error: 'Only the workspace admin can do this.' });
    const staleAccess = {
      ...(await loadWorkspaceAccess(workspaceId, { id: owner.userId, twoFactorEnabled: false })),
      ownerId: owner.userId,
    };
    const caller = (await findUserById(owner.userId))!;
    await expect(
      transferWorkspaceOwnership({
        access: staleAccess,
        caller,
        toUserId: member.userId,
        now: new Date(),
        mailer: { send: () => Promise.resolve() },
      }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('hands it to a viewer, who becomes its admin', async () => {
    const { owner, member, workspaceId } = await givenSharedWorkspace('viewer', 'pro');

    expect((await transfer(workspaceId, owner, member.userId)).statusCode).toBe(200);

    expect(await rolesIn(workspaceId)).toEqual({
      [owner.userId]: 'workspace_manager',
      [member.userId]: 'admin',
    });
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({ plan: 'pro' });
  });

  it('refuses anyone but the owner (403) and a target who is not another member (400)', async () => {
    const { owner, member, workspaceId } = await givenSharedWorkspace('workspace_manager');
    const outsider = await givenSignedInUser({ plan: 'team' });

    const byManager = await transfer(workspaceId, member, member.userId);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json).toMatchObject({ error: 'Only the workspace admin can do this.' });
    const toOutsider = await transfer(workspaceId, owner, outsider.userId);
    expect(toOutsider.statusCode).toBe(400);
    expect(toOutsider.json).toMatchObject({
      error: 'The new owner must be an active member of this workspace.',
    });
    const toSelf = await transfer(workspaceId, owner, owner.userId);
    expect(toSelf.statusCode).toBe(400);
    expect(toSelf.json).toMatchObject({
      error: 'You already own this workspace. Choose another member to transfer it to.',
    });
    const noMember = await transfer(workspaceId, owner, ' ');
    expect(noMember.statusCode).toBe(400);
    expect(noMember.json).toMatchObject({ error: 'Choose the member who becomes the new owner.' });
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({ ownerId: owner.userId });
  });

  it("refuses (409) what the new owner's plan would freeze, naming the limit, and changes nothing", async () => {
    const { owner, member, workspaceId } = await givenSharedWorkspace('workspace_manager', 'pro');
    await updateUserName(member.userId, 'Dana', new Date());
    for (const name of ['One', 'Two', 'Three']) {
      await givenWorkspace({ ownerId: member.userId, plan: 'pro', name, now: minutesAgo(10) });
    }

    const overWorkspaces = await transfer(workspaceId, owner, member.userId);

    expect(overWorkspaces.statusCode).toBe(409);
    expect(overWorkspaces.json).toMatchObject({
      code: 'PLAN_LIMIT',
      error: "Dana's Pro plan allows 3 workspaces; they must upgrade before they can own this one.",
    });
    const free = await givenSignedInUser({ plan: 'free' });
    await putItem({
      ...(await itemOf(keys.membership(workspaceId, member.userId))),
      ...keys.membership(workspaceId, free.userId),
      userId: free.userId,
    });
    const overMembers = await transfer(workspaceId, owner, free.userId);
    expect(overMembers.statusCode).toBe(409);
    expect(overMembers.json).toMatchObject({
      error:
        "Ada Lovelace's Free plan allows 1 member per workspace and this one has 3 (pending invitations included); they must upgrade before they can own it.",
    });
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({
      ownerId: owner.userId,
      plan: 'pro',
      isFrozen: false,
    });
    expect((await rolesIn(workspaceId))[owner.userId]).toBe('admin');
    expect(await emailsTo(member.email)).toEqual([]);
  });

  it("holds the new owner's number of workspaces in the transaction: one they made meanwhile stops it", async () => {
    const { owner, member, workspaceId } = await givenSharedWorkspace('workspace_manager', 'pro');
    // Checked beforehand with two, the member owns three by the time the transaction runs.
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.user(member.userId),
        UpdateExpression: 'ADD #ids :ids',
        ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
        ExpressionAttributeValues: { ':ids': new Set(['ws-a', 'ws-b', 'ws-c']) },
      }),
    );
    const handOver = (heirMayOwnFewerThan: number | null) =>
      transferOwnershipRecords({
        workspaceId,
        fromUserId: owner.userId,
        toUserId: member.userId,
        plan: 'pro',
        now: new Date(),
        anyRole: true,
        formerOwnerStays: true,
        heirMayOwnFewerThan,
      });

    expect(await handOver(3)).toBe('heir_at_limit');
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({ ownerId: owner.userId });
    expect((await rolesIn(workspaceId))[owner.userId]).toBe('admin');
    expect(await handOver(4)).toBe('transferred');
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({ ownerId: member.userId });
  });

  it('unfreezes a frozen workspace handed to a member whose plan lifts the freeze', async () => {
    const owner = await givenSignedInUser({ plan: 'free' });
    const member = await givenSignedInUser({ plan: 'team' });
    await givenWorkspace({ ownerId: owner.userId, plan: 'free', name: 'Kept', now: minutesAgo(9) });
    const frozen = await givenWorkspace({
      ownerId: owner.userId,
      plan: 'free',
      name: 'Frozen',
      frozen: true,
      members: [{ userId: member.userId, role: 'workspace_manager' }],
      now: minutesAgo(8),
    });

    expect((await transfer(frozen, owner, member.userId)).statusCode).toBe(200);

    expect(await itemOf(keys.workspace(frozen))).toMatchObject({
      ownerId: member.userId,
      plan: 'team',
      isFrozen: false,
    });
  });
});
