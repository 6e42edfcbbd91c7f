import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertSettings } from '@expiry-radar/shared/api/alert-api-schemas';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { givenTeam, routeEvent, routeRequest } from '../../../test-support/workspace-fixtures';
import { verifyWebhookSignature } from '../../domain/webhook-signature';
import { resetConfigForTests } from '../../platform/config';
import { handler as getAlertSettings } from './get-alert-settings';
import { handler as testWebhook } from './test-webhook';

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

let server: Server;
let receiver: string;
let received: Received[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(path.startsWith('/fail') ? 404 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

const send = (cookie: string | undefined, body: unknown) =>
  invoke(testWebhook, routeEvent({ method: 'POST', path: '/api/test-webhook', body, cookie }));

describe('POST /api/test-webhook', () => {
  it('sends a signed generic test with the workspace secret', async () => {
    const team = await givenTeam({ plan: 'team' });
    const response = await send(team.manager.cookie, {
      url: `${receiver}/generic`,
      workspace_id: team.workspaceId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({
      ok: true,
      message: 'Webhook test message sent successfully',
      status: 200,
    });
    const [request] = received;
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      type: 'test',
      workspace: { id: team.workspaceId, name: 'Platform' },
    });
    const settings = await invoke(
      getAlertSettings,
      routeRequest('GET', '/api/v1/workspaces/{id}/alert-settings', {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
      }),
    );
    expect(
      verifyWebhookSignature({
        secret: (settings.json as AlertSettings).webhook_signing_secret ?? '',
        body: request?.body ?? '',
        timestamp: request?.headers['x-expiry-radar-timestamp'] as string,
        signature: request?.headers['x-expiry-radar-signature'] as string,
        now: new Date(),
      }),
    ).toBe(true);
  });

  it.each([
    ['slack', {}, 'blocks'],
    ['teams', {}, 'attachments'],
    ['discord', {}, 'embeds'],
    ['pagerduty', { extras: { routing_key: 'R0UT1NG' } }, 'dedup_key'],
  ])('sends a %s test in its format', async (kind, extra, field) => {
    const user = await givenSignedInUser();
    const response = await send(user.cookie, { url: `${receiver}/${kind}`, kind, ...extra });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(received[0]?.body ?? '{}')).toHaveProperty(field);
    expect(received[0]?.headers).not.toHaveProperty('x-expiry-radar-signature');
  });

  it('explains a refusal by the receiver', async () => {
    const user = await givenSignedInUser();
    const response = await send(user.cookie, { url: `${receiver}/fail` });
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      code: 'WEBHOOK_REJECTED',
      error: `Webhook test failed: ${new URL(receiver).host} answered with status 404.`,
    });
  });

  it('explains an unreachable receiver', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const user = await givenSignedInUser();
    const response = await send(user.cookie, { url: `http://127.0.0.1:${port}/hook` });
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ code: 'WEBHOOK_UNREACHABLE' });
  });

  it('refuses private addresses, literally or once resolved', async () => {
    const user = await givenSignedInUser();
    const literal = await send(user.cookie, { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(literal.statusCode).toBe(400);
    expect(literal.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Webhook URL must not point to a private, local or reserved network address',
    });
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'false';
    resetConfigForTests();
    try {
      const resolved = await send(user.cookie, { url: 'http://localhost:9/hook' });
      expect(resolved.statusCode).toBe(400);
      expect(resolved.json).toEqual({
        code: 'WEBHOOK_BLOCKED',
        error:
          'Webhook test failed: localhost:9 resolves to a private, local or reserved network address.',
      });
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
      resetConfigForTests();
    }
    expect(received).toHaveLength(0);
  });

  it('checks the request and the workspace role', async () => {
    const team = await givenTeam({ plan: 'team' });
    const pager = await send(team.admin.cookie, { url: `${receiver}/pd`, kind: 'pagerduty' });
    expect(pager.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'PagerDuty webhooks need a routing key',
    });
    const badUrl = await send(team.admin.cookie, { url: 'ftp://example.com' });
    expect(badUrl.json).toMatchObject({ error: 'Webhook URL must be a valid http(s) URL' });
    const url = `${receiver}/generic`;
    const viewer = await send(team.viewer.cookie, { url, workspace_id: team.workspaceId });
    expect(viewer.statusCode).toBe(403);
    const outsider = await send(team.outsider.cookie, { url, workspace_id: team.workspaceId });
    expect(outsider.statusCode).toBe(404);
    expect((await send(undefined, { url })).statusCode).toBe(401);
    expect(received).toHaveLength(0);
  });

  it('is rate limited per user', async () => {
    const user = await givenSignedInUser();
    const url = `${receiver}/generic`;
    for (let i = 0; i < 10; i += 1) {
      expect((await send(user.cookie, { url })).statusCode).toBe(200);
    }
    const limited = await send(user.cookie, { url });
    expect(limited.statusCode).toBe(429);
    expect(limited.json).toMatchObject({ code: 'RATE_LIMITED' });
    const other = await givenSignedInUser();
    expect((await send(other.cookie, { url })).statusCode).toBe(200);
  });
});
