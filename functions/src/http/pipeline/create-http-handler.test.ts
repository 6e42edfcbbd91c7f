import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { captureMetrics, metricCounts } from '../../../test-support/metrics-output';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from './create-http-handler';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

const CSRF = 'csrf-token-value';

describe('the HTTP stack', () => {
  describe('on a state-changing route (POST /auth/login)', () => {
    const received: unknown[] = [];
    const login = createHttpHandler(accountRoutes.login, ({ body }) => {
      received.push(body);
      return { status: 201, body: { ok: true } };
    });
    const post = (options: {
      headers?: Record<string, string>;
      cookies?: string[];
      body?: unknown;
    }) => invoke(login, apiGatewayEvent({ method: 'POST', path: '/auth/login', ...options }));
    const validBody = { email: 'ada@example.com', password: 'a long enough password' };

    beforeEach(() => (received.length = 0));

    it('refuses a request without the CSRF header with 403 EBADCSRFTOKEN', async () => {
      const response = await post({ cookies: [`er_csrf=${CSRF}`], body: validBody });
      expect(response.statusCode).toBe(403);
      expect(response.json).toEqual({
        error: 'Invalid or missing CSRF token.',
        code: 'EBADCSRFTOKEN',
      });
      expect(received).toEqual([]);
    });

    it('refuses a header that does not match the cookie', async () => {
      const response = await post({
        cookies: [`er_csrf=${CSRF}`],
        headers: { 'x-csrf-token': 'something-else' },
        body: validBody,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    });

    it('refuses a header when the browser holds no CSRF cookie', async () => {
      const response = await post({ headers: { 'x-csrf-token': CSRF }, body: validBody });
      expect(response.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    });

    it('passes the validated body to the route with a matching token', async () => {
      const response = await post({
        cookies: [`er_csrf=${CSRF}`],
        headers: { 'x-csrf-token': CSRF },
        body: validBody,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json).toEqual({ ok: true });
      expect(received).toHaveLength(1);
    });

    it('answers malformed JSON with a 400', async () => {
      const response = await post({
        cookies: [`er_csrf=${CSRF}`],
        headers: { 'x-csrf-token': CSRF },
        body: '{"email":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json).toEqual({
        error: 'Request body must be valid JSON',
        code: 'VALIDATION_ERROR',
      });
    });

    it('answers an invalid body with the first message and every detail', async () => {
      const response = await post({
        cookies: [`er_csrf=${CSRF}`],
        headers: { 'x-csrf-token': CSRF },
        body: { email: 'not-an-email' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json as { error: string; code: string; details: unknown[] };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.error).toBe('Please enter a valid email address');
      expect(body.details.length).toBeGreaterThanOrEqual(2);
    });

    it("words a refusal in the product's words where the field's schema has none of its own", async () => {
      const register = createHttpHandler(accountRoutes.register, () => ({ body: { ok: true } }));
      const response = await invoke(
        register,
        apiGatewayEvent({
          method: 'POST',
          path: '/auth/register',
          cookies: [`er_csrf=${CSRF}`],
          headers: { 'x-csrf-token': CSRF },
          body: { email: 'ada@example.com', password: 'a long enough password', redirect: 5 },
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json).toEqual({
        error: 'Redirect must be text',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'redirect', message: 'Redirect must be text' }],
      });
    });
  });

  describe('on writes, the body must be declared JSON', () => {
    const received: unknown[] = [];
    const login = createHttpHandler(accountRoutes.login, ({ body }) => {
      received.push(body);
      return { status: 201, body: { ok: true } };
    });
    const logout = createHttpHandler(accountRoutes.logout, () => ({ body: { ok: true } }));
    const body = JSON.stringify({ email: 'ada@example.com', password: 'a long enough password' });
    const post = (headers: Record<string, string>) =>
      invoke(
        login,
        apiGatewayEvent({
          method: 'POST',
          path: '/auth/login',
          cookies: [`er_csrf=${CSRF}`],
          headers: { 'x-csrf-token': CSRF, ...headers },
          body,
        }),
      );

    beforeEach(() => (received.length = 0));

    it.each([
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=iso-8859-1',
      'application/jsonp',
    ])('refuses a JSON text sent as %s with 415, before the route runs', async (type) => {
      const response = await post({ 'content-type': type });
      expect(response.statusCode).toBe(415);
      expect(response.json).toEqual({
        error: 'Request body must be JSON (Content-Type: application/json).',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(received).toEqual([]);
    });

    it('refuses a body without a content type', async () => {
      const event = apiGatewayEvent({
        method: 'POST',
        path: '/auth/login',
        cookies: [`er_csrf=${CSRF}`],
        headers: { 'x-csrf-token': CSRF },
        body,
      });
      delete event.headers['content-type'];
      expect((await invoke(login, event)).statusCode).toBe(415);
    });

    it.each([
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;Charset="UTF-8"',
    ])('accepts %s', async (type) => {
      const response = await post({ 'content-type': type });
      expect(response.statusCode).toBe(201);
      expect(received).toHaveLength(1);
    });

    it('accepts a write without a body and without a content type', async () => {
      const response = await invoke(
        logout,
        apiGatewayEvent({
          method: 'POST',
          path: '/api/logout',
          cookies: [`er_csrf=${CSRF}`],
          headers: { 'x-csrf-token': CSRF },
        }),
      );
      expect(response.statusCode).toBe(200);
    });
  });

  describe('on a route for verified sessions (GET /api/tokens)', () => {
    const listTokens = createHttpHandler(tokenRoutes.listTokens, ({ query, session }) => ({
      body: { query, userId: session?.user.id },
    }));
    const get = (query: string, cookies?: string[]) =>
      invoke(listTokens, apiGatewayEvent({ method: 'GET', path: '/api/tokens', query, cookies }));

    it('answers 401 without a session', async () => {
      const response = await get('workspace_id=w1');
      expect(response.statusCode).toBe(401);
      expect(response.json).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('answers 403 EMAIL_NOT_VERIFIED to a session that still needs verification', async () => {
      const { cookie } = await givenSignedInUser({ emailVerified: false });
      const response = await get('workspace_id=w1', [cookie]);
      expect(response.statusCode).toBe(403);
      expect(response.json).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    });

    it('reads repeated category[] parameters as a list and applies defaults', async () => {
      const { cookie, userId } = await givenSignedInUser();
      const response = await get('workspace_id=w1&category[]=cert&category[]=license', [cookie]);
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({
        userId,
        query: expect.objectContaining({
          workspace_id: 'w1',
          category: ['cert', 'license'],
          limit: 100,
          offset: 0,
          sort: 'expiration_asc',
        }) as unknown,
      });
    });

    it('answers an out-of-range query parameter with a 400', async () => {
      const { cookie } = await givenSignedInUser();
      const response = await get('workspace_id=w1&limit=101', [cookie]);
      expect(response.statusCode).toBe(400);
    });
  });

  describe("a route's read ahead (readAheadOf)", () => {
    const startedFor: string[] = [];
    const handled: unknown[] = [];
    const listTokens = createHttpHandler<'listTokens', string>(
      tokenRoutes.listTokens,
      async ({ readAhead }) => {
        handled.push(await readAhead);
        return { body: { ok: true } };
      },
      {
        readAheadOf: (event) => {
          startedFor.push(event.rawQueryString);
          return event.rawQueryString.includes('fail')
            ? Promise.reject(new Error('read failed'))
            : Promise.resolve(`page of ${event.rawQueryString}`);
        },
      },
    );
    const get = (query: string, cookies?: string[]) =>
      invoke(listTokens, apiGatewayEvent({ method: 'GET', path: '/api/tokens', query, cookies }));

    beforeEach(() => {
      startedFor.length = 0;
      handled.length = 0;
    });

    it('starts with the session and reaches the handler', async () => {
      const { cookie } = await givenSignedInUser();
      const response = await get('workspace_id=w1', [cookie]);
      expect(response.statusCode).toBe(200);
      expect(handled).toEqual(['page of workspace_id=w1']);
    });

    it('is not started for a request that names no session', async () => {
      const response = await get('workspace_id=w1');
      expect(response.statusCode).toBe(401);
      expect(startedFor).toEqual([]);
    });

    it('fails the request only when the handler uses a read that failed', async () => {
      const { cookie: unverified } = await givenSignedInUser({ emailVerified: false });
      const refused = await get('workspace_id=fail', [unverified]);
      expect(refused.statusCode).toBe(403);
      expect(startedFor).toEqual(['workspace_id=fail']);

      const { cookie } = await givenSignedInUser();
      const failed = await get('workspace_id=fail', [cookie]);
      expect(failed.statusCode).toBe(500);
      expect(handled).toEqual([]);
    });
  });

  describe('errors', () => {
    it('answers an AppError with its status, code and message', async () => {
      const handler = createHttpHandler(platformRoutes.getSession, () => {
        throw new AppError('PLAN_LIMIT', 'Your plan allows 1 workspace.');
      });
      const response = await invoke(
        handler,
        apiGatewayEvent({ method: 'GET', path: '/api/session' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json).toEqual({ error: 'Your plan allows 1 workspace.', code: 'PLAN_LIMIT' });
    });

    it('counts a plan-limit refusal per route as a CloudWatch metric', async () => {
      const handler = createHttpHandler(platformRoutes.getSession, () => {
        throw new AppError('PLAN_LIMIT');
      });
      const event = apiGatewayEvent({ method: 'GET', path: '/api/session' });
      const lines = await captureMetrics(() => invoke(handler, event));
      expect(metricCounts(lines, 'route')).toEqual({ 'PlanLimitRefusals GET /api/session': 1 });
      expect(lines[0]?._aws.CloudWatchMetrics[0]).toMatchObject({
        Namespace: 'ExpiryRadar',
        Dimensions: [expect.arrayContaining(['service', 'route'])],
        Metrics: [{ Name: 'PlanLimitRefusals', Unit: 'Count' }],
      });
      // Other refusals count nothing, and nothing is printed while metrics are off (tests).
      const forbidden = createHttpHandler(platformRoutes.getSession, () => {
        throw new AppError('FORBIDDEN');
      });
      expect(await captureMetrics(() => invoke(forbidden, event))).toEqual([]);
      const write = jest.spyOn(process.stdout, 'write');
      await invoke(handler, event);
      expect(write).not.toHaveBeenCalled();
      write.mockRestore();
    });

    it('answers anything else with a 500 that hides the cause', async () => {
      const handler = createHttpHandler(platformRoutes.getSession, () => {
        throw new Error('connection string with a password in it');
      });
      const response = await invoke(
        handler,
        apiGatewayEvent({ method: 'GET', path: '/api/session' }),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json).toEqual({
        error: 'Server error. Please try again later.',
        code: 'INTERNAL',
      });
    });
  });
});
