import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  createRequest,
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
  listRequest,
  updateRequest,
} from '../../../test-support/token-fixtures';
import { routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { findToken } from '../../data/token-records';
import { auditEventView } from '../../services/audit/audit-event-view';
import { UNKNOWN_OWNER_MESSAGE } from '../../services/tokens/token-owner';
import { SUCCESSOR_MESSAGE } from '../../services/members/token-handover';
import { handler as removeMember } from '../workspaces/remove-member';

const remove = (workspaceId: string, userId: string, cookie: string, query = '') =>
  invoke(
    removeMember,
    routeRequest('DELETE', '/api/v1/workspaces/{id}/members/{userId}', {
      params: { id: workspaceId, userId },
      cookie,
      query,
    }),
  );

const names = (response: { json: unknown }) =>
  (response.json as { items: Token[] }).items.map((token) => token.name).sort();

describe('token owners', () => {
  it('takes a member as owner on create and update, null clears it, a non-member is a 400', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const viewer = await givenMember(workspaceId, 'viewer');
    const stranger = await givenSignedInUser();

    const created = await givenToken(owner.cookie, workspaceId, { owner_id: viewer.userId });
    expect(created.owner_id).toBe(viewer.userId);

    const refused = await createRequest(owner.cookie, {
      name: 'Stranger owned',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(30),
      workspace_id: workspaceId,
      owner_id: stranger.userId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({
      error: UNKNOWN_OWNER_MESSAGE,
      details: [{ path: 'owner_id', message: UNKNOWN_OWNER_MESSAGE }],
    });
    const wrongType = await updateRequest(owner.cookie, created.id, { owner_id: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(
      (await updateRequest(owner.cookie, created.id, { owner_id: stranger.userId })).statusCode,
    ).toBe(400);

    const cleared = await updateRequest(owner.cookie, created.id, { owner_id: null });
    expect(cleared.statusCode).toBe(200);
    expect((cleared.json as Token).owner_id).toBeNull();
    const reassigned = await updateRequest(owner.cookie, created.id, { owner_id: owner.userId });
    expect((reassigned.json as Token).owner_id).toBe(owner.userId);

    // A token without an owner answers as before, with the owner null.
    const plain = await givenToken(owner.cookie, workspaceId);
    expect(plain.owner_id).toBeNull();
  });

  it("lists only the caller's tokens with owner_id=me, with a search too", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const manager = await givenMember(workspaceId, 'workspace_manager');
    await givenToken(owner.cookie, workspaceId, { name: 'Mine one', owner_id: manager.userId });
    await givenToken(owner.cookie, workspaceId, { name: 'Mine two', owner_id: manager.userId });
    await givenToken(owner.cookie, workspaceId, { name: 'Admin one', owner_id: owner.userId });
    await givenToken(owner.cookie, workspaceId, { name: 'Nobody one' });

    const mine = await listRequest(manager.cookie, `workspace_id=${workspaceId}&owner_id=me`);
    expect(mine.statusCode).toBe(200);
    expect(names(mine)).toEqual(['Mine one', 'Mine two']);
    expect((mine.json as { total: number }).total).toBe(2);
    const searched = await listRequest(
      manager.cookie,
      `workspace_id=${workspaceId}&owner_id=me&q=two`,
    );
    expect(names(searched)).toEqual(['Mine two']);
    // An owner's id is no search text.
    const byId = await listRequest(owner.cookie, `workspace_id=${workspaceId}&q=${manager.userId}`);
    expect(names(byId)).toEqual([]);
    const all = await listRequest(owner.cookie, `workspace_id=${workspaceId}`);
    expect((all.json as { total: number }).total).toBe(4);
  });

  it("counts the facets of the caller's tokens with owner_id=me, each under the other filter", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const manager = await givenMember(workspaceId, 'workspace_manager');
    const mine = { owner_id: manager.userId };
    await givenToken(owner.cookie, workspaceId, { ...mine, section: 'ops' });
    await givenToken(owner.cookie, workspaceId, { ...mine, category: 'general', type: 'document' });
    await givenToken(owner.cookie, workspaceId, {
      ...mine,
      category: 'general',
      type: 'document',
      section: 'ops',
    });
    await givenToken(owner.cookie, workspaceId, { owner_id: owner.userId, section: 'ops' });
    await givenToken(owner.cookie, workspaceId, { section: 'ops' });
    const list = (query: string) =>
      listRequest(manager.cookie, `workspace_id=${workspaceId}&owner_id=me&${query}`);

    // "Assigned to me" in section ops: the categories count my tokens there.
    expect((await list('section=ops')).json).toMatchObject({
      total: 2,
      facets: {
        category: { cert: 0, key_secret: 1, license: 0, general: 1 },
        section: [
          { section: 'ops', count: 2 },
          { section: null, count: 1 },
        ],
      },
    });
    // And in one category: the sections count my tokens of it.
    expect((await list('category[]=general')).json).toMatchObject({
      total: 2,
      facets: {
        category: { cert: 0, key_secret: 1, license: 0, general: 2 },
        section: [
          { section: 'ops', count: 1 },
          { section: null, count: 1 },
        ],
      },
    });
  });

  it("hands a removed member's tokens to the successor, or clears them, and audits it", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const leaving = await givenMember(workspaceId, 'workspace_manager');
    const successor = await givenMember(workspaceId, 'viewer');
    const stranger = await givenSignedInUser();
    const first = await givenToken(owner.cookie, workspaceId, { owner_id: leaving.userId });
    const second = await givenToken(owner.cookie, workspaceId, { owner_id: leaving.userId });
    const other = await givenToken(owner.cookie, workspaceId, { owner_id: successor.userId });

    for (const bad of [stranger.userId, leaving.userId]) {
      const refused = await remove(
        workspaceId,
        leaving.userId,
        owner.cookie,
        `successor_id=${bad}`,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json).toMatchObject({ error: SUCCESSOR_MESSAGE });
    }
    expect((await findToken(workspaceId, first.id))?.owner_id).toBe(leaving.userId);

    const removed = await remove(
      workspaceId,
      leaving.userId,
      owner.cookie,
      `successor_id=${successor.userId}`,
    );
    expect(removed.statusCode).toBe(200);
    for (const token of [first, second, other]) {
      expect((await findToken(workspaceId, token.id))?.owner_id).toBe(successor.userId);
    }
    const [event] = (
      await listWorkspaceAuditEvents(workspaceId, { count: 1, now: new Date() })
    ).map(auditEventView);
    expect(event?.action).toBe('member.removed');
    expect(event?.metadata).toMatchObject({ tokensHandedOver: 2, successor: successor.email });
    const mine = await listRequest(successor.cookie, `workspace_id=${workspaceId}&owner_id=me`);
    expect((mine.json as { total: number }).total).toBe(3);

    // No successor: the tokens are left without an owner.
    expect((await remove(workspaceId, successor.userId, owner.cookie)).statusCode).toBe(200);
    for (const token of [first, second, other]) {
      expect((await findToken(workspaceId, token.id))?.owner_id).toBeNull();
    }
  });
});
