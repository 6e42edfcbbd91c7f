import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, uniqueEmail } from '../../../test-support/auth-requests';
import { createAccountToken } from '../../data/account-token-records';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { handler as register } from './register';
import { handler } from './verify-email';

const verify = (query: string) =>
  invoke(handler, apiGatewayEvent({ method: 'GET', path: '/auth/verify-email', query }));

describe('GET /auth/verify-email', () => {
  it('verifies the account and redirects to the dashboard, once', async () => {
    const { userId, verificationToken } = await givenRegisteredUser('verify');
    const response = await verify(`token=${verificationToken}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers?.location).toBe('/dashboard?verification_success=true');
    expect(response.body).toBeUndefined();
    expect((await findUserById(userId))?.emailVerified).toBe(true);

    const again = await verify(`token=${verificationToken}`);
    expect(again.statusCode).toBe(302);
    expect(again.headers?.location).toBe('/verify-email?error=invalid_or_expired');
  });

  it('lands on the app path the user chose at registration (a plan from /pricing), once', async () => {
    const redirect = '/billing?upgrade=pro&period=yearly';
    const { userId, verificationToken } = await givenRegisteredUser('plan', { redirect });
    const response = await verify(`token=${verificationToken}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers?.location).toBe(redirect);
    expect((await findUserById(userId))?.emailVerified).toBe(true);
    const again = await verify(`token=${verificationToken}`);
    expect(again.headers?.location).toBe('/verify-email?error=invalid_or_expired');
  });

  it.each(['//evil.example/billing', '/\\evil.example', 'https://evil.example', '/api/session'])(
    'refuses a registration whose redirect %s is not an app path, and creates nothing',
    async (redirect) => {
      const email = uniqueEmail('offsite').toLowerCase();
      const response = await invoke(
        register,
        mutationEvent({
          method: 'POST',
          path: '/auth/register',
          body: { email, password: TEST_PASSWORD, redirect },
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ error: 'Redirect must be a path of this app' });
      expect(await findUserIdByEmail(email)).toBeUndefined();
    },
  );

  it('never leads off the app, even from a stored link whose redirect is not an app path', async () => {
    const { userId, email } = await givenRegisteredUser('stored');
    const token = await createAccountToken({
      purpose: 'verify-email',
      userId,
      email,
      lifetimeSeconds: 600,
      now: new Date(),
      redirect: '//evil.example/billing',
    });
    const response = await verify(`token=${token}`);
    expect(response.headers?.location).toBe('/dashboard?verification_success=true');
  });

  it('redirects to the error page for an unknown token', async () => {
    const response = await verify('token=unknown-token');
    expect(response.headers?.location).toBe('/verify-email?error=invalid_or_expired');
  });

  it('refuses an expired token', async () => {
    const { userId, email } = await givenRegisteredUser('expired');
    const token = await createAccountToken({
      purpose: 'verify-email',
      userId,
      email,
      lifetimeSeconds: 24 * 60 * 60,
      now: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    const response = await verify(`token=${token}`);
    expect(response.headers?.location).toBe('/verify-email?error=invalid_or_expired');
    expect((await findUserById(userId))?.emailVerified).toBe(false);
  });

  it('refuses a password reset token', async () => {
    const { userId, email } = await givenRegisteredUser('purpose');
    const token = await createAccountToken({
      purpose: 'reset-password',
      userId,
      email,
      lifetimeSeconds: 600,
      now: new Date(),
    });
    const response = await verify(`token=${token}`);
    expect(response.headers?.location).toBe('/verify-email?error=invalid_or_expired');
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const { userId } = await givenRegisteredUser('moved');
    const token = await createAccountToken({
      purpose: 'verify-email',
      userId,
      email: 'old-address@example.com',
      lifetimeSeconds: 600,
      now: new Date(),
    });
    const response = await verify(`token=${token}`);
    expect(response.headers?.location).toBe('/verify-email?error=invalid_or_expired');
  });

  it('answers 400 without a token', async () => {
    expect((await verify('')).statusCode).toBe(400);
  });
});
