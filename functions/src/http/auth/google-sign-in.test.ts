import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { OAuth2Server } from 'oauth2-mock-server';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser } from '../../../test-support/account-fixtures';
import { sessionCookieFrom, uniqueEmail } from '../../../test-support/auth-requests';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { resetConfigForTests } from '../../platform/config';
import { handler as getSession } from '../session/get-session';
import { handler as googleCallback } from './google-callback';
import { handler as googleSignIn } from './google-sign-in';

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

    it('links an existing account with the same verified address', async () => {
      const { email, userId } = await givenRegisteredUser('google-link');
      claims = { sub: randomUUID(), email: email.toUpperCase(), email_verified: true };
      const response = await signInWithGoogle();
      expect(response.headers?.location).toBe('/dashboard');
      expect(await findUserIdByEmail(email)).toBe(userId);
      expect((await findUserById(userId))?.emailVerified).toBe(true);
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

    it('refuses a redirect that is not a path of the app', async () => {
      const response = await start('redirect=//evil.example');
      expect(response.statusCode).toBe(400);
    });
  });
});
