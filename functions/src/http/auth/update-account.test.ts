import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import {
  givenRegisteredUser,
  registerThroughHandler,
  TEST_PASSWORD,
} from '../../../test-support/account-fixtures';
import { useFakeClock } from '../../../test-support/fake-clock';
import { mutationEvent, uniqueEmail } from '../../../test-support/auth-requests';
import { emailsTo, latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { UPDATE_ACCOUNT_MESSAGES } from '@expiry-radar/shared/api/auth-schemas';
import { defaultApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { listApiKeysOfUser } from '../../data/api-key-records';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { handler as createApiKey } from '../api-keys/create-api-key';
import { handler as getSession } from '../session/get-session';
import { handler as login } from './login';
import { handler } from './update-account';
import { handler as verifyEmail, INVALID_LINK_REDIRECT } from './verify-email';

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

const followLink = (token: string) =>
  invoke(
    verifyEmail,
    apiGatewayEvent({ method: 'GET', path: '/auth/verify-email', query: `token=${token}` }),
  );

async function givenApiKey(cookie: string) {
  const response = await invoke(
    createApiKey,
    mutationEvent({
      method: 'POST',
      path: '/api/account/api-keys',
      body: {
        name: 'CI',
        workspace_id: null,
        access: 'read',
        expires_at: defaultApiKeyExpiry(new Date()),
      },
      cookies: [cookie],
    }),
  );
  expect(response.statusCode).toBe(201);
}

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

  it('changes the password with the current one, ends the other sessions, revokes the API keys and tells the owner', async () => {
    const { email, cookie, userId, verificationToken } = await givenRegisteredUser('repass');
    await followLink(verificationToken);
    await givenApiKey(cookie);
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
    expect(await listApiKeysOfUser(userId)).toEqual([]);
    const notice = await latestEmailTo(email);
    expect(notice?.subject).toBe('Your Expiry Radar password was changed');
    expect(notice?.body.text).toContain(
      'Every other session was signed out and every API key revoked.',
    );
  });

  it('keeps the other sessions and API keys when the user unticks "sign out everywhere"', async () => {
    const { email, cookie, userId, verificationToken } = await givenRegisteredUser('repass-keep');
    await followLink(verificationToken);
    await givenApiKey(cookie);
    const other = await signIn(email, TEST_PASSWORD);
    const otherCookie = other.cookies![0]!.split(';')[0]!;
    const response = await update(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase',
      signOutEverywhere: false,
    });
    expect(response.statusCode).toBe(200);
    const session = await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [otherCookie] }),
    );
    expect(session.json).toMatchObject({ loggedIn: true });
    expect(await listApiKeysOfUser(userId)).toHaveLength(1);
    expect((await latestEmailTo(email))?.body.text).toContain(
      'Other sessions and API keys were kept.',
    );
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

  it('keeps the old address in force until the new one is verified, and tells the old one', async () => {
    const { cookie, userId, email } = await givenRegisteredUser('move');
    const newEmail = uniqueEmail('moved').toLowerCase();
    const response = await update(cookie, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ user: { email, pendingEmail: newEmail } });
    // Pending: the old address still signs in, the new one is nobody's yet.
    expect(await findUserIdByEmail(email)).toBe(userId);
    expect(await findUserIdByEmail(newEmail)).toBeUndefined();
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(newEmail, TEST_PASSWORD)).statusCode).toBe(401);

    const notice = await latestEmailTo(email);
    expect(notice?.subject).toBe('Your Expiry Radar email address is about to change');
    expect(notice?.body.text).toContain(newEmail);
    expect(notice?.body.text).toContain('/dashboard?view=account');

    const mail = await latestEmailTo(newEmail);
    expect(mail?.subject).toBe('Confirm your new email address for Expiry Radar');
    const verified = await followLink(linkToken(mail));
    // The change's own notice, not the new account's welcome.
    expect(verified.headers?.location).toBe('/dashboard?email_changed=true');
    expect(await findUserIdByEmail(email)).toBeUndefined();
    expect(await findUserIdByEmail(newEmail)).toBe(userId);
    expect(await findUserById(userId)).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    expect((await signIn(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('cancels a pending change when the current address is sent again: its link then does nothing', async () => {
    const { cookie, userId, email } = await givenRegisteredUser('move-cancel');
    const newEmail = uniqueEmail('typo').toLowerCase();
    await update(cookie, { email: newEmail, currentPassword: TEST_PASSWORD });
    const link = linkToken(await latestEmailTo(newEmail));

    const cancelled = await update(cookie, { email });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json).toMatchObject({ user: { email, pendingEmail: null } });
    expect((await followLink(link)).headers?.location).toBe(INVALID_LINK_REDIRECT);
    expect(await findUserIdByEmail(newEmail)).toBeUndefined();
    expect(await findUserById(userId)).toMatchObject({ email, pendingEmail: null });
  });

  it('does not complete a change whose address someone else took meanwhile', async () => {
    const { cookie, userId, email } = await givenRegisteredUser('move-race');
    const newEmail = uniqueEmail('contested').toLowerCase();
    await update(cookie, { email: newEmail, currentPassword: TEST_PASSWORD });
    const link = linkToken(await latestEmailTo(newEmail));
    await registerThroughHandler(newEmail);
    expect((await followLink(link)).headers?.location).toBe(INVALID_LINK_REDIRECT);
    expect(await findUserById(userId)).toMatchObject({ email });
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

  it('needs the current password to change the address, and says so', async () => {
    const { cookie } = await givenRegisteredUser('move-nopass');
    const response = await update(cookie, { email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({
      error: 'Enter your current password to change your email address',
      details: [
        {
          path: 'currentPassword',
          message: 'Enter your current password to change your email address',
        },
      ],
    });
  });

  it('needs a recent sign-in to change the address of an account without a password', async () => {
    const { cookie, userId, email } = await givenSignedInUser();
    clock.advanceSeconds(11 * 60);
    const newEmail = uniqueEmail('stolen-session').toLowerCase();
    const stale = await update(cookie, { email: newEmail });
    expect(stale.statusCode).toBe(403);
    expect(stale.json).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      error: UPDATE_ACCOUNT_MESSAGES.recentSignInForEmail,
    });
    expect(await emailsTo(newEmail)).toHaveLength(0);
    expect(await findUserById(userId)).toMatchObject({ email, pendingEmail: null });

    const fresh = await givenSignedInUser();
    const moved = await update(fresh.cookie, { email: newEmail });
    expect(moved.statusCode).toBe(200);
    expect(moved.json).toMatchObject({ user: { email: fresh.email, pendingEmail: newEmail } });
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
