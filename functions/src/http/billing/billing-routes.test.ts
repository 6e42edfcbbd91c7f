/**
 * The billing routes in the local billing mode (no STRIPE_SECRET_KEY, not production): plan
 * changes with freezing and unfreezing, authorization, bad input. The Stripe path is covered by
 * stripe-billing.test.ts.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { seedToken } from '../../../test-support/token-seeding';
import { givenWorkspace, routeEvent, routeRequest } from '../../../test-support/workspace-fixtures';
import { auditEventCodec } from '../../data/entities/audit-event';
import { AUDIT_SORT_PREFIX, keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as getPlan } from '../account/get-plan';
import { handler as getSession } from '../session/get-session';
import { handler as deleteWorkspace } from '../workspaces/delete-workspace';
import { handler as confirmBilling } from './confirm-billing';
import { handler as openBillingPortal } from './open-billing-portal';
import { handler as stripeWebhook } from './stripe-webhook';
import { handler as upgradePlan } from './upgrade-plan';

const upgrade = (cookie: string | undefined, body: unknown, csrf?: 'missing') =>
  invoke(
    upgradePlan,
    mutationEvent({
      method: 'POST',
      path: '/api/account/upgrade',
      body,
      cookies: cookie ? [cookie] : [],
      csrf: csrf ?? 'valid',
    }),
  );

const planOf = async (cookie: string) =>
  (await invoke(getPlan, routeEvent({ method: 'GET', path: '/api/account/plan', cookie })))
    .json as {
    plan: Plan;
    billingMode: string;
    usage: { workspaces: { id: string; is_frozen: boolean }[] };
  };

const sessionOf = async (cookie: string) =>
  (
    await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }),
    )
  ).json as { user: { plan: string; downgraded: boolean } };

async function itemOf(key: { pk: string; sk: string }) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}

async function auditActions(pk: string): Promise<string[]> {
  const { Items } = await getDocumentClient().send(
    new QueryCommand({
      TableName: getConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
      ExpressionAttributeValues: { ':pk': pk, ':audit': AUDIT_SORT_PREFIX },
    }),
  );
  return (Items ?? []).map((item) => auditEventCodec.fromItem(item).action);
}

/** A pro user owning three workspaces created a minute apart (oldest first). */
async function givenProOwnerOfThree() {
  const owner = await givenSignedInUser({ plan: 'pro' });
  const start = Date.now() - 10 * 60_000;
  const ids: string[] = [];
  for (const [index, name] of ['Oldest', 'Middle', 'Newest'].entries()) {
    ids.push(
      await givenWorkspace({
        ownerId: owner.userId,
        plan: 'pro',
        name,
        now: new Date(start + index * 60_000),
      }),
    );
  }
  return { owner, ids: ids as [string, string, string] };
}

describe('POST /api/account/upgrade in the local billing mode', () => {
  it('answers the billing mode with the plan', async () => {
    const user = await givenSignedInUser();
    expect(await planOf(user.cookie)).toMatchObject({ plan: 'free', billingMode: 'local' });
  });

  it('switches up at once and answers the plan, without a checkout URL', async () => {
    const user = await givenSignedInUser();
    const workspaceId = await givenWorkspace({ ownerId: user.userId, plan: 'free' });
    const response = await upgrade(user.cookie, { plan: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ plan: 'pro' });
    expect(await planOf(user.cookie)).toMatchObject({ plan: 'pro', limits: PLAN_LIMITS.pro });
    expect((await sessionOf(user.cookie)).user).toMatchObject({ plan: 'pro', downgraded: false });
    expect(await itemOf(keys.workspace(workspaceId))).toMatchObject({
      plan: 'pro',
      isFrozen: false,
    });
    expect(await auditActions(keys.user(user.userId).pk)).toEqual(['account.plan_changed']);
    expect(await auditActions(keys.workspace(workspaceId).pk)).toEqual(['workspace.plan_changed']);
  });

  it('freezes the newest workspaces beyond the new limit on a downgrade, keeping their tokens', async () => {
    const { owner, ids } = await givenProOwnerOfThree();
    const [oldest, middle, newest] = ids;
    const token = await seedToken(newest);

    const response = await upgrade(owner.cookie, { plan: 'free' });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ plan: 'free' });

    expect(await itemOf(keys.workspace(oldest))).toMatchObject({ plan: 'free', isFrozen: false });
    expect(await itemOf(keys.workspace(middle))).toMatchObject({ plan: 'free', isFrozen: true });
    expect(await itemOf(keys.workspace(newest))).toMatchObject({ plan: 'free', isFrozen: true });
    expect(await itemOf(keys.token(newest, token.id))).toBeDefined();
    expect((await sessionOf(owner.cookie)).user).toEqual(
      expect.objectContaining({ plan: 'free', downgraded: true }),
    );
    const plan = await planOf(owner.cookie);
    expect(plan.usage.workspaces.map((workspace) => workspace.is_frozen)).toEqual([
      false,
      true,
      true,
    ]);
    const [event] = await auditActions(keys.user(owner.userId).pk);
    expect(event).toBe('account.plan_changed');
  });

  it('freezes on a downgrade a workspace with more tokens or members than the new plan allows', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const colleague = await givenSignedInUser({ plan: 'team' });
    const shared = await givenWorkspace({
      ownerId: owner.userId,
      plan: 'team',
      name: 'Shared',
      members: [{ userId: colleague.userId, role: 'viewer' }],
      now: new Date(Date.now() - 10 * 60_000),
    });
    const solo = await givenWorkspace({ ownerId: owner.userId, plan: 'team', name: 'Solo' });

    expect((await upgrade(owner.cookie, { plan: 'free' })).statusCode).toBe(200);

    // The older workspace has two members, more than Free allows: the newer one stays active.
    expect(await itemOf(keys.workspace(shared))).toMatchObject({ plan: 'free', isFrozen: true });
    expect(await itemOf(keys.workspace(solo))).toMatchObject({ plan: 'free', isFrozen: false });
    expect((await sessionOf(owner.cookie)).user).toMatchObject({ downgraded: true });

    expect((await upgrade(owner.cookie, { plan: 'pro' })).statusCode).toBe(200);
    expect(await itemOf(keys.workspace(shared))).toMatchObject({ plan: 'pro', isFrozen: false });
  });

  it('unfreezes what the new limit allows on an upgrade and clears downgraded when none is left', async () => {
    const { owner, ids } = await givenProOwnerOfThree();
    const [oldest, middle, newest] = ids;
    await upgrade(owner.cookie, { plan: 'free' });
    // A token added while frozen (seeded, unarmed) is armed once its workspace is unfrozen.
    const token = await seedToken(middle, {
      expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    expect((await itemOf(keys.token(middle, token.id)))?.nextAlertAt).toBeUndefined();

    expect((await upgrade(owner.cookie, { plan: 'pro' })).json).toEqual({ plan: 'pro' });
    for (const id of [oldest, middle, newest]) {
      expect(await itemOf(keys.workspace(id))).toMatchObject({ plan: 'pro', isFrozen: false });
    }
    expect(typeof (await itemOf(keys.token(middle, token.id)))?.nextAlertAt).toBe('string');
    expect((await sessionOf(owner.cookie)).user).toMatchObject({ plan: 'pro', downgraded: false });
  });

  it('keeps workspaces frozen, and downgraded set, while the new limit is still too small', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const start = Date.now() - 60 * 60_000;
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(
        await givenWorkspace({
          ownerId: owner.userId,
          plan: 'team',
          name: `W${index}`,
          now: new Date(start + index * 60_000),
        }),
      );
    }
    await upgrade(owner.cookie, { plan: 'free' });
    expect((await sessionOf(owner.cookie)).user.downgraded).toBe(true);
    await upgrade(owner.cookie, { plan: 'pro' });
    const frozen = await Promise.all(
      ids.map(async (id): Promise<unknown> => (await itemOf(keys.workspace(id)))?.isFrozen),
    );
    expect(frozen).toEqual([false, false, false, true, true]);
    expect((await sessionOf(owner.cookie)).user).toMatchObject({ plan: 'pro', downgraded: true });
    await upgrade(owner.cookie, { plan: 'enterprise' });
    expect((await sessionOf(owner.cookie)).user).toMatchObject({
      plan: 'enterprise',
      downgraded: false,
    });
  });

  it('settles frozen workspaces again when an owned workspace is deleted', async () => {
    const { owner, ids } = await givenProOwnerOfThree();
    const [oldest, middle, newest] = ids;
    await upgrade(owner.cookie, { plan: 'free' });
    const remove = (workspaceId: string) =>
      invoke(
        deleteWorkspace,
        routeRequest('DELETE', '/api/v1/workspaces/{id}', {
          params: { id: workspaceId },
          cookie: owner.cookie,
        }),
      );

    expect((await remove(oldest)).statusCode).toBe(200);
    expect(await itemOf(keys.workspace(middle))).toMatchObject({ isFrozen: false });
    expect(await itemOf(keys.workspace(newest))).toMatchObject({ isFrozen: true });
    expect((await sessionOf(owner.cookie)).user).toMatchObject({ plan: 'free', downgraded: true });

    expect((await remove(newest)).statusCode).toBe(200);
    expect((await sessionOf(owner.cookie)).user).toMatchObject({ plan: 'free', downgraded: false });
    expect(await auditActions(keys.user(owner.userId).pk)).toEqual(['account.plan_changed']);
  });

  it('leaves workspaces the user only belongs to alone, and writes nothing for the same plan', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const member = await givenSignedInUser({ plan: 'pro' });
    const theirs = await givenWorkspace({
      ownerId: owner.userId,
      plan: 'team',
      members: [{ userId: member.userId, role: 'workspace_manager' }],
    });
    await upgrade(member.cookie, { plan: 'free' });
    expect(await itemOf(keys.workspace(theirs))).toMatchObject({ plan: 'team', isFrozen: false });

    const again = await upgrade(member.cookie, { plan: 'free' });
    expect(again.json).toEqual({ plan: 'free' });
    expect(await auditActions(keys.user(member.userId).pk)).toHaveLength(1);
  });

  it('needs a verified session and the CSRF header', async () => {
    expect((await upgrade(undefined, { plan: 'pro' })).statusCode).toBe(401);
    const unverified = await givenSignedInUser({ emailVerified: false });
    expect((await upgrade(unverified.cookie, { plan: 'pro' })).statusCode).toBe(403);
    const user = await givenSignedInUser();
    const noCsrf = await upgrade(user.cookie, { plan: 'pro' }, 'missing');
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    expect((await sessionOf(user.cookie)).user.plan).toBe('free');
  });

  it.each([
    [{}, 'Please choose a plan'],
    [{ plan: 'platinum' }, 'Please choose a plan'],
    [{ plan: 42 }, 'Please choose a plan'],
    ['{not json', 'Request body must be valid JSON'],
  ])('answers 400 to the body %j', async (body, message) => {
    const user = await givenSignedInUser();
    const response = await upgrade(user.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
  });
});

describe('the Stripe routes in the local billing mode', () => {
  const post = (
    handler: typeof confirmBilling,
    path: string,
    cookie: string | undefined,
    body?: unknown,
  ) =>
    invoke(handler, mutationEvent({ method: 'POST', path, body, cookies: cookie ? [cookie] : [] }));

  it('confirm and portal answer 400 saying billing is local; 401 without a session', async () => {
    const user = await givenSignedInUser();
    for (const response of [
      await post(confirmBilling, '/api/billing/confirm', user.cookie, { session_id: 'cs_test_1' }),
      await post(openBillingPortal, '/api/billing/portal', user.cookie),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({
        error: expect.stringContaining('local billing mode') as unknown,
      });
    }
    expect(
      (await post(confirmBilling, '/api/billing/confirm', undefined, { session_id: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await post(openBillingPortal, '/api/billing/portal', undefined)).statusCode).toBe(401);
  });

  it('confirm answers 400 without a session id', async () => {
    const user = await givenSignedInUser();
    for (const body of [{}, { session_id: '' }, { session_id: 7 }]) {
      const response = await post(confirmBilling, '/api/billing/confirm', user.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ error: 'Missing billing session' });
    }
  });

  it('the webhook answers 400 when Stripe is not configured', async () => {
    const response = await invoke(
      stripeWebhook,
      apiGatewayEvent({
        method: 'POST',
        path: '/api/billing/webhook',
        headers: { 'stripe-signature': 't=1,v1=abc' },
        body: { id: 'evt_1', type: 'checkout.session.completed' },
      }),
    );
    expect(response.statusCode).toBe(400);
  });
});
