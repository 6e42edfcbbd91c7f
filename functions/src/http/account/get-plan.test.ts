import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { givenWorkspace, routeEvent } from '../../../test-support/workspace-fixtures';
import { createInvitation } from '../../data/member-records';
import { keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler } from './get-plan';

const getPlan = (cookie?: string) =>
  invoke(handler, routeEvent({ method: 'GET', path: '/api/account/plan', cookie }));

describe('GET /api/account/plan', () => {
  it('answers the plan, its limits and the usage of the workspaces owned', async () => {
    const owner = await givenSignedInUser({ plan: 'pro' });
    const member = await givenSignedInUser({ plan: 'pro' });
    const older = new Date(Date.now() - 60_000);
    const first = await givenWorkspace({
      ownerId: owner.userId,
      name: 'First',
      plan: 'pro',
      now: older,
      members: [{ userId: member.userId, role: 'viewer' }],
    });
    const second = await givenWorkspace({ ownerId: owner.userId, name: 'Second', plan: 'pro' });
    // Someone else's workspace the owner only belongs to does not count.
    await givenWorkspace({
      ownerId: member.userId,
      members: [{ userId: owner.userId, role: 'viewer' }],
    });
    await createInvitation({
      workspaceId: first,
      email: 'pending@example.com',
      role: 'viewer',
      invitedBy: owner.userId,
      now: new Date(),
      workspaceName: 'First',
      inviterName: 'Owner',
    });
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(first),
        UpdateExpression: 'SET tokenCount = :count',
        ExpressionAttributeValues: { ':count': 7 },
      }),
    );
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(second),
        // An item from before the single counter: per-category counts and no `tokenCount`.
        UpdateExpression: 'SET categoryCounts = :counts REMOVE tokenCount',
        ExpressionAttributeValues: { ':counts': { cert: 2, license: 1 } },
      }),
    );

    const response = await getPlan(owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      plan: 'pro',
      limits: PLAN_LIMITS.pro,
      billingMode: 'local',
      usage: {
        workspacesOwned: 2,
        workspaces: [
          { id: first, name: 'First', is_frozen: false, tokens: 7, members: 3 },
          { id: second, name: 'Second', is_frozen: false, tokens: 3, members: 1 },
        ],
      },
    });
  });

  it('answers an account without workspaces, and 401 without a session', async () => {
    const user = await givenSignedInUser({ emailVerified: false });
    expect((await getPlan(user.cookie)).json).toEqual({
      plan: 'free',
      limits: PLAN_LIMITS.free,
      billingMode: 'local',
      usage: { workspacesOwned: 0, workspaces: [] },
    });
    expect((await getPlan()).statusCode).toBe(401);
  });
});
