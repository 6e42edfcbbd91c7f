import { randomInt } from 'node:crypto';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { useFakeClock } from '../../../test-support/fake-clock';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, uniqueEmail, uniqueIp } from '../../../test-support/auth-requests';
import { emailsTo, latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { createAccountToken } from '../../data/account-token-records';
import { findUserById } from '../../data/user-records';
import { handler as getSession } from '../session/get-session';
import { handler as login } from './login';
import { handler as requestReset, RESET_REQUEST_ANSWER_MS } from './request-password-reset';
import { handler as resetPassword } from './reset-password';

const newPassword = 'a brand new passphrase';

const request = (body: unknown, options: { sourceIp?: string; csrf?: 'missing' } = {}) =>
  invoke(
    requestReset,
    mutationEvent({ method: 'POST', path: '/auth/reset-password/request', body, ...options }),
  );
const reset = (body: unknown, options: { sourceIp?: string; csrf?: 'missing' } = {}) =>
  invoke(
    resetPassword,
    mutationEvent({ method: 'POST', path: '/auth/reset-password', body, ...options }),
  );
const sessionOf = (cookie: string) =>
  invoke(getSession, apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }));

describe('POST /auth/reset-password/request', () => {
  const clock = useFakeClock();

  it('answers the same for a known and an unknown address, and emails only the known one', async () => {
    const { email } = await givenRegisteredUser('reset-known');
    const unknown = uniqueEmail('reset-unknown');
    const known = await request({ email: email.toUpperCase() });
    const other = await request({ email: unknown });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json).toEqual({ ok: true });
    expect(other.json).toEqual(known.json);
    const mail = await latestEmailTo(email);
    expect(mail?.subject).toBe('Reset your Expiry Radar password');
    expect(mail?.body.text).toContain('http://localhost:4000/reset-password?token=');
    expect(await emailsTo(unknown)).toHaveLength(0);
  });

  it('takes as long for an unknown address as for a known one: at least the steady answer time', async () => {
    const { email } = await givenRegisteredUser('reset-timing');
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await request({ email: address }, { sourceIp: uniqueIp() });
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    // A lower bound only: both wait out the same fixed time, however fast the lookup is.
    expect(await timed(uniqueEmail('reset-timing-unknown'))).toBeGreaterThanOrEqual(
      RESET_REQUEST_ANSWER_MS - 1,
    );
    expect(await timed(email)).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 1);
  });

  it('answers 400 for an invalid address and 403 without CSRF', async () => {
    expect((await request({ email: 'nope' })).statusCode).toBe(400);
    expect((await request({ email: uniqueEmail() }, { csrf: 'missing' })).json).toMatchObject({
      code: 'EBADCSRFTOKEN',
    });
  });

  it('refuses a second email to one address within a minute and says when to try again', async () => {
    const { email } = await givenRegisteredUser('reset-cooldown');
    expect((await request({ email })).statusCode).toBe(200);
    clock.advanceSeconds(20);
    const refused = await request({ email }, { sourceIp: uniqueIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers?.['retry-after']).toBe('40');
    expect(refused.json).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
      details: [{ path: 'retryAfterSeconds', message: '40' }],
    });
    expect(await emailsTo(email)).toHaveLength(2); // the verification email and one reset email

    clock.advanceSeconds(40);
    expect((await request({ email })).statusCode).toBe(200);
    expect(await emailsTo(email)).toHaveLength(3);
  });

  it('answers 429 after five requests for one address within the hour, whoever asks', async () => {
    const email = uniqueEmail('reset-many');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await request({ email }, { sourceIp: uniqueIp() })).statusCode).toBe(200);
      clock.advanceSeconds(61);
    }
    const refused = await request({ email }, { sourceIp: uniqueIp() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBe(60 * 60 - 5 * 61);
  });

  it('answers 429 when one client asks for too many addresses within the hour', async () => {
    const sourceIp = uniqueIp();
    // All at once: each answer takes the steady answer time, and the limit holds under a burst.
    const allowed = await Promise.all(
      Array.from({ length: 30 }, () => request({ email: uniqueEmail('spray') }, { sourceIp })),
    );
    expect(allowed.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const refused = await request({ email: uniqueEmail('spray') }, { sourceIp });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(59 * 60);
  }, 60_000);
});

describe('POST /auth/reset-password', () => {
  const clock = useFakeClock();

  it("revokes the account's other reset links when one is used", async () => {
    const { email } = await givenRegisteredUser('reset-others');
    await request({ email });
    const first = linkToken(await latestEmailTo(email));
    clock.advanceSeconds(61);
    await request({ email });
    const second = linkToken(await latestEmailTo(email));
    expect(second).not.toBe(first);

    expect((await reset({ token: second, password: newPassword })).statusCode).toBe(200);
    const stale = await reset({ token: first, password: 'what the first link would set' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json).toMatchObject({ code: 'INVALID_LINK' });
  });

  it('sets the new password, ends every session, tells the owner by email and accepts the token once', async () => {
    const { email, userId, cookie } = await givenRegisteredUser('reset');
    await request({ email });
    const token = linkToken(await latestEmailTo(email));

    const response = await reset({ token, password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect((await sessionOf(cookie)).json).toMatchObject({ loggedIn: false });
    expect((await findUserById(userId))?.emailVerified).toBe(true);

    const signIn = (password: string) =>
      invoke(
        login,
        mutationEvent({ method: 'POST', path: '/auth/login', body: { email, password } }),
      );
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(newPassword)).statusCode).toBe(200);

    const notice = await latestEmailTo(email);
    expect(notice?.subject).toBe('Your Expiry Radar password was changed');
    expect(notice?.body.text).toContain(
      'Every other session was signed out and every API key revoked.',
    );
    // Whoever used the link was not signed in: the owner's way back is a reset of their own.
    expect(notice?.body.text).toContain('choose a new password with "Forgot password?"');
    expect(notice?.body.text).toContain('/login');
    expect(notice?.body.text).not.toContain('open Account settings, change your password');

    const again = await reset({ token, password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json).toEqual({
      error: 'This link is invalid or has expired.',
      code: 'INVALID_LINK',
    });
  });

  it('refuses an expired token (older than 30 minutes)', async () => {
    const { email, userId } = await givenRegisteredUser('reset-expired');
    const token = await createAccountToken({
      purpose: 'reset-password',
      userId,
      email,
      lifetimeSeconds: 30 * 60,
      now: new Date(Date.now() - 31 * 60 * 1000),
    });
    expect((await reset({ token, password: newPassword })).json).toMatchObject({
      code: 'INVALID_LINK',
    });
  });

  it('refuses an email verification token and an unknown token', async () => {
    const { verificationToken } = await givenRegisteredUser('reset-wrong-purpose');
    expect((await reset({ token: verificationToken, password: newPassword })).statusCode).toBe(400);
    expect((await reset({ token: 'unknown', password: newPassword })).statusCode).toBe(400);
  });

  it('applies the password policy', async () => {
    const response = await reset({ token: 'whatever', password: 'short' });
    expect(response.json).toMatchObject({ error: 'Password must be at least 12 characters' });
  });

  it('answers 429 after too many attempts from one IP address', async () => {
    const sourceIp = uniqueIp();
    await Promise.all(
      Array.from({ length: 30 }, () =>
        reset({ token: 'guess', password: newPassword }, { sourceIp }),
      ),
    );
    expect((await reset({ token: 'guess', password: newPassword }, { sourceIp })).statusCode).toBe(
      429,
    );
  });

  it('counts attempts from IPv6 addresses per /64, and from IPv4-mapped ones as their IPv4 address', async () => {
    const hex = () => randomInt(0x10000).toString(16);
    const network = `2001:db8:${hex()}:${hex()}`;
    const guess = (sourceIp: string) =>
      reset({ token: 'guess', password: newPassword }, { sourceIp });
    const fromNetwork = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        guess(`${network}:${(index + 1).toString(16)}::${hex()}`),
      ),
    );
    expect(fromNetwork.map((response) => response.statusCode)).toEqual(Array(30).fill(400));
    expect((await guess(`${network}:ffff:ffff:ffff:fffe`)).statusCode).toBe(429);
    expect((await guess(`2001:db9:${network.slice('2001:db8:'.length)}::1`)).statusCode).toBe(400);

    const ipv4 = uniqueIp();
    const mapped = await Promise.all(Array.from({ length: 30 }, () => guess(`::ffff:${ipv4}`)));
    expect(mapped.map((response) => response.statusCode)).toEqual(Array(30).fill(400));
    expect((await guess(ipv4)).statusCode).toBe(429);
  });
});
