import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookDeliveryError, type AlertNotice } from '../domain/alert-channels';
import { verifyWebhookSignature } from '../domain/webhook-signature';
import { createWebhookSender, postWebhook, sendTestWebhook } from './webhook-sender';

interface Received {
  readonly method: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const local = { httpsOnly: false, allowLoopback: true };
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: (path: string) => {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const { status, delayMs = 0, headers = {} } = answer(request.url ?? '/');
      setTimeout(() => {
        response.writeHead(status, headers);
        // A large answer the sender must not wait for.
        response.end('x'.repeat(1_000_000));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  answer = () => ({ status: 200 });
});

const notice: AlertNotice = {
  alertId: 'ws.tok~2030-01-08T00:00:00.000Z~7',
  workspaceId: 'ws',
  workspaceName: 'Platform',
  tokenId: 'ws.tok',
  tokenName: 'api.example.com',
  category: 'cert',
  type: 'ssl_cert',
  expiresAt: '2030-01-08T00:00:00.000Z',
  daysLeft: 7,
  threshold: 7,
  renewalUrl: null,
  dashboardUrl: 'https://app.example.com/dashboard',
};

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'sent',
    (error: unknown) =>
      error instanceof WebhookDeliveryError
        ? { reason: error.reason, status: error.status }
        : error,
  );

describe('webhook sender', () => {
  it('posts a signed generic alert the receiver can verify', async () => {
    const now = new Date();
    const send = createWebhookSender({ policy: local, clock: () => now });
    const result = await send({
      channel: { name: 'Hook', kind: 'generic', url: `${baseUrl}/hook` },
      signingSecret: 'whsec_local',
      notice,
    });
    expect(result).toEqual({ status: 200 });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ alert_id: notice.alertId });
    expect(
      verifyWebhookSignature({
        secret: 'whsec_local',
        body: request?.body ?? '',
        timestamp: request?.headers['x-expiry-radar-timestamp'] as string,
        signature: request?.headers['x-expiry-radar-signature'] as string,
        now,
      }),
    ).toBe(true);
  });

  it('sends a test message in the kind format', async () => {
    answer = () => ({ status: 202 });
    const result = await sendTestWebhook({
      channel: { name: 'Test', kind: 'pagerduty', url: `${baseUrl}/pd`, routing_key: 'R' },
      signingSecret: 'whsec_local',
      workspace: { id: 'ws', name: 'Platform' },
      dashboardUrl: 'https://app.example.com/dashboard',
      now: new Date(),
      policy: local,
    });
    expect(result).toEqual({ status: 202 });
    const sent = JSON.parse(received[0]?.body ?? '') as {
      routing_key: string;
      event_action: string;
      payload: { summary: string };
    };
    expect(sent).toMatchObject({ routing_key: 'R', event_action: 'trigger' });
    expect(sent.payload.summary).toMatch(/^Test message from Expiry Radar/);
  });

  it('reports a non-2xx answer and does not follow redirects', async () => {
    answer = (path) =>
      path === '/moved'
        ? { status: 302, headers: { Location: `${baseUrl}/elsewhere` } }
        : { status: 500 };
    const request = { headers: {}, body: '{}' };
    expect(
      await reasonOf(postWebhook({ ...request, url: `${baseUrl}/fail` }, { policy: local })),
    ).toEqual({ reason: 'rejected', status: 500 });
    expect(
      await reasonOf(postWebhook({ ...request, url: `${baseUrl}/moved` }, { policy: local })),
    ).toEqual({ reason: 'rejected', status: 302 });
    expect(received.map((r) => r.body)).toHaveLength(2);
  });

  it('gives up after the timeout', async () => {
    answer = () => ({ status: 200, delayMs: 1_000 });
    const started = Date.now();
    const outcome = await reasonOf(
      postWebhook(
        { url: `${baseUrl}/slow`, headers: {}, body: '{}' },
        { policy: local, timeoutMs: 200 },
      ),
    );
    expect(outcome).toEqual({ reason: 'timeout', status: undefined });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await reasonOf(
        postWebhook(
          { url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}' },
          { policy: local },
        ),
      ),
    ).toEqual({ reason: 'unreachable', status: undefined });
  });

  it('refuses loopback, private and metadata addresses without connecting', async () => {
    const strict = { httpsOnly: false, allowLoopback: false };
    for (const url of [
      `${baseUrl}/hook`,
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      expect(
        await reasonOf(postWebhook({ url, headers: {}, body: '{}' }, { policy: strict })),
      ).toEqual({ reason: 'blocked', status: undefined });
    }
    // A host name resolving to loopback is refused at connect time.
    const port = (server.address() as AddressInfo).port;
    expect(
      await reasonOf(
        postWebhook(
          { url: `http://receiver.example:${port}/hook`, headers: {}, body: '{}' },
          {
            policy: strict,
            resolver: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
          },
        ),
      ),
    ).toEqual({ reason: 'blocked', status: undefined });
    expect(received).toHaveLength(0);
  });

  it('refuses plain http when https is required', async () => {
    expect(
      await reasonOf(
        postWebhook(
          { url: `${baseUrl}/hook`, headers: {}, body: '{}' },
          { policy: { httpsOnly: true, allowLoopback: true } },
        ),
      ),
    ).toEqual({ reason: 'blocked', status: undefined });
  });
});
