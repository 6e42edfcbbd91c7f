import type { Token } from '@expiry-radar/shared/domain/token';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  deleteRequest,
  givenMember,
  givenToken,
  givenWorkspace,
  listRequest,
} from '../../../test-support/token-fixtures';
import { putTokenItem } from '../../../test-support/token-seeding';
import { findToken } from '../../data/token-records';

describe('DELETE /api/tokens/{id}', () => {
  it('deletes the token and its counts', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, { section: 'ops' });
    await givenToken(owner.cookie, workspaceId, { category: 'general', type: 'other' });
    const manager = await givenMember(workspaceId, 'workspace_manager');
    const response = await deleteRequest(manager.cookie, token.id);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect(await findToken(workspaceId, token.id)).toBeUndefined();
    const list = await listRequest(owner.cookie, `workspace_id=${workspaceId}`);
    expect(list.json).toMatchObject({
      total: 1,
      facets: {
        category: { cert: 0, key_secret: 0, license: 0, general: 1 },
        section: [{ section: null, count: 1 }],
      },
    });
    expect((await deleteRequest(owner.cookie, token.id)).statusCode).toBe(404);
  });

  it('answers 403 to viewers, 404 to non-members, 403 WORKSPACE_FROZEN when frozen', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const token = await givenToken(owner.cookie, workspaceId);
    const viewer = await givenMember(workspaceId, 'viewer');
    expect((await deleteRequest(viewer.cookie, token.id)).statusCode).toBe(403);
    const stranger = await givenSignedInUser();
    expect((await deleteRequest(stranger.cookie, token.id)).statusCode).toBe(404);
    expect(await findToken(workspaceId, token.id)).toBeDefined();

    const frozen = await givenWorkspace({ frozen: true });
    const frozenToken: Token = {
      ...token,
      id: `${frozen.workspaceId}.kept`,
      workspace_id: frozen.workspaceId,
    };
    await putTokenItem(frozenToken);
    const response = await deleteRequest(frozen.owner.cookie, frozenToken.id);
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
  });
});
