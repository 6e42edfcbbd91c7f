import { randomUUID } from 'node:crypto';
import type { LocalAppProcess } from '../support/local-app-process';
import { appForSuite, suiteClientHeaders } from '../support/shared-app';

/** The whole account flow over HTTP on `npm start`'s program, as the web app drives it. */
describe('accounts over HTTP', () => {
  let app: LocalAppProcess;
  let csrfToken = '';
  const jar = new Map<string, string>();

  beforeAll(async () => {
    app = await appForSuite();
    const response = await call('GET', '/api/csrf-token');
    csrfToken = ((await response.json()) as { csrfToken: string }).csrfToken;
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
  });

  /**
   * Like the web client: a write refused with 403 EBADCSRFTOKEN (the token changes at every
   * sign-in) fetches the current token and is sent once more.
   */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; cookies?: Map<string, string> } = {},
  ): Promise<Response> {
    const response = await send(method, path, body, options);
    if (response.status !== 403 || options.csrf === false || method === 'GET') return response;
    const { code } = (await response.clone().json()) as { code?: string };
    if (code !== 'EBADCSRFTOKEN') return response;
    const fresh = await send('GET', '/api/csrf-token', undefined, options);
    csrfToken = ((await fresh.json()) as { csrfToken: string }).csrfToken;
    return send(method, path, body, options);
  }

  async function send(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; cookies?: Map<string, string> } = {},
  ): Promise<Response> {
    const cookies = options.cookies ?? jar;
    const headers: Record<string, string> = {
      ...suiteClientHeaders(),
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.csrf !== false && method !== 'GET') headers['x-csrf-token'] = csrfToken;
    const response = await fetch(`${app.appUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  async function linkTokenTo(address: string): Promise<string> {
    const store = await fetch(`${app.endpoints.emailViewer}store`);
    const { emails } = (await store.json()) as {
      emails: Array<{ destination: { to: string[] }; body: { text?: string } }>;
    };
    const mine = emails.filter((email) => email.destination.to.some((to) => to.includes(address)));
    const match = /token=([\w-]+)/.exec(mine[mine.length - 1]?.body.text ?? '');
    if (!match?.[1]) throw new Error(`No link in the email to ${address}`);
    return match[1];
  }

  it('registers, verifies, signs out and in, resets the password, updates and deletes', async () => {
    const email = `flow-${randomUUID()}@example.com`;
    const password = 'a long enough passphrase';

    const refused = await call('POST', '/auth/register', { email, password }, { csrf: false });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'EBADCSRFTOKEN' });

    const registered = await call('POST', '/auth/register', { email, password, name: 'Ada' });
    expect(registered.status).toBe(202);
    expect(await registered.json()).toEqual({ ok: true });
    expect(await (await call('GET', '/api/session')).json()).toMatchObject({ loggedIn: false });
    // The registration cookie lets this browser's waiting page see the verification.
    const registration = async (): Promise<unknown> =>
      (await call('GET', '/auth/registration')).json();
    expect(await registration()).toEqual({ verified: false });

    const verified = await call('GET', `/auth/verify-email?token=${await linkTokenTo(email)}`);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/dashboard?verification_success=true');
    expect(await registration()).toEqual({ verified: true, email });
    expect(await (await call('GET', '/api/session')).json()).toMatchObject({ loggedIn: false });
    expect((await call('POST', '/auth/login', { email, password })).status).toBe(200);
    expect(await (await call('GET', '/api/session')).json()).toMatchObject({
      loggedIn: true,
      needsVerification: false,
    });

    expect((await call('POST', '/api/logout')).status).toBe(200);
    expect(await (await call('GET', '/api/session')).json()).toMatchObject({ loggedIn: false });

    expect((await call('POST', '/auth/login', { email, password })).status).toBe(200);
    const oldSession = new Map(jar);

    expect((await call('POST', '/auth/reset-password/request', { email })).status).toBe(200);
    const newPassword = 'the reset passphrase';
    const reset = await call('POST', '/auth/reset-password', {
      token: await linkTokenTo(email),
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    const stale = await call('GET', '/api/session', undefined, { cookies: oldSession });
    expect(await stale.json()).toMatchObject({ loggedIn: false });

    expect((await call('POST', '/auth/login', { email, password: newPassword })).status).toBe(200);
    const updated = await call('PUT', '/auth/account', { name: 'Ada Lovelace' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ user: { displayName: 'Ada Lovelace' } });

    const deleted = await call('DELETE', '/auth/account', { password: newPassword });
    expect(deleted.status).toBe(200);
    expect((await call('POST', '/auth/login', { email, password: newPassword })).status).toBe(401);
  }, 60_000);

  it('answers the 11th failed sign-in in a row with 429', async () => {
    const email = `guess-${randomUUID()}@example.com`;
    const password = 'a long enough passphrase';
    expect((await call('POST', '/auth/register', { email, password })).status).toBe(202);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const failed = await call('POST', '/auth/login', { email, password: 'wrong guess!' });
      expect(failed.status).toBe(401);
    }
    const limited = await call('POST', '/auth/login', { email, password });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      error: 'Too many requests. Please wait a moment and try again.',
    });
  }, 60_000);
});
