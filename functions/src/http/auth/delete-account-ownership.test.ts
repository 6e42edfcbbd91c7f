/**
 * Deleting an account that owns workspaces shared with others: who takes each one over, and the
 * new owner's plan applied at once (the attack: a workspace on its leaving owner's bigger plan,
 * handed to a member whose plan does not allow it).
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { mutationEvent } from '../../../test-support/auth-requests';
import { emailsTo } from '../../../test-support/sent-emails';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { buildToken, seedToken, seedTokens } from '../../../test-support/token-seeding';
import {
  givenWorkspace,
  putItem,
  routeEvent,
  type TestUser,
} from '../../../test-support/workspace-fixtures';
import { AUDIT_ACTIONS, SYSTEM_ACTOR } from '../../data/audit-events';
import { ownedWorkspaceIdsFromItem } from '../../data/entities/user';
import { AUDIT_SORT_PREFIX, keys } from '../../data/keys';
import { workspaceNameClaimItem } from '../../data/workspace-names';
import { listMembersOfWorkspace, membershipItem } from '../../data/workspace-records';
import { queryAll, readItem, sortKeyPrefixQuery } from '../../data/table-operations';
import { handler as getSession } from '../session/get-session';
import { handler as listWorkspaces } from '../workspaces/list-workspaces';
import { handler as deleteAccount } from './delete-account';
import { handler as getDeletionPreview } from './get-account-deletion-preview';

/** Deletes the account of a user who signed in moments ago (no password needed). */
const deleteAccountOf = (user: TestUser) =>
  invoke(
    deleteAccount,
    mutationEvent({ method: 'DELETE', path: '/auth/account', cookies: [user.cookie] }),
  );

const workspacesOf = async (user: TestUser) =>
  (
    (
      await invoke(
        listWorkspaces,
        routeEvent({ method: 'GET', path: '/api/v1/workspaces', cookie: user.cookie }),
      )
    ).json as { items: { id: string; plan: Plan; role: Role; is_frozen: boolean }[] }
  ).items;

const sessionUserOf = async (user: TestUser) =>
  (
    (
      await invoke(
        getSession,
        apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [user.cookie] }),
      )
    ).json as { user: { plan: Plan; downgraded: boolean } }
  ).user;

const itemOf = (key: { pk: string; sk: string }) => readItem(key, { consistentRead: true });

const auditEventsOf = (workspaceId: string) =>
  queryAll(sortKeyPrefixQuery(keys.workspace(workspaceId).pk, AUDIT_SORT_PREFIX));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Adds a member who joined at `joinedAt`. */
async function addMember(workspaceId: string, user: TestUser, role: Role, joinedAt = new Date()) {
  await putItem(membershipItem({ workspaceId, userId: user.userId, role, now: joinedAt }));
}

describe('DELETE /auth/account: workspaces shared with others', () => {
  it("gives a free member the leaving owner's pro workspace on the free plan, frozen beyond their one workspace", async () => {
    const owner = await givenSignedInUser({ plan: 'pro' });
    const member = await givenSignedInUser({ plan: 'free' });
    // The shared workspace is older than the member's own: the member's stays active anyway.
    const shared = await givenWorkspace({
      ownerId: owner.userId,
      plan: 'pro',
      name: 'Shared',
      now: minutesAgo(30),
    });
    await addMember(shared, member, 'workspace_manager', minutesAgo(20));
    await seedToken(shared);
    const own = await givenWorkspace({
      ownerId: member.userId,
      plan: 'free',
      name: 'Own',
      now: minutesAgo(10),
    });

    expect((await deleteAccountOf(owner)).statusCode).toBe(200);

    expect(await itemOf(keys.workspace(shared))).toMatchObject({
      ownerId: member.userId,
      plan: 'free',
      isFrozen: true,
    });
    expect(await itemOf(keys.workspace(own))).toMatchObject({ plan: 'free', isFrozen: false });
    expect(await workspacesOf(member)).toEqual(
      expect.arrayContaining([
        {
          id: shared,
          name: 'Shared',
          plan: 'free',
          role: 'admin',
          is_frozen: true,
          require_two_factor: false,
          token_count: 1,
          owner_name: 'Ada Lovelace',
        },
        {
          id: own,
          name: 'Own',
          plan: 'free',
          role: 'admin',
          is_frozen: false,
          require_two_factor: false,
          token_count: 0,
          owner_name: 'Ada Lovelace',
        },
      ]),
    );
    expect(await sessionUserOf(member)).toMatchObject({ plan: 'free', downgraded: true });
    expect(await listMembersOfWorkspace(shared)).toEqual([
      expect.objectContaining({ userId: member.userId, role: 'admin' }),
    ]);
    expect(await auditEventsOf(shared)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: AUDIT_ACTIONS.workspaceOwnershipTransferred,
          actorId: SYSTEM_ACTOR.id,
          targetId: shared,
          metadata: expect.objectContaining({
            to_user_id: member.userId,
            from_role: 'workspace_manager',
            from_plan: 'pro',
            to_plan: 'free',
          }) as unknown,
        }),
      ]),
    );
  });

  it('hands the workspace to a pro member with room for it, on their plan and active', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const member = await givenSignedInUser({ plan: 'pro' });
    const shared = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
    await addMember(shared, member, 'workspace_manager');

    expect((await deleteAccountOf(owner)).statusCode).toBe(200);

    expect(await workspacesOf(member)).toEqual([
      {
        id: shared,
        name: 'Platform',
        plan: 'pro',
        role: 'admin',
        is_frozen: false,
        require_two_factor: false,
        token_count: 0,
        owner_name: 'Ada Lovelace',
      },
    ]);
    expect(await sessionUserOf(member)).toMatchObject({ plan: 'pro', downgraded: false });
    const owned = ownedWorkspaceIdsFromItem(await itemOf(keys.user(member.userId)));
    expect([...(owned ?? [])]).toEqual([shared]);
    // Its name is the new owner's now, and the leaving owner's name claims are gone.
    expect(await itemOf(keys.workspaceName(member.userId, 'platform'))).toMatchObject({
      workspaceId: shared,
    });
  });

  it("leaves the new owner's own workspace of the same name its name", async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const member = await givenSignedInUser({ plan: 'team' });
    const shared = await givenWorkspace({ ownerId: owner.userId, plan: 'team', name: 'Ops' });
    await addMember(shared, member, 'workspace_manager');
    const own = await givenWorkspace({ ownerId: member.userId, plan: 'team', name: 'ops' });
    await putItem(workspaceNameClaimItem(member.userId, 'ops', own));
    await putItem(workspaceNameClaimItem(owner.userId, 'Ops', shared));

    expect((await deleteAccountOf(owner)).statusCode).toBe(200);

    expect((await workspacesOf(member)).map((workspace) => workspace.id).sort()).toEqual(
      [shared, own].sort(),
    );
    expect(await itemOf(keys.workspaceName(member.userId, 'ops'))).toMatchObject({
      workspaceId: own,
    });
    expect(await itemOf(keys.workspaceName(owner.userId, 'ops'))).toBeUndefined();
  });

  it('prefers an admin member, then the longest-standing workspace manager; never a viewer', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const [viewer, laterManager, earlierManager, admin] = await Promise.all([
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
    ]);
    const withAdmin = await givenWorkspace({ ownerId: owner.userId, name: 'With admin' });
    await addMember(withAdmin, earlierManager, 'workspace_manager', minutesAgo(50));
    await addMember(withAdmin, admin, 'admin', minutesAgo(10));
    const withManagers = await givenWorkspace({ ownerId: owner.userId, name: 'Managers' });
    await addMember(withManagers, viewer, 'viewer', minutesAgo(60));
    await addMember(withManagers, laterManager, 'workspace_manager', minutesAgo(20));
    await addMember(withManagers, earlierManager, 'workspace_manager', minutesAgo(40));

    expect((await deleteAccountOf(owner)).statusCode).toBe(200);

    expect(await itemOf(keys.workspace(withAdmin))).toMatchObject({ ownerId: admin.userId });
    expect(await itemOf(keys.workspace(withManagers))).toMatchObject({
      ownerId: earlierManager.userId,
    });
    const roles = Object.fromEntries(
      (await listMembersOfWorkspace(withManagers)).map((member) => [member.userId, member.role]),
    );
    expect(roles).toEqual({
      [earlierManager.userId]: 'admin',
      [laterManager.userId]: 'workspace_manager',
      [viewer.userId]: 'viewer',
    });
  });

  it('deletes a workspace whose other members are all viewers, with its tokens, and tells them by email', async () => {
    const owner = await givenSignedInUser({ plan: 'pro' });
    const viewer = await givenSignedInUser({ plan: 'pro' });
    const shared = await givenWorkspace({
      ownerId: owner.userId,
      name: 'Shared with a viewer',
      plan: 'pro',
      members: [{ userId: viewer.userId, role: 'viewer' }],
    });
    const token = await seedToken(shared);

    expect((await deleteAccountOf(owner)).statusCode).toBe(200);

    expect(await itemOf(keys.workspace(shared))).toBeUndefined();
    expect(await itemOf(keys.token(shared, token.id))).toBeUndefined();
    expect(await listMembersOfWorkspace(shared)).toEqual([]);
    expect(await workspacesOf(viewer)).toEqual([]);
    const told = await emailsTo(viewer.email);
    expect(told.map((email) => email.subject)).toEqual([
      'The workspace “Shared with a viewer” was deleted',
    ]);
    expect(told[0]!.body.text).toContain(
      `${owner.email} deleted their Expiry Radar account, and with it the workspace “Shared with a viewer”`,
    );
    expect(await emailsTo(owner.email)).toEqual([]);
  });

  it("freezes a workspace with more tokens or members than the new owner's plan allows", async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const [tokensHeir, membersHeir, viewer, fittingHeir] = await Promise.all([
      givenSignedInUser({ plan: 'free' }),
      givenSignedInUser({ plan: 'free' }),
      givenSignedInUser({ plan: 'free' }),
      givenSignedInUser({ plan: 'free' }),
    ]);
    const manyTokens = await givenWorkspace({
      ownerId: owner.userId,
      members: [{ userId: tokensHeir.userId, role: 'workspace_manager' }],
    });
    await seedTokens(
      manyTokens,
      Array.from({ length: 51 }, () => buildToken(manyTokens)),
    );
    const manyMembers = await givenWorkspace({
      ownerId: owner.userId,
      members: [
        { userId: membersHeir.userId, role: 'workspace_manager' },
        { userId: viewer.userId, role: 'viewer' },
      ],
    });
    const fitting = await givenWorkspace({
      ownerId: owner.userId,
      members: [{ userId: fittingHeir.userId, role: 'workspace_manager' }],
    });
    await seedTokens(
      fitting,
      Array.from({ length: 50 }, () => buildToken(fitting)),
    );

    expect((await deleteAccountOf(owner)).statusCode).toBe(200);

    expect(await workspacesOf(tokensHeir)).toEqual([
      expect.objectContaining({ id: manyTokens, plan: 'free', role: 'admin', is_frozen: true }),
    ]);
    expect(await workspacesOf(membersHeir)).toEqual([
      expect.objectContaining({ id: manyMembers, plan: 'free', role: 'admin', is_frozen: true }),
    ]);
    expect(await workspacesOf(fittingHeir)).toEqual([
      expect.objectContaining({ id: fitting, plan: 'free', role: 'admin', is_frozen: false }),
    ]);
    expect(await sessionUserOf(tokensHeir)).toMatchObject({ downgraded: true });
    expect(await sessionUserOf(fittingHeir)).toMatchObject({ downgraded: false });
  });
});

describe('the owner hands a workspace over, seeing first what deletion would do', () => {
  const previewOf = async (user: TestUser) =>
    invoke(
      getDeletionPreview,
      routeEvent({ method: 'GET', path: '/auth/account/deletion', cookie: user.cookie }),
    );
  const deleteHandingOver = (user: TestUser, successors: Record<string, string>) =>
    invoke(
      deleteAccount,
      mutationEvent({
        method: 'DELETE',
        path: '/auth/account',
        cookies: [user.cookie],
        body: { successors },
      }),
    );

  it('lists each owned workspace with its other members, its tokens and its default successor', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const [manager, viewer] = await Promise.all([
      givenSignedInUser({ plan: 'free' }),
      givenSignedInUser({ plan: 'free' }),
    ]);
    const team = await givenWorkspace({ ownerId: owner.userId, plan: 'team', name: 'Ops' });
    await addMember(team, manager, 'workspace_manager');
    await addMember(team, viewer, 'viewer');
    await seedTokens(team, [buildToken(team), buildToken(team)]);
    const viewersOnly = await givenWorkspace({ ownerId: owner.userId, name: 'Audit' });
    await addMember(viewersOnly, viewer, 'viewer');

    const answer = await previewOf(owner);
    expect(answer.statusCode).toBe(200);
    const { workspaces } = answer.json as {
      workspaces: Array<{
        id: string;
        name: string;
        token_count: number;
        members: Array<{ user_id: string; email: string; role: Role }>;
        successor_id: string | null;
      }>;
    };
    const byName = new Map(workspaces.map((workspace) => [workspace.name, workspace]));
    expect(byName.get('Ops')).toMatchObject({
      id: team,
      token_count: 2,
      successor_id: manager.userId,
    });
    expect(
      byName
        .get('Ops')!
        .members.map((member) => member.user_id)
        .sort(),
    ).toEqual([manager.userId, viewer.userId].sort());
    expect(byName.get('Audit')).toMatchObject({ successor_id: null, token_count: 0 });
    expect(byName.get('Audit')!.members).toEqual([
      expect.objectContaining({ user_id: viewer.userId, email: viewer.email, role: 'viewer' }),
    ]);
    // The owner's own membership is not among them, and another user sees none of it.
    expect(JSON.stringify(workspaces)).not.toContain(`"user_id":"${owner.userId}"`);
    expect(JSON.stringify((await previewOf(manager)).json)).not.toContain(team);
  });

  it('hands a workspace to the member chosen, a viewer too, who becomes its admin and hears so', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const [manager, viewer] = await Promise.all([
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
    ]);
    const team = await givenWorkspace({ ownerId: owner.userId, plan: 'team', name: 'Chosen' });
    await addMember(team, manager, 'workspace_manager');
    await addMember(team, viewer, 'viewer');

    expect((await deleteHandingOver(owner, { [team]: viewer.userId })).statusCode).toBe(200);

    expect(await itemOf(keys.workspace(team))).toMatchObject({ ownerId: viewer.userId });
    expect(await itemOf(keys.membership(team, viewer.userId))).toMatchObject({ role: 'admin' });
    expect(await itemOf(keys.membership(team, manager.userId))).toMatchObject({
      role: 'workspace_manager',
    });
    const told = await emailsTo(viewer.email);
    expect(told.map((email) => email.subject)).toEqual(['You now own the workspace “Chosen”']);
    expect(told[0]!.body.text).toContain(`${owner.email} deleted their Expiry Radar account`);
    expect(await emailsTo(manager.email)).toEqual([]);
  });

  it('passes a workspace to its default successor when the one named is not a member', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const [manager, stranger] = await Promise.all([
      givenSignedInUser({ plan: 'team' }),
      givenSignedInUser({ plan: 'team' }),
    ]);
    const team = await givenWorkspace({ ownerId: owner.userId, plan: 'team', name: 'Guarded' });
    await addMember(team, manager, 'workspace_manager');

    expect((await deleteHandingOver(owner, { [team]: stranger.userId })).statusCode).toBe(200);

    expect(await itemOf(keys.workspace(team))).toMatchObject({ ownerId: manager.userId });
    expect(await itemOf(keys.membership(team, stranger.userId))).toBeUndefined();
  });
});
