import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { handler as getSession } from '../session/get-session';
import { handler } from './logout';

const logout = (cookies: string[], csrf?: 'missing' | 'wrong') =>
  invoke(handler, mutationEvent({ method: 'POST', path: '/api/logout', cookies, csrf }));

describe('POST /api/logout', () => {
  it('revokes the session server-side and clears the cookie', async () => {
    const { cookie } = await givenSignedInUser();
    const response = await logout([cookie]);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect(response.cookies).toEqual(['er_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
    const session = await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }),
    );
    expect(session.json).toMatchObject({ loggedIn: false });
  });

  it('is idempotent without a session', async () => {
    const response = await logout([]);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a request without a valid CSRF token', async () => {
    const { cookie } = await givenSignedInUser();
    const response = await logout([cookie], 'wrong');
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
  });
});
