import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import {
  mutationEvent,
  sessionCookieFrom,
  TEST_CSRF_TOKEN,
  uniqueEmail,
  uniqueIp,
} from '../../../test-support/auth-requests';
import { findActiveSession } from '../../data/session-records';
import { handler as register } from './register';
import { handler as login } from './login';
import { handler as logout } from './logout';

const password = 'correct horse battery staple';

const signIn = (
  body: unknown,
  options: { sourceIp?: string; cookies?: string[]; csrf?: 'missing' | 'wrong' } = {},
) => invoke(login, mutationEvent({ method: 'POST', path: '/auth/login', body, ...options }));

/** A registered account and a session of it (registering starts none: it signs in). */
async function givenAccount() {
  const email = uniqueEmail('login');
  await invoke(
    register,
    mutationEvent({ method: 'POST', path: '/auth/register', body: { email, password } }),
  );
  return { email, cookie: sessionCookieFrom((await signIn({ email, password })).cookies)! };
}

const genericFailure = { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };

describe('POST /auth/login', () => {
  it('signs in with the address in any case and rotates the session id', async () => {
    const { email, cookie } = await givenAccount();
    const response = await signIn({ email: email.toUpperCase(), password }, { cookies: [cookie] });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      loggedIn: true,
      needsVerification: true,
      user: { email: email.toLowerCase() },
    });
    const newCookie = sessionCookieFrom(response.cookies);
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toBe(cookie);
    const now = new Date();
    expect(await findActiveSession(cookie.split('=')[1]!, now)).toBeUndefined();
    expect(await findActiveSession(newCookie!.split('=')[1]!, now)).toBeDefined();
  });

  it('over https, sets the session as __Host-er_session: Secure, Path=/ and no Domain', async () => {
    const { email } = await givenAccount();
    const event = mutationEvent({ method: 'POST', path: '/auth/login', body: { email, password } });
    event.headers.host = 'app.expiry-radar.example';
    event.cookies = [`__Host-er_csrf=${TEST_CSRF_TOKEN}`];
    const response = await invoke(login, event);
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toContainEqual(
      expect.stringMatching(
        /^__Host-er_session=[\w-]{36}\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
      ),
    );
  });

  it('answers the same generic 401 for a wrong password and an unknown address', async () => {
    const { email } = await givenAccount();
    const wrongPassword = await signIn({ email, password: 'not the right password' });
    const unknown = await signIn({ email: uniqueEmail('nobody'), password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json).toEqual(genericFailure);
    expect(unknown.json).toEqual(genericFailure);
    expect(wrongPassword.cookies).toBeUndefined();
  });

  it('answers 400 without an email or password', async () => {
    const response = await signIn({ email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ error: 'Password is required' });
  });

  it('refuses a request without a valid CSRF token', async () => {
    const { email } = await givenAccount();
    for (const csrf of ['missing', 'wrong'] as const) {
      const response = await signIn({ email, password }, { csrf });
      expect(response.statusCode).toBe(403);
      expect(response.json).toEqual({
        error: 'Invalid or missing CSRF token.',
        code: 'EBADCSRFTOKEN',
      });
    }
  });

  it('answers 429 on the 11th failed sign-in in a row for one account from one address', async () => {
    const { email } = await givenAccount();
    const sourceIp = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const failed = await signIn({ email, password: 'wrong password!!' }, { sourceIp });
      expect(failed.statusCode).toBe(401);
    }
    const limited = await signIn({ email, password }, { sourceIp });
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers?.['retry-after']);
    expect(limited.json).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
      details: [{ path: 'retryAfterSeconds', message: String(wait) }],
    });
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  it('does not lock the owner out when a stranger elsewhere exhausts the attempts', async () => {
    const { email } = await givenAccount();
    const stranger = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await signIn({ email, password: 'a stranger guessing' }, { sourceIp: stranger });
    }
    expect((await signIn({ email, password }, { sourceIp: stranger })).statusCode).toBe(429);
    expect((await signIn({ email, password }, { sourceIp: uniqueIp() })).statusCode).toBe(200);
  });

  it('limits failures for one account from any address, and says the limit is the account', async () => {
    const { email } = await givenAccount();
    const owner = uniqueIp();
    const failed = await Promise.all(
      Array.from({ length: 49 }, () => signIn({ email, password: 'spread guessing' })),
    );
    expect(failed.map((response) => response.statusCode)).toEqual(Array(49).fill(401));
    // The owner's successful sign-in is no failure: it does not use up the account's allowance.
    expect((await signIn({ email, password }, { sourceIp: owner })).statusCode).toBe(200);
    expect((await signIn({ email, password: 'spread guessing' })).statusCode).toBe(401);

    const limited = await signIn({ email, password }, { sourceIp: owner });
    expect(limited.statusCode).toBe(429);
    expect(limited.json).toMatchObject({
      code: 'RATE_LIMITED',
      error:
        'Too many failed sign-ins for this account. Try again in 60 min or reset your password.',
    });
    expect(Number(limited.headers?.['retry-after'])).toBeGreaterThan(59 * 60);
  }, 120_000);

  it('clears the run of failures after a successful sign-in', async () => {
    const { email } = await givenAccount();
    const sourceIp = uniqueIp();
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await signIn({ email, password: 'wrong password!!' }, { sourceIp });
    }
    expect((await signIn({ email, password }, { sourceIp })).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const failed = await signIn({ email, password: 'wrong password!!' }, { sourceIp });
      expect(failed.statusCode).toBe(401);
    }
  });

  it('answers 429 after too many attempts from one IP address', async () => {
    const sourceIp = uniqueIp();
    // Ten at a time: the limit holds under bursts, and the run spends less time waiting.
    for (let burst = 0; burst < 10; burst += 1) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          signIn({ email: uniqueEmail('spray'), password: 'x' }, { sourceIp }),
        ),
      );
    }
    const response = await signIn({ email: uniqueEmail('spray'), password: 'x' }, { sourceIp });
    expect(response.statusCode).toBe(429);
  }, 60_000);
});

describe('the CSRF token across a sign-in', () => {
  /** The value of the cookie named `name` that an answer sets. */
  const setCookieValue = (cookies: readonly string[] | undefined, name: string) =>
    cookies
      ?.find((cookie) => cookie.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);

  it('refuses a token fixed before sign-in for the new session, which gets a token of its own', async () => {
    const { email } = await givenAccount();
    // Planted by an attacker (a sibling subdomain, an http page) or simply left from before.
    const fixed = 'token-fixed-before-sign-in';
    const signedIn = await invoke(
      login,
      apiGatewayEvent({
        method: 'POST',
        path: '/auth/login',
        cookies: [`er_csrf=${fixed}`],
        headers: { 'x-csrf-token': fixed },
        body: { email, password },
      }),
    );
    expect(signedIn.statusCode).toBe(200);
    const session = sessionCookieFrom(signedIn.cookies)!;
    const rotated = setCookieValue(signedIn.cookies, 'er_csrf');
    expect(rotated).toMatch(/^[\w-]{43}$/);
    expect(rotated).not.toBe(fixed);

    const write = (token: string) =>
      invoke(
        logout,
        apiGatewayEvent({
          method: 'POST',
          path: '/api/logout',
          cookies: [session, `er_csrf=${token}`],
          headers: { 'x-csrf-token': token },
        }),
      );
    const forged = await write(fixed);
    expect(forged.statusCode).toBe(403);
    expect(forged.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    expect(await findActiveSession(session.split('=')[1]!, new Date())).toBeDefined();
    expect((await write(rotated!)).statusCode).toBe(200);
  });
});
