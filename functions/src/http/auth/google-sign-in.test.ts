import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { OAuth2Server } from 'oauth2-mock-server';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from '../../../test-support/auth-requests';
import { latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { listActorAuditEvents } from '../../data/audit-queries';
import { googleSignInStateCodec } from '../../data/entities/google-sign-in-state';
import { saveGoogleSignInState } from '../../data/google-sign-in-records';
import { keys } from '../../data/keys';
import { hashSecret } from '../../data/secret-hash';
import { createSession } from '../../data/session-records';
import { findTwoFactor } from '../../data/two-factor-records';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig, resetConfigForTests } from '../../platform/config';
import { handler as getSession } from '../session/get-session';
import { handler as googleCallback } from './google-callback';
import { handler as googleSignIn } from './google-sign-in';
import { handler as login } from './login';
import { handler as requestPasswordReset } from './request-password-reset';
import { handler as resetPassword } from './reset-password';
import { handler as verifyEmail } from './verify-email';
import { handler as verifyTwoFactorSignIn } from '../two-factor/verify-sign-in';

const GOOGLE_VARIABLES = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER'] as const;

let server: OAuth2Server;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
});

afterAll(async () => {
  await server.stop();
  configureGoogle(false);
});

function configureGoogle(enabled: boolean): void {
  for (const name of GOOGLE_VARIABLES) delete process.env[name];
  if (enabled) {
    process.env.GOOGLE_CLIENT_ID = 'expiry-radar-test';
    process.env.GOOGLE_CLIENT_SECRET = 'test-secret';
    process.env.GOOGLE_ISSUER = server.issuer.url!;
  }
  resetConfigForTests();
}

const start = (query = '', cookies?: string[]) =>
  invoke(googleSignIn, apiGatewayEvent({ method: 'GET', path: '/auth/google', query, cookies }));

const callback = (query: string, cookies: string[]) =>
  invoke(
    googleCallback,
    apiGatewayEvent({ method: 'GET', path: '/auth/google/callback', query, cookies }),
  );

function cookieValue(response: APIGatewayProxyStructuredResultV2, name: string): string {
  const cookie = response.cookies?.find((value) => value.startsWith(`${name}=`));
  return cookie!.split(';')[0]!;
}

const sessionOf = (cookie: string) =>
  invoke(getSession, apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }));

const signInWithPassword = (email: string, password: string) =>
  invoke(login, mutationEvent({ method: 'POST', path: '/auth/login', body: { email, password } }));

/** Follows the flow like a browser: our redirect, the provider's redirect, our callback. */
async function signInWithGoogle(options: { query?: string; tamperState?: boolean } = {}) {
  const started = await start(options.query);
  expect(started.statusCode).toBe(302);
  const stateCookie = cookieValue(started, 'er_google_state');
  const authorize = await fetch(started.headers!.location as string, { redirect: 'manual' });
  const returned = new URL(authorize.headers.get('location')!);
  if (options.tamperState) returned.searchParams.set('state', 'forged-state');
  return callback(returned.search.slice(1), [stateCookie]);
}

describe('Google sign-in', () => {
  describe('when not configured', () => {
    beforeAll(() => configureGoogle(false));

    it('is not offered and its routes answer 404', async () => {
      const session = await invoke(
        getSession,
        apiGatewayEvent({ method: 'GET', path: '/api/session' }),
      );
      expect(session.json).toMatchObject({ features: { googleSignIn: false } });
      expect((await start()).statusCode).toBe(404);
      expect((await callback('code=x&state=y', [])).statusCode).toBe(404);
    });
  });

  describe('when configured', () => {
    beforeAll(() => configureGoogle(true));

    it('is offered in the session answer', async () => {
      const session = await invoke(
        getSession,
        apiGatewayEvent({ method: 'GET', path: '/api/session' }),
      );
      expect(session.json).toMatchObject({ features: { googleSignIn: true } });
    });

    it('redirects to the provider with state, PKCE and nonce', async () => {
      const response = await start();
      const location = new URL(response.headers!.location as string);
      expect(location.origin + location.pathname).toBe(`${server.issuer.url}/authorize`);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('redirect_uri')).toBe(
        'http://localhost:4000/auth/google/callback',
      );
      for (const name of ['state', 'nonce', 'code_challenge']) {
        expect(location.searchParams.get(name)).toBeTruthy();
      }
      expect(cookieValue(response, 'er_google_state')).toBe(
        `er_google_state=${location.searchParams.get('state')}`,
      );
    });

    it('creates a verified account for a new Google user and signs in', async () => {
      const email = uniqueEmail('google').toLowerCase();
      claims = { sub: randomUUID(), email, email_verified: true, name: 'Katherine Johnson' };
      const response = await signInWithGoogle();
      expect(response.statusCode).toBe(302);
      expect(response.headers?.location).toBe('/dashboard?new_user=true');
      const cookie = sessionCookieFrom(response.cookies)!;
      const session = await invoke(
        getSession,
        apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }),
      );
      expect(session.json).toMatchObject({
        loggedIn: true,
        needsVerification: false,
        user: { email, displayName: 'Katherine Johnson' },
      });

      const again = await signInWithGoogle({ query: 'redirect=/preferences' });
      expect(again.headers?.location).toBe('/preferences');
    });

    it('links a verified account as it is: its password and sessions stay', async () => {
      const { email, userId, cookie, verificationToken } = await givenRegisteredUser('google-link');
      await invoke(
        verifyEmail,
        apiGatewayEvent({
          method: 'GET',
          path: '/auth/verify-email',
          query: `token=${verificationToken}`,
        }),
      );
      claims = { sub: randomUUID(), email: email.toUpperCase(), email_verified: true };
      const response = await signInWithGoogle();
      expect(response.headers?.location).toBe('/dashboard');
      expect(await findUserIdByEmail(email)).toBe(userId);
      expect(await findUserById(userId)).toMatchObject({
        emailVerified: true,
        displayName: 'Grace Hopper',
      });
      expect((await sessionOf(cookie)).json).toMatchObject({ loggedIn: true });
      expect((await signInWithPassword(email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('treats an account whose address was never verified as new: the earlier password and sessions die', async () => {
      // Someone registered the owner's address with their own password before the owner came.
      const squatter = await givenRegisteredUser('google-prehijack');
      const { email, userId } = squatter;
      await invoke(
        requestPasswordReset,
        mutationEvent({ method: 'POST', path: '/auth/reset-password/request', body: { email } }),
      );
      const resetToken = linkToken(await latestEmailTo(email));

      claims = {
        sub: randomUUID(),
        email,
        email_verified: true,
        name: 'Rightful Owner',
        picture: 'https://example.com/owner.png',
      };
      const response = await signInWithGoogle();
      expect(response.headers?.location).toBe('/dashboard?new_user=true');
      const ownerCookie = sessionCookieFrom(response.cookies)!;
      expect((await sessionOf(ownerCookie)).json).toMatchObject({
        loggedIn: true,
        needsVerification: false,
        user: { id: userId, email, displayName: 'Rightful Owner', name: 'Rightful Owner' },
      });

      expect((await sessionOf(squatter.cookie)).json).toMatchObject({ loggedIn: false });
      expect((await signInWithPassword(email, TEST_PASSWORD)).statusCode).toBe(401);
      const reset = await invoke(
        resetPassword,
        mutationEvent({
          method: 'POST',
          path: '/auth/reset-password',
          body: { token: resetToken, password: 'the squatter takes it back' },
        }),
      );
      expect(reset.json).toMatchObject({ code: 'INVALID_LINK' });

      const events = await listActorAuditEvents(userId, { count: 10, now: new Date() });
      expect(events.find((event) => event.action === 'account.google_linked')).toMatchObject({
        metadata: { unverifiedAccountReset: true, passwordRemoved: true, sessionsRevoked: 1 },
      });
    });

    it('ends a session of the earlier password that was created before the takeover but not yet listed', async () => {
      const squatter = await givenRegisteredUser('google-race');
      claims = { sub: randomUUID(), email: squatter.email, email_verified: true };
      const started = Date.now();
      expect((await signInWithGoogle()).statusCode).toBe(302);
      // A sign-in that checked the old password before the takeover writes its session late.
      const late = await createSession(squatter.userId, new Date(started - 1000));
      const lateCookie = `er_session=${late.sessionId}`;
      expect((await sessionOf(lateCookie)).json).toMatchObject({ loggedIn: false });
    });

    it('refuses an address Google has not verified', async () => {
      claims = { sub: randomUUID(), email: uniqueEmail('unverified'), email_verified: false };
      const response = await signInWithGoogle();
      expect(response.headers?.location).toBe('/login?error=google_email_unverified');
      expect(sessionCookieFrom(response.cookies)).toBeUndefined();
    });

    it('refuses a callback whose state does not match the browser', async () => {
      claims = { sub: randomUUID(), email: uniqueEmail(), email_verified: true };
      const response = await signInWithGoogle({ tamperState: true });
      expect(response.headers?.location).toBe('/login?error=google_sign_in_failed');
    });

    it('refuses a callback without the state cookie, an error answer and a reused state', async () => {
      expect((await callback('code=abc&state=def', [])).headers?.location).toBe(
        '/login?error=google_sign_in_failed',
      );
      expect((await callback('error=access_denied', ['er_google_state=x'])).headers?.location).toBe(
        '/login?error=google_sign_in_failed',
      );
      expect((await callback('code=abc&state=x', ['er_google_state=x'])).headers?.location).toBe(
        '/login?error=google_sign_in_failed',
      );
    });

    it.each([
      '//evil.example',
      '/\\evil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '%2F%2Fevil.example',
      '/%5C%5Cevil.example',
      'https://evil.example',
      'https%3A%2F%2Fevil.example',
      '/\t/evil',
    ])('refuses redirect=%s, which would end at another site', async (redirect) => {
      const response = await start(`redirect=${redirect}`);
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({ error: 'Redirect must be a path of this app' });
    });

    it('returns to a path of the app with its query', async () => {
      claims = { sub: randomUUID(), email: uniqueEmail('google-path'), email_verified: true };
      await signInWithGoogle();
      const response = await signInWithGoogle({
        query: `redirect=${encodeURIComponent('/dashboard?workspace=x')}`,
      });
      expect(response.headers?.location).toBe('/dashboard?workspace=x');
    });

    it('asks an account with two-factor for its code, then returns to the path asked for', async () => {
      claims = { sub: randomUUID(), email: uniqueEmail('google-2fa'), email_verified: true };
      const created = await signInWithGoogle();
      const { recoveryCodes } = await givenTwoFactor(sessionCookieFrom(created.cookies)!);
      const response = await signInWithGoogle({
        query: `redirect=${encodeURIComponent('/audit?workspace=x')}`,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers?.location).toBe('/login/two-factor');
      expect(sessionCookieFrom(response.cookies)).toBeUndefined();
      const pending = cookieValue(response, 'er_two_factor');
      const second = await invoke(
        verifyTwoFactorSignIn,
        mutationEvent({
          method: 'POST',
          path: '/auth/two-factor',
          body: { code: recoveryCodes[0] },
          cookies: [pending],
        }),
      );
      expect(second.statusCode).toBe(200);
      expect(second.json).toMatchObject({ loggedIn: true, redirectTo: '/audit?workspace=x' });
      expect(sessionCookieFrom(second.cookies)).toBeDefined();
    });

    it('drops a second factor set up on an unverified account it takes over', async () => {
      // Someone registered the owner's address and tied it to their own authenticator app.
      const squatter = await givenRegisteredUser('google-2fa-squat');
      await givenTwoFactor(squatter.cookie, TEST_PASSWORD);
      claims = { sub: randomUUID(), email: squatter.email, email_verified: true };
      const response = await signInWithGoogle();
      expect(response.headers?.location).toBe('/dashboard?new_user=true');
      expect(sessionCookieFrom(response.cookies)).toBeDefined();
      expect(await findUserById(squatter.userId)).toMatchObject({ twoFactorEnabled: false });
      expect(await findTwoFactor(squatter.userId)).toBeUndefined();
    });

    it('lands on the dashboard when a stored redirect is not a path of the app', async () => {
      claims = { sub: randomUUID(), email: uniqueEmail('google-stored'), email_verified: true };
      await signInWithGoogle();
      const started = await start();
      const state = new URL(started.headers!.location as string).searchParams.get('state')!;
      // A pending sign-in saved before redirects were checked this strictly.
      const { Item } = await getDocumentClient().send(
        new GetCommand({
          TableName: getConfig().tableName,
          Key: keys.googleSignInState(hashSecret(state)),
        }),
      );
      const { pending } = googleSignInStateCodec.fromItem(Item ?? {});
      await saveGoogleSignInState(state, { ...pending, redirect: '/\\evil.example' }, new Date());
      const authorize = await fetch(started.headers!.location as string, { redirect: 'manual' });
      const returned = new URL(authorize.headers.get('location')!);
      const response = await callback(returned.search.slice(1), [
        cookieValue(started, 'er_google_state'),
      ]);
      expect(response.headers?.location).toBe('/dashboard');
    });
  });
});
