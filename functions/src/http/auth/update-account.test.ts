import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { useFakeClock } from '../../../test-support/fake-clock';
import { mutationEvent, uniqueEmail } from '../../../test-support/auth-requests';
import { emailsTo, latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { findUserIdByEmail } from '../../data/user-records';
import { handler as getSession } from '../session/get-session';
import { handler as login } from './login';
import { handler } from './update-account';
import { handler as verifyEmail } from './verify-email';

const update = (cookie: string | undefined, body: unknown, csrf?: 'missing' | 'wrong') =>
  invoke(
    handler,
    mutationEvent({
      method: 'PUT',
      path: '/auth/account',
      body,
      cookies: cookie ? [cookie] : [],
      csrf,
    }),
  );
const signIn = (email: string, password: string) =>
  invoke(login, mutationEvent({ method: 'POST', path: '/auth/login', body: { email, password } }));

describe('PUT /auth/account', () => {
  const clock = useFakeClock();

  it('changes the display name', async () => {
    const { cookie } = await givenRegisteredUser('rename');
    const response = await update(cookie, { name: 'Rear Admiral Hopper' });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      user: { displayName: 'Rear Admiral Hopper', name: 'Rear Admiral Hopper' },
      needsVerification: true,
    });
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const { email, cookie } = await givenRegisteredUser('repass');
    const other = await signIn(email, TEST_PASSWORD);
    const otherCookie = other.cookies![0]!.split(';')[0]!;
    const response = await update(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase',
    });
    expect(response.statusCode).toBe(200);
    const session = (c: string) =>
      invoke(getSession, apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [c] }));
    expect((await session(cookie)).json).toMatchObject({ loggedIn: true });
    expect((await session(otherCookie)).json).toMatchObject({ loggedIn: false });
    expect((await signIn(email, 'another long passphrase')).statusCode).toBe(200);
  });

  it('refuses a new password without the current one or with a wrong one', async () => {
    const { cookie } = await givenRegisteredUser('repass-bad');
    const missing = await update(cookie, { newPassword: 'another long passphrase' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json).toMatchObject({
      error: 'Current password is required to set a new password',
    });
    const wrong = await update(cookie, {
      currentPassword: 'not my password',
      newPassword: 'another long passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toEqual({
      error: 'Current password is incorrect',
      code: 'INVALID_CURRENT_PASSWORD',
    });
    const weak = await update(cookie, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(weak.json).toMatchObject({ error: 'Password must be at least 12 characters' });
  });

  it('changes the email address, needing verification of the new one', async () => {
    const { cookie, userId, email } = await givenRegisteredUser('move');
    const newEmail = uniqueEmail('moved').toLowerCase();
    const response = await update(cookie, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ user: { email: newEmail }, needsVerification: true });
    expect(await findUserIdByEmail(email)).toBeUndefined();
    expect(await findUserIdByEmail(newEmail)).toBe(userId);

    const mail = await latestEmailTo(newEmail);
    expect(mail?.subject).toBe('Confirm your new email address for Expiry Radar');
    const verified = await invoke(
      verifyEmail,
      apiGatewayEvent({
        method: 'GET',
        path: '/auth/verify-email',
        query: `token=${linkToken(mail)}`,
      }),
    );
    expect(verified.headers?.location).toBe('/dashboard?verification_success=true');
  });

  it('refuses an address another account holds, in any case', async () => {
    const { email: taken } = await givenRegisteredUser('holder');
    const { cookie } = await givenRegisteredUser('mover');
    const response = await update(cookie, {
      email: taken.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('needs the current password to change the address', async () => {
    const { cookie } = await givenRegisteredUser('move-nopass');
    const response = await update(cookie, { email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without CSRF', async () => {
    expect((await update(undefined, { name: 'x' })).statusCode).toBe(401);
    const { cookie } = await givenRegisteredUser('update-csrf');
    expect((await update(cookie, { name: 'x' }, 'missing')).json).toMatchObject({
      code: 'EBADCSRFTOKEN',
    });
  });

  it('answers 429 after too many wrong current passwords', async () => {
    const { cookie } = await givenRegisteredUser('update-guess');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await update(cookie, { currentPassword: 'guess', newPassword: 'another long passphrase' });
    }
    const response = await update(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase',
    });
    expect(response.statusCode).toBe(429);
  });

  it('limits address changes of one user: the sixth within the hour is refused', async () => {
    const { cookie } = await givenRegisteredUser('move-often');
    for (let change = 1; change <= 5; change += 1) {
      const moved = await update(cookie, {
        email: uniqueEmail('hop'),
        currentPassword: TEST_PASSWORD,
      });
      expect(moved.statusCode).toBe(200);
      clock.advanceSeconds(61);
    }
    const target = uniqueEmail('hop');
    const refused = await update(cookie, { email: target, currentPassword: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBe(60 * 60 - 5 * 61);
    expect(refused.json).toMatchObject({
      code: 'RATE_LIMITED',
      details: [{ path: 'retryAfterSeconds', message: String(60 * 60 - 5 * 61) }],
    });
    expect(await findUserIdByEmail(target)).toBeUndefined();
    expect(await emailsTo(target)).toHaveLength(0);
  });

  it('limits emails to one outside address across accounts that move onto it', async () => {
    const target = uniqueEmail('victim').toLowerCase();
    const first = await givenRegisteredUser('flood-a');
    const second = await givenRegisteredUser('flood-b');
    const moveTo = (cookie: string, email: string) =>
      update(cookie, { email, currentPassword: TEST_PASSWORD });

    expect((await moveTo(first.cookie, target)).statusCode).toBe(200);
    expect((await moveTo(first.cookie, uniqueEmail('away'))).statusCode).toBe(200);
    clock.advanceSeconds(30);
    const refused = await moveTo(second.cookie, target);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers?.['retry-after']).toBe('30');
    expect(await emailsTo(target)).toHaveLength(1);

    // Each account stays within its own limit; the address's hourly limit stops a sixth email.
    for (let round = 1; round <= 4; round += 1) {
      clock.advanceSeconds(61);
      const mover = round === 1 ? second : await givenRegisteredUser(`flood-${round}`);
      expect((await moveTo(mover.cookie, target)).statusCode).toBe(200);
      expect((await moveTo(mover.cookie, uniqueEmail('away'))).statusCode).toBe(200);
    }
    clock.advanceSeconds(61);
    expect((await moveTo(second.cookie, target)).statusCode).toBe(429);
    expect(await emailsTo(target)).toHaveLength(5);
  }, 120_000);
});
