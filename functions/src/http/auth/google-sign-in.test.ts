import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { defaultApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { OAuth2Server } from 'oauth2-mock-server';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from '../../../test-support/auth-requests';
import { latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { accept, invite, myInvitationIds } from '../../../test-support/invitation-requests';
import { givenTeam } from '../../../test-support/workspace-fixtures';
import { emailClaimCodec } from '../../data/entities/email-claim';
import { handler as createApiKey } from '../api-keys/create-api-key';
import { handler as listWorkspaces } from '../workspaces/list-workspaces';
import { handler as updateAccount } from './update-account';
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
import { handler as verifyEmail, INVALID_LINK_REDIRECT } from './verify-email';
import { handler as verifyTwoFactorSignIn } from '../two-factor/verify-sign-in';

/** An address change as it was made before changes waited for verification: at once, unverified. */
async function moveUnverifiedTo(userId: string, from: string, to: string) {
  const { tableName } = getConfig();
  await getDocumentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName,
            Item: emailClaimCodec.toItem({
              email: to,
              userId,
              createdAt: new Date().toISOString(),
            }),
          },
        },
        { Delete: { TableName: tableName, Key: keys.userEmail(from) } },
        {
          Update: {
            TableName: tableName,
            Key: keys.user(userId),
            UpdateExpression: 'SET email = :email, emailVerified = :false REMOVE emailVerifiedAt',
            ExpressionAttributeValues: { ':email': to, ':false': false },
          },
        },
      ],
    }),
  );
}

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

    it('gives the owner of an address held by an unverified account a fresh account: the earlier one, its password and sessions die', async () => {
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
      const owner = (await sessionOf(ownerCookie)).json as { user: { id: string } };
      expect(owner).toMatchObject({
        loggedIn: true,
        needsVerification: false,
        user: { email, displayName: 'Rightful Owner', name: 'Rightful Owner' },
      });
      expect(owner.user.id).not.toBe(userId);
      expect(await findUserById(userId)).toBeUndefined();
      expect(await findUserIdByEmail(email)).toBe(owner.user.id);

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

      const events = await listActorAuditEvents(owner.user.id, { count: 10, now: new Date() });
      expect(events.find((event) => event.action === 'account.registered')).toMatchObject({
        metadata: { method: 'google', replacedUnverifiedAccount: true, passwordRemoved: true },
      });
    });

    it('ends a session of the earlier password that was created before the takeover but not yet listed', async () => {
      const squatter = await givenRegisteredUser('google-race');
      claims = { sub: randomUUID(), email: squatter.email, email_verified: true };
      const started = Date.now();
      expect((await signInWithGoogle()).statusCode).toBe(302);
      // A sign-in that checked the old password before the takeover writes its session late.
      const late = await createSession(
        squatter.userId,
        { method: 'password', secondFactor: false, device: 'Firefox on Linux' },
        new Date(started - 1000),
      );
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
      // A tab or line break is refused by the text rules before the redirect's own check.
      const error = /%09|%0A|\t/.test(redirect)
        ? '"redirect" must be on one line: no line breaks, tabs or NUL'
        : 'Redirect must be a path of this app';
      expect(response.json).toMatchObject({ error });
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

    it('leaves behind a second factor set up on an unverified account holding the address', async () => {
      // Someone registered the owner's address and tied it to their own authenticator app.
      const squatter = await givenRegisteredUser('google-2fa-squat');
      await givenTwoFactor(squatter.cookie, TEST_PASSWORD);
      claims = { sub: randomUUID(), email: squatter.email, email_verified: true };
      const response = await signInWithGoogle();
      expect(response.headers?.location).toBe('/dashboard?new_user=true');
      const ownerCookie = sessionCookieFrom(response.cookies)!;
      expect((await sessionOf(ownerCookie)).json).toMatchObject({
        loggedIn: true,
        user: { email: squatter.email, twoFactorEnabled: false },
      });
      expect(await findUserById(squatter.userId)).toBeUndefined();
      expect(await findTwoFactor(squatter.userId)).toBeUndefined();
    });

    describe('an attacker preparing an account for a victim keeps nothing of it', () => {
      async function givenAttackerWithGoogleAndKey() {
        const subject = randomUUID();
        const email = uniqueEmail('attacker').toLowerCase();
        claims = { sub: subject, email, email_verified: true };
        const signedIn = await signInWithGoogle();
        const cookie = sessionCookieFrom(signedIn.cookies)!;
        const { user } = (await sessionOf(cookie)).json as { user: { id: string } };
        const created = await invoke(
          createApiKey,
          mutationEvent({
            method: 'POST',
            path: '/api/account/api-keys',
            body: {
              name: 'Kept for later',
              workspace_id: null,
              access: 'read_write',
              expires_at: defaultApiKeyExpiry(new Date()),
            },
            cookies: [cookie],
          }),
        );
        expect(created.statusCode).toBe(201);
        const { secret } = created.json as { secret: string };
        return { subject, email, cookie, userId: user.id, secret };
      }

      const workspacesWithKey = (secret: string) =>
        invoke(
          listWorkspaces,
          apiGatewayEvent({
            method: 'GET',
            path: '/api/workspaces',
            routePath: '/api/workspaces',
            headers: { authorization: `Bearer ${secret}` },
          }),
        );

      const workspaceIdsOf = (response: { json?: unknown }) =>
        ((response.json as { workspaces?: { id: string }[] }).workspaces ?? []).map(
          (workspace) => workspace.id,
        );

      it('moving a Google account onto an invited address, then the newcomer signing in with Google and accepting', async () => {
        const attacker = await givenAttackerWithGoogleAndKey();
        const { workspaceId, admin } = await givenTeam();
        const newcomer = uniqueEmail('newhire').toLowerCase();
        expect((await invite(workspaceId, admin.cookie, newcomer)).statusCode).toBe(201);

        const moved = await invoke(
          updateAccount,
          mutationEvent({
            method: 'PUT',
            path: '/auth/account',
            body: { email: newcomer },
            cookies: [attacker.cookie],
          }),
        );
        expect(moved.statusCode).toBe(200);
        // Pending: the address is not the attacker's account's.
        expect(await findUserIdByEmail(newcomer)).toBeUndefined();

        claims = { sub: randomUUID(), email: newcomer, email_verified: true };
        const arrived = await signInWithGoogle();
        expect(arrived.headers?.location).toBe('/dashboard?new_user=true');
        const newcomerCookie = sessionCookieFrom(arrived.cookies)!;
        const { user } = (await sessionOf(newcomerCookie)).json as { user: { id: string } };
        expect(user.id).not.toBe(attacker.userId);
        const [invitationId] = await myInvitationIds(newcomerCookie);
        expect((await accept(newcomerCookie, invitationId!)).statusCode).toBe(200);

        // The attacker's session, key and Google link reach only the attacker's own account.
        expect(await myInvitationIds(attacker.cookie)).toEqual([]);
        expect(workspaceIdsOf(await workspacesWithKey(attacker.secret))).not.toContain(workspaceId);
        claims = { sub: attacker.subject, email: attacker.email, email_verified: true };
        const back = await signInWithGoogle();
        const backCookie = sessionCookieFrom(back.cookies)!;
        expect((await sessionOf(backCookie)).json).toMatchObject({
          user: { id: attacker.userId, email: attacker.email },
        });
        // The link sent to the newcomer's address would complete nothing for the attacker.
        const confirm = await invoke(
          verifyEmail,
          apiGatewayEvent({
            method: 'GET',
            path: '/auth/verify-email',
            query: `token=${linkToken(await latestEmailTo(newcomer))}`,
          }),
        );
        expect(confirm.headers?.location).toBe(INVALID_LINK_REDIRECT);
        expect(await findUserById(attacker.userId)).toMatchObject({ email: attacker.email });
      });

      it('an unverified account holding the address with a Google link and an API key (moved there under the earlier rules) ends with all of them', async () => {
        const attacker = await givenAttackerWithGoogleAndKey();
        const { workspaceId, admin } = await givenTeam();
        const victim = uniqueEmail('victim').toLowerCase();
        await invite(workspaceId, admin.cookie, victim);
        await moveUnverifiedTo(attacker.userId, attacker.email, victim);

        claims = { sub: randomUUID(), email: victim, email_verified: true };
        const arrived = await signInWithGoogle();
        expect(arrived.headers?.location).toBe('/dashboard?new_user=true');
        const victimCookie = sessionCookieFrom(arrived.cookies)!;
        const { user } = (await sessionOf(victimCookie)).json as { user: { id: string } };
        expect(user.id).not.toBe(attacker.userId);
        const [invitationId] = await myInvitationIds(victimCookie);
        expect((await accept(victimCookie, invitationId!)).statusCode).toBe(200);

        expect(await findUserById(attacker.userId)).toBeUndefined();
        expect((await sessionOf(attacker.cookie)).json).toMatchObject({ loggedIn: false });
        expect((await workspacesWithKey(attacker.secret)).statusCode).toBe(401);
        claims = { sub: attacker.subject, email: attacker.email, email_verified: true };
        const back = await signInWithGoogle();
        const backCookie = sessionCookieFrom(back.cookies)!;
        const again = (await sessionOf(backCookie)).json as { user: { id: string } };
        expect(again.user.id).not.toBe(user.id);
        expect(await myInvitationIds(backCookie)).toEqual([]);
      });
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
