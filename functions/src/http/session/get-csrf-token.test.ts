import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { findActiveSession } from '../../data/session-records';
import { handler as logout } from '../auth/logout';
import { handler } from './get-csrf-token';

const HTTPS_HOST = 'app.expiry-radar.example';

const askToken = (options: { cookies?: string[]; host?: string } = {}) =>
  invoke(
    handler,
    apiGatewayEvent({
      method: 'GET',
      path: '/api/csrf-token',
      cookies: options.cookies,
      headers: options.host ? { host: options.host } : {},
    }),
  );

describe('GET /api/csrf-token', () => {
  it('answers a new token and sets it in an HttpOnly cookie', async () => {
    const response = await invoke(
      handler,
      apiGatewayEvent({ method: 'GET', path: '/api/csrf-token' }),
    );
    const { csrfToken } = response.json as { csrfToken: string };
    expect(response.statusCode).toBe(200);
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.cookies).toEqual([`er_csrf=${csrfToken}; Path=/; HttpOnly; SameSite=Lax`]);
  });

  it('keeps the token the browser already holds', async () => {
    const response = await invoke(
      handler,
      apiGatewayEvent({
        method: 'GET',
        path: '/api/csrf-token',
        cookies: ['er_csrf=existing-token'],
      }),
    );
    expect(response.json).toEqual({ csrfToken: 'existing-token' });
  });

  it('names the cookie __Host-er_csrf over https: Secure, Path=/ and no Domain', async () => {
    const response = await askToken({ host: HTTPS_HOST });
    const { csrfToken } = response.json as { csrfToken: string };
    expect(response.cookies).toEqual([
      `__Host-er_csrf=${csrfToken}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    ]);
    const kept = await askToken({ host: HTTPS_HOST, cookies: [`__Host-er_csrf=${csrfToken}`] });
    expect(kept.json).toEqual({ csrfToken });
  });

  it('over https, ignores a plain er_csrf cookie that a subdomain or an http page could plant', async () => {
    const response = await askToken({ host: HTTPS_HOST, cookies: ['er_csrf=planted-token'] });
    expect(response.json).not.toEqual({ csrfToken: 'planted-token' });
  });

  it("answers a session its own token, whatever the browser's CSRF cookie holds", async () => {
    const ada = await givenSignedInUser();
    const grace = await givenSignedInUser();
    const first = await askToken({ cookies: [ada.cookie, 'er_csrf=from-before-sign-in'] });
    const again = await askToken({ cookies: [ada.cookie] });
    const other = await askToken({ cookies: [grace.cookie] });
    const { csrfToken } = first.json as { csrfToken: string };
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.json).toEqual({ csrfToken });
    expect(other.json).not.toEqual({ csrfToken });
    expect(first.cookies).toEqual([`er_csrf=${csrfToken}; Path=/; HttpOnly; SameSite=Lax`]);
  });

  it("refuses another session's token, even echoed in both cookie and header", async () => {
    const victim = await givenSignedInUser();
    const attacker = await givenSignedInUser();
    const attackerToken = (
      (await askToken({ cookies: [attacker.cookie] })).json as {
        csrfToken: string;
      }
    ).csrfToken;
    const write = (token: string) =>
      invoke(
        logout,
        apiGatewayEvent({
          method: 'POST',
          path: '/api/logout',
          cookies: [victim.cookie, `er_csrf=${token}`],
          headers: { 'x-csrf-token': token },
        }),
      );
    const forged = await write(attackerToken);
    expect(forged.statusCode).toBe(403);
    expect(forged.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    expect(await findActiveSession(victim.sessionId, new Date())).toBeDefined();

    const own = (await askToken({ cookies: [victim.cookie] })).json as { csrfToken: string };
    expect((await write(own.csrfToken)).statusCode).toBe(200);
  });

  it('gives different browsers different tokens', async () => {
    const event = () => apiGatewayEvent({ method: 'GET', path: '/api/csrf-token' });
    const first = await invoke(handler, event());
    const second = await invoke(handler, event());
    expect(first.json).not.toEqual(second.json);
  });
});
