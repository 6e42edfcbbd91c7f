import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { handler } from './get-session';

const getSession = (cookies?: string[], headers: Record<string, string> = {}) =>
  invoke(handler, apiGatewayEvent({ method: 'GET', path: '/api/session', cookies, headers }));

/** A host that is not localhost: cookies are Secure there and go by their `__Host-` names. */
const HTTPS = { host: 'app.expiry-radar.example' };

describe('GET /api/session', () => {
  it('answers loggedIn false without a session cookie', async () => {
    const response = await getSession();
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ loggedIn: false, features: { googleSignIn: false } });
    expect(response.headers?.['cache-control']).toBe('no-store');
  });

  it('answers loggedIn false for an unknown session id', async () => {
    const response = await getSession(['er_session=not-a-real-session']);
    expect(response.json).toEqual({ loggedIn: false, features: { googleSignIn: false } });
  });

  it('answers loggedIn false for an expired session that TTL has not removed yet', async () => {
    const { cookie } = await givenSignedInUser({ sessionExpiresAt: new Date(Date.now() - 1000) });
    const response = await getSession([cookie]);
    expect(response.json).toEqual({ loggedIn: false, features: { googleSignIn: false } });
  });

  it('answers loggedIn false when the user part of the session id names someone else', async () => {
    const { sessionId } = await givenSignedInUser();
    const other = await givenSignedInUser();
    const secret = sessionId.slice(sessionId.indexOf('.') + 1);
    const response = await getSession([`er_session=${other.userId}.${secret}`]);
    expect(response.json).toEqual({ loggedIn: false, features: { googleSignIn: false } });
  });

  it('over https, knows the session by its __Host-er_session cookie', async () => {
    const { sessionId, email } = await givenSignedInUser();
    const response = await getSession([`__Host-er_session=${sessionId}`], HTTPS);
    expect(response.json).toMatchObject({ loggedIn: true, user: { email } });
  });

  it('over https, ignores a plain er_session cookie that a subdomain or an http page could plant', async () => {
    const { cookie } = await givenSignedInUser();
    const response = await getSession([cookie], HTTPS);
    expect(response.json).toEqual({ loggedIn: false, features: { googleSignIn: false } });
  });

  it('answers the signed-in user', async () => {
    const { cookie, userId, email } = await givenSignedInUser();
    const response = await getSession([cookie]);
    const { createdAt } = (response.json as { user: { createdAt: string } }).user;
    expect(createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(response.json).toEqual({
      loggedIn: true,
      user: {
        id: userId,
        displayName: 'Ada Lovelace',
        name: 'Ada',
        email,
        avatar: null,
        plan: 'free',
        downgraded: false,
        twoFactorEnabled: false,
        // An email change waiting for its link (none here).
        pendingEmail: null,
        // When the account was made (the web's welcome kept from a registration is for it only).
        createdAt,
      },
      needsVerification: false,
      features: { googleSignIn: false },
    });
  });

  it('says when the signed-in user still needs to verify their email', async () => {
    const { cookie } = await givenSignedInUser({ emailVerified: false });
    const response = await getSession([cookie]);
    expect(response.json).toMatchObject({ loggedIn: true, needsVerification: true });
  });
});
