/**
 * The billing routes with Stripe configured, against a small local stand-in for the Stripe API
 * endpoints they call (the stripe client's host/port/protocol options), and webhook events signed
 * offline with stripe.webhooks.generateTestHeaderString.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { givenWorkspace, routeEvent } from '../../../test-support/workspace-fixtures';
import { AUDIT_SORT_PREFIX, keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as getPlan } from '../account/get-plan';
import { handler as confirmBilling } from './confirm-billing';
import { handler as openBillingPortal } from './open-billing-portal';
import { handler as stripeWebhook } from './stripe-webhook';
import { handler as upgradePlan } from './upgrade-plan';

const WEBHOOK_SECRET = 'whsec_test_secret';

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
}

/** The Stripe endpoints the adapter calls, answering from `checkoutSessions`. */
class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly checkoutSessions = new Map<string, Record<string, unknown>>();
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void readBody(request).then((text) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const call = {
          method: request.method ?? 'GET',
          path: url.pathname,
          form: new URLSearchParams(text),
        };
        this.calls.push(call);
        const [status, body] = this.answer(call);
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(call: StripeCall): [number, unknown] {
    if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomUUID()}`;
      return [200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(call.path);
    if (call.method === 'GET' && retrieve?.[1]) {
      const session = this.checkoutSessions.get(decodeURIComponent(retrieve[1]));
      if (session) return [200, session];
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
          },
        },
      ];
    }
    if (call.method === 'POST' && call.path === '/v1/billing_portal/sessions') {
      return [
        200,
        { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' },
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: 'Unknown endpoint' } }];
  }

  /** A completed, paid Checkout session of `userId` for `plan`. */
  givenPaidSession(userId: string, plan: Plan, overrides: Record<string, unknown> = {}) {
    const id = `cs_test_${randomUUID()}`;
    const session = checkoutSessionObject(id, userId, plan, overrides);
    this.checkoutSessions.set(id, session);
    return { id, session };
  }
}

function checkoutSessionObject(
  id: string,
  userId: string,
  plan: Plan,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: userId,
    customer: `cus_${userId.slice(0, 8)}`,
    subscription: 'sub_1',
    metadata: { userId, plan },
    url: null,
    ...overrides,
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const fakeStripe = new FakeStripe();
const savedEnvironment = { ...process.env };

beforeAll(async () => {
  const apiUrl = await fakeStripe.start();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PLAN_PRICES: JSON.stringify({
      pro: { monthly: { stripePriceId: 'price_pro' }, yearly: { stripePriceId: 'price_pro_year' } },
      team: { monthly: { stripePriceId: 'price_team' } },
    }),
    STRIPE_API_URL: apiUrl,
  });
});

afterAll(async () => {
  process.env = savedEnvironment;
  await fakeStripe.stop();
});

const post = (
  handler: typeof upgradePlan,
  path: string,
  cookie: string | undefined,
  body?: unknown,
) =>
  invoke(handler, mutationEvent({ method: 'POST', path, body, cookies: cookie ? [cookie] : [] }));

async function userItem(userId: string) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

async function planChangeEvents(userId: string): Promise<number> {
  const { Items } = await getDocumentClient().send(
    new QueryCommand({
      TableName: getConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':audit': AUDIT_SORT_PREFIX },
    }),
  );
  return (Items ?? []).filter((item) => item.action === 'account.plan_changed').length;
}

/** A webhook request carrying `event`, signed with `secret` (the configured one by default). */
function webhookRequest(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return apiGatewayEvent({
    method: 'POST',
    path: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
}

function subscriptionObject(userId: string, status: string, priceId: string) {
  return {
    id: 'sub_1',
    object: 'subscription',
    status,
    customer: `cus_${userId.slice(0, 8)}`,
    metadata: { userId },
    items: { object: 'list', data: [{ id: 'si_1', price: { id: priceId } }] },
  };
}

describe('POST /api/account/upgrade with Stripe', () => {
  it('starts a Checkout session for the plan and leaves the plan as it is', async () => {
    const user = await givenSignedInUser();
    const response = await post(upgradePlan, '/api/account/upgrade', user.cookie, { plan: 'pro' });
    expect(response.statusCode).toBe(200);
    const answer = response.json as { plan: string; checkoutUrl: string };
    expect(answer.plan).toBe('free');
    expect(answer.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_test_/);

    const call = fakeStripe.calls.findLast((c) => c.path === '/v1/checkout/sessions');
    const origin = getConfig().appOrigin;
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      client_reference_id: user.userId,
      customer_email: user.email,
      'metadata[plan]': 'pro',
      'metadata[period]': 'monthly',
      'metadata[userId]': user.userId,
      'subscription_data[metadata][plan]': 'pro',
      success_url: `${origin}/billing?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/billing?billing=cancel`,
    });
    expect((await userItem(user.userId))?.plan).toBe('free');
    const plan = await invoke(
      getPlan,
      routeEvent({ method: 'GET', path: '/api/account/plan', cookie: user.cookie }),
    );
    expect(plan.json).toMatchObject({ plan: 'free', billingMode: 'stripe' });
  });

  it('checks out the Stripe price of the chosen billing period', async () => {
    const user = await givenSignedInUser();
    const response = await post(upgradePlan, '/api/account/upgrade', user.cookie, {
      plan: 'pro',
      period: 'yearly',
    });
    expect(response.statusCode).toBe(200);
    const call = fakeStripe.calls.findLast((c) => c.path === '/v1/checkout/sessions');
    expect(call?.form.get('line_items[0][price]')).toBe('price_pro_year');
    expect(call?.form.get('metadata[period]')).toBe('yearly');
    expect(call?.form.get('subscription_data[metadata][period]')).toBe('yearly');
  });

  it('answers 400 for a plan or period without a price, the same plan, or a change a subscription owns', async () => {
    const free = await givenSignedInUser();
    const pro = await givenSignedInUser({ plan: 'pro' });
    const cases: [string, string, string | undefined, unknown][] = [
      [
        free.cookie,
        'enterprise',
        undefined,
        'The Enterprise plan cannot be bought with monthly billing here yet.',
      ],
      [
        free.cookie,
        'team',
        'yearly',
        'The Team plan cannot be bought with yearly billing here yet.',
      ],
      [free.cookie, 'pro', 'weekly', 'Please choose monthly or yearly billing'],
      [free.cookie, 'free', undefined, 'You are already on the Free plan.'],
      [pro.cookie, 'team', 'monthly', expect.stringContaining('billing portal') as unknown],
    ];
    for (const [cookie, plan, period, message] of cases) {
      const response = await post(upgradePlan, '/api/account/upgrade', cookie, { plan, period });
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    }
  });
});

describe('POST /api/billing/confirm with Stripe', () => {
  it('applies a paid checkout of the caller once, and links the Stripe customer', async () => {
    const user = await givenSignedInUser();
    const workspaceId = await givenWorkspace({ ownerId: user.userId, plan: 'free' });
    const { id } = fakeStripe.givenPaidSession(user.userId, 'team');

    const response = await post(confirmBilling, '/api/billing/confirm', user.cookie, {
      session_id: id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      plan: 'team',
      billingMode: 'stripe',
      usage: { workspaces: [{ id: workspaceId, is_frozen: false }] },
    });
    expect(await userItem(user.userId)).toMatchObject({
      plan: 'team',
      stripeCustomerId: `cus_${user.userId.slice(0, 8)}`,
    });
    const again = await post(confirmBilling, '/api/billing/confirm', user.cookie, {
      session_id: id,
    });
    expect(again.statusCode).toBe(200);
    expect(await planChangeEvents(user.userId)).toBe(1);
  });

  it("answers 400 for another user's, an unknown, an open or an unpaid session", async () => {
    const user = await givenSignedInUser();
    const other = await givenSignedInUser();
    const theirs = fakeStripe.givenPaidSession(other.userId, 'pro');
    const open = fakeStripe.givenPaidSession(user.userId, 'pro', { status: 'open' });
    const unpaid = fakeStripe.givenPaidSession(user.userId, 'pro', { payment_status: 'unpaid' });
    const cases: [string, unknown][] = [
      [theirs.id, 'Unknown billing session.'],
      ['cs_test_missing', 'Unknown billing session.'],
      [open.id, 'This checkout is not complete.'],
      [unpaid.id, expect.stringContaining('still being processed') as unknown],
    ];
    for (const [sessionId, message] of cases) {
      const response = await post(confirmBilling, '/api/billing/confirm', user.cookie, {
        session_id: sessionId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ error: message });
    }
    expect((await userItem(user.userId))?.plan).toBe('free');
  });
});

describe('POST /api/billing/portal with Stripe', () => {
  it('answers the portal URL for a customer, returning to /billing?portal=return', async () => {
    const none = await givenSignedInUser();
    const noCustomer = await post(openBillingPortal, '/api/billing/portal', none.cookie);
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json).toMatchObject({
      error: 'You have no billing account yet: choose a paid plan first.',
    });

    const user = await givenSignedInUser();
    const { id } = fakeStripe.givenPaidSession(user.userId, 'pro');
    await post(confirmBilling, '/api/billing/confirm', user.cookie, { session_id: id });
    const response = await post(openBillingPortal, '/api/billing/portal', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ url: 'https://billing.stripe.test/p/1' });
    const call = fakeStripe.calls.findLast((c) => c.path === '/v1/billing_portal/sessions');
    expect(call?.form.get('customer')).toBe(`cus_${user.userId.slice(0, 8)}`);
    expect(call?.form.get('return_url')).toBe(`${getConfig().appOrigin}/billing?portal=return`);
  });

  it('needs a verified session', async () => {
    expect((await post(openBillingPortal, '/api/billing/portal', undefined)).statusCode).toBe(401);
    const unverified = await givenSignedInUser({ emailVerified: false });
    expect(
      (await post(openBillingPortal, '/api/billing/portal', unverified.cookie)).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/billing/webhook', () => {
  it('applies a signed checkout.session.completed without CSRF, and a replay changes nothing', async () => {
    const user = await givenSignedInUser();
    const workspaces = [
      await givenWorkspace({
        ownerId: user.userId,
        plan: 'free',
        now: new Date(Date.now() - 60_000),
      }),
      await givenWorkspace({ ownerId: user.userId, plan: 'free', frozen: true }),
    ];
    const completed = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject('cs_test_hook', user.userId, 'pro'),
    );
    const first = await invoke(stripeWebhook, webhookRequest(completed));
    expect(first.statusCode).toBe(200);
    expect(first.json).toEqual({ received: true });
    expect(await userItem(user.userId)).toMatchObject({ plan: 'pro', downgraded: false });
    for (const id of workspaces) {
      const { Item } = await getDocumentClient().send(
        new GetCommand({
          TableName: getConfig().tableName,
          Key: keys.workspace(id),
          ConsistentRead: true,
        }),
      );
      expect(Item).toMatchObject({ plan: 'pro', isFrozen: false });
    }

    // The subscription ends, then Stripe sends the first event again: it is not applied twice.
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(user.userId, 'canceled', 'price_pro'),
    );
    expect((await invoke(stripeWebhook, webhookRequest(deleted))).statusCode).toBe(200);
    expect(await userItem(user.userId)).toMatchObject({ plan: 'free', downgraded: true });
    const replay = await invoke(stripeWebhook, webhookRequest(completed));
    expect(replay.statusCode).toBe(200);
    expect(replay.json).toEqual({ received: true });
    expect((await userItem(user.userId))?.plan).toBe('free');
    expect(await planChangeEvents(user.userId)).toBe(2);
  });

  it('follows customer.subscription.updated to the plan of its price, by customer when no metadata', async () => {
    const user = await givenSignedInUser();
    const { id } = fakeStripe.givenPaidSession(user.userId, 'pro');
    await post(confirmBilling, '/api/billing/confirm', user.cookie, { session_id: id });
    const updated = stripeEvent('customer.subscription.updated', {
      ...subscriptionObject(user.userId, 'active', 'price_team'),
      metadata: {},
    });
    expect((await invoke(stripeWebhook, webhookRequest(updated))).statusCode).toBe(200);
    expect((await userItem(user.userId))?.plan).toBe('team');

    // A yearly price stands for its plan as the monthly one does.
    const yearly = stripeEvent('customer.subscription.updated', {
      ...subscriptionObject(user.userId, 'active', 'price_pro_year'),
      metadata: {},
    });
    expect((await invoke(stripeWebhook, webhookRequest(yearly))).statusCode).toBe(200);
    expect((await userItem(user.userId))?.plan).toBe('pro');
  });

  it('does not let a late event, or one about an old subscription, undo a newer state', async () => {
    const user = await givenSignedInUser();
    const { id } = fakeStripe.givenPaidSession(user.userId, 'pro');
    await post(confirmBilling, '/api/billing/confirm', user.cookie, { session_id: id });
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(user.userId, 'canceled', 'price_pro'),
    );
    expect((await invoke(stripeWebhook, webhookRequest(deleted))).statusCode).toBe(200);
    expect((await userItem(user.userId))?.plan).toBe('free');

    // An update sent before the deletion arrives after it.
    const late = {
      ...stripeEvent(
        'customer.subscription.updated',
        subscriptionObject(user.userId, 'active', 'price_team'),
      ),
      created: deleted.created - 60,
    };
    expect((await invoke(stripeWebhook, webhookRequest(late))).statusCode).toBe(200);
    expect((await userItem(user.userId))?.plan).toBe('free');

    // A new subscription; then the old one's (late) deletion changes nothing.
    const renewed = fakeStripe.givenPaidSession(user.userId, 'team', { subscription: 'sub_2' });
    await post(confirmBilling, '/api/billing/confirm', user.cookie, { session_id: renewed.id });
    const oldDeleted = stripeEvent('customer.subscription.deleted', {
      ...subscriptionObject(user.userId, 'canceled', 'price_pro'),
      id: 'sub_1',
    });
    expect((await invoke(stripeWebhook, webhookRequest(oldDeleted))).statusCode).toBe(200);
    expect(await userItem(user.userId)).toMatchObject({
      plan: 'team',
      stripeSubscriptionId: 'sub_2',
    });
  });

  it('acknowledges events it does not act on, and those of unknown users', async () => {
    const other = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect((await invoke(stripeWebhook, webhookRequest(other))).statusCode).toBe(200);
    const stranger = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(randomUUID(), 'active', 'price_team'),
    );
    expect((await invoke(stripeWebhook, webhookRequest(stranger))).statusCode).toBe(200);
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const user = await givenSignedInUser();
    const completed = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject('cs_test_forged', user.userId, 'enterprise'),
    );
    const forged = await invoke(stripeWebhook, webhookRequest(completed, 'whsec_not_ours'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json).toMatchObject({ error: 'Invalid Stripe signature.' });

    const tampered = webhookRequest(completed);
    tampered.body = (tampered.body ?? '').replace('enterprise', 'team');
    expect((await invoke(stripeWebhook, tampered)).statusCode).toBe(400);

    const unsigned = webhookRequest(completed);
    delete unsigned.headers['stripe-signature'];
    const missing = await invoke(stripeWebhook, unsigned);
    expect(missing.statusCode).toBe(400);
    expect(missing.json).toMatchObject({ error: 'Missing Stripe-Signature header.' });
    expect((await userItem(user.userId))?.plan).toBe('free');

    // The rejected event was not claimed: once properly signed, it is applied.
    expect((await invoke(stripeWebhook, webhookRequest(completed))).statusCode).toBe(200);
    expect((await userItem(user.userId))?.plan).toBe('enterprise');
  });
});

describe("Stripe's SDK", () => {
  it('is loaded on first use, not with the billing routes (their cold start answers without it)', () => {
    let loaded = false;
    jest.isolateModules(() => {
      jest.doMock('stripe', () => {
        loaded = true;
        return jest.requireActual<object>('stripe');
      });
      const adapter = jest.requireActual<{
        isStripeSignatureError: (error: unknown) => boolean;
      }>('../../adapters/stripe-billing');
      // No Stripe call yet: no error can be Stripe's, and the SDK stays unloaded.
      expect(adapter.isStripeSignatureError(new Error('Invalid signature'))).toBe(false);
      expect(loaded).toBe(false);
    });
  });
});
