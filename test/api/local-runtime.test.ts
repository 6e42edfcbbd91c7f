import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findFreePort } from '@expiry-radar/functions/local/ports';
import { startLocalApp, type LocalAppProcess } from '../support/local-app-process';

/** `npm start`'s program as a browser or a script sees it: over HTTP, nothing mocked. */
describe('local runtime over HTTP', () => {
  let app: LocalAppProcess;

  beforeAll(async () => {
    app = await startLocalApp({ env: { PAYMENT_PUBLISHABLE_KEY: 'pk_test_local' } });
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, init?: RequestInit) => fetch(`${app.appUrl}${path}`, init);

  it('prints the app URL, the email viewer and where data lives', () => {
    expect(app.output()).toContain(`App:           ${app.appUrl}`);
    expect(app.output()).toContain(`Email viewer:  ${app.endpoints.emailViewer}`);
    expect(app.output()).toContain(`Data:          ${app.dataDirectory}`);
    expect(Object.keys(app.endpoints)).toEqual(
      expect.arrayContaining(['app', 'dynamoDb', 'sqs', 'ses', 'emailViewer', 'alertQueueUrl']),
    );
  });

  it('answers GET /api/session with loggedIn false', async () => {
    const response = await get('/api/session');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ loggedIn: false, features: { googleSignIn: false } });
  });

  it('answers GET /api/csrf-token with a token and a cookie', async () => {
    const response = await get('/api/csrf-token');
    const body = (await response.json()) as { csrfToken: string };
    expect(body.csrfToken).toHaveLength(43);
    expect(response.headers.get('set-cookie')).toContain(`er_csrf=${body.csrfToken}`);
  });

  it('reports the table and queues healthy', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const response = await get('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Resource not found.', code: 'NOT_FOUND' });
  });

  it('answers a known path with the wrong method with 405', async () => {
    const response = await get('/api/session', { method: 'DELETE' });
    expect(response.status).toBe(405);
  });

  it('serves the runtime settings as /config.json', async () => {
    const response = await get('/config.json');
    expect(await response.json()).toEqual({
      apiBaseUrl: '',
      analyticsKey: '',
      analyticsHost: '',
      paymentPublishableKey: 'pk_test_local',
    });
  });

  // `npm test` builds the web app before the jest run.
  it('serves the SPA for app routes', async () => {
    const page = await get('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('starting the local runtime', () => {
  it('names the port and the variable when a port is taken', async () => {
    const port = await findFreePort();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startLocalApp({ env: { PORT: String(port) } })).rejects.toThrow(
        `Port ${port} is already in use. Stop what is using it or set PORT to another port.`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('keeps the data of a previous start and stops everything on Ctrl-C', async () => {
    const first = await startLocalApp();
    const { dataDirectory } = first;
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDirectory, 'dynamodb', 'shared-local-instance.db'))).toBe(true);
    const second = await startLocalApp({ dataDirectory });
    try {
      expect((await fetch(`${second.appUrl}/api/health`)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 120_000);
});
