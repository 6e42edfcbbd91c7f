import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { controlAuthorization } from '@expiry-radar/functions/local/local-control-server';
import { findFreePort } from '@expiry-radar/functions/local/ports';
import { projectRoot, startLocalApp, type LocalAppProcess } from '../support/local-app-process';
import { withTemporaryDirectory } from '../support/temporary-directory';

const SEVEN_MEGABYTES = 7 * 1024 * 1024;

/** Sends `chunks` one by one with chunked encoding (no Content-Length) and reads the answer. */
function postChunked(url: string, chunks: number, chunkBytes: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    // The server closes the connection once it has answered, while chunks may still be on the way.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const chunk = Buffer.alloc(chunkBytes, 'a');
    let sent = 0;
    const writeMore = () => {
      while (sent < chunks) {
        sent += 1;
        if (!request.write(chunk)) {
          request.once('drain', writeMore);
          return;
        }
      }
      request.end();
    };
    writeMore();
  });
}

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

  it("answers what no SCIM route takes under /scim/ in SCIM's error shape", async () => {
    const unknown = await get('/scim/v2/Users/x/y');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/scim+json');
    expect(await unknown.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '404',
    });
    const wrongMethod = await get('/scim/v2/Users', { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, POST']);
    // The base on its own, with or without the version, and a malformed percent-escape too.
    for (const [path, status] of [
      ['/scim/', 404],
      ['/scim/v2', 404],
      ['/scim/v2/Users/%E0%A4%A', 400],
    ] as const) {
      const refused = await get(path);
      expect([path, refused.status, refused.headers.get('content-type')]).toEqual([
        path,
        status,
        expect.stringContaining('application/scim+json'),
      ]);
      expect(await refused.json()).toMatchObject({ status: String(status) });
    }
  });

  it('answers a known path with the wrong method with 405', async () => {
    const response = await get('/api/session', { method: 'DELETE' });
    expect(response.status).toBe(405);
  });

  it('answers a body over 6 MB with 413, holding at most 6 MB of it, and keeps serving', async () => {
    const declared = await get('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(SEVEN_MEGABYTES, ' '),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      error: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    // Without a Content-Length the server counts what arrives and stops at the limit.
    const streamed = await postChunked(`${app.appUrl}/auth/login`, 112, 64 * 1024);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await get('/api/health')).status).toBe(200);
  }, 60_000);

  it('answers a malformed percent-escape in the path with 400, never 500', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await get('/api/v1/workspaces/%ZZ', { method });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'The request path is not valid: a percent-escape is malformed.',
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('answers request targets such as // instead of dropping the connection', async () => {
    // The SPA (or 503 when the web app is not built), never a reset connection or a 500.
    expect((await get('//')).status).not.toBe(500);
    expect((await get('//api/session')).status).not.toBe(500);
    expect((await get('/api/health')).status).toBe(200);
  });

  it('runs a scan on the control endpoint only with the secret of endpoints.json', async () => {
    const scan = (headers?: Record<string, string>) =>
      fetch(`${app.endpoints.control}/alerts/scan`, { method: 'POST', headers });
    const secret = app.endpoints.controlSecret ?? '';
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(join(app.dataDirectory, 'endpoints.json')).mode & 0o777).toBe(0o600);

    expect((await scan()).status).toBe(401);
    expect((await scan(controlAuthorization(`${secret.slice(1)}x`))).status).toBe(401);
    expect((await scan({ 'content-type': 'text/plain' })).status).toBe(401);
    const allowed = await scan(controlAuthorization(secret));
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ queued: expect.any(Number) as number });
  });

  it('npm run alerts:scan reaches the control endpoint with the secret', async () => {
    const { stdout } = await promisify(execFile)(
      join(projectRoot, 'node_modules/.bin/tsx'),
      ['functions/src/local/run-alert-scan.ts'],
      { cwd: projectRoot, env: { ...process.env, DATA_DIR: app.dataDirectory } },
    );
    expect(stdout).toContain('Expiry scan done:');
  }, 60_000);

  it('npm run integrations:sync runs the integration sync dispatcher', async () => {
    const { stdout } = await promisify(execFile)(
      join(projectRoot, 'node_modules/.bin/tsx'),
      ['functions/src/local/run-alert-scan.ts', 'integrations'],
      { cwd: projectRoot, env: { ...process.env, DATA_DIR: app.dataDirectory } },
    );
    expect(stdout).toContain('Integration syncs queued:');
    expect(stdout).toMatch(/due: 0/);
  }, 60_000);

  it('npm run email:bounce puts an address on the suppression list through the feedback job', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(
        join(projectRoot, 'node_modules/.bin/tsx'),
        ['functions/src/local/run-alert-scan.ts', 'email-bounce', ...args],
        { cwd: projectRoot, env: { ...process.env, DATA_DIR: app.dataDirectory } },
      );
    const { stdout } = await run(['gone@example.com']);
    expect(stdout).toContain('Bounce of gone@example.com handled:');
    expect(stdout).toMatch(/suppressed: 1/);
    await expect(run([])).rejects.toThrow(/Give the address that bounces/);
  }, 60_000);

  it('serves the runtime settings as /config.json', async () => {
    const response = await get('/config.json');
    expect(await response.json()).toEqual({
      apiBaseUrl: '',
      analyticsKey: '',
      analyticsHost: '',
      paymentPublishableKey: 'pk_test_local',
      supportEmail: '',
      communityChatUrl: '',
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
    await withTemporaryDirectory('expiry-radar-data-', async (dataDirectory) => {
      const first = await startLocalApp({ dataDirectory });
      expect(await first.stop()).toBe(0);
      expect(existsSync(join(dataDirectory, 'dynamodb', 'shared-local-instance.db'))).toBe(true);
      const second = await startLocalApp({ dataDirectory });
      try {
        expect((await fetch(`${second.appUrl}/api/health`)).status).toBe(200);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    });
  }, 120_000);
});
