import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import {
  mutationEvent,
  sessionCookieFrom,
  uniqueEmail,
  uniqueIp,
} from '../../../test-support/auth-requests';
import { emailsTo, latestEmailTo } from '../../../test-support/sent-emails';
import { listActorAuditEvents } from '../../data/audit-queries';
import { keys } from '../../data/keys';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as getSession } from '../session/get-session';
import { handler as login } from './login';
import { handler, REGISTRATION_ANSWER_MS } from './register';
import { handler as requestReset } from './request-password-reset';

const register = (body: unknown, options: { sourceIp?: string; csrf?: 'missing' | 'wrong' } = {}) =>
  invoke(handler, mutationEvent({ method: 'POST', path: '/auth/register', body, ...options }));

const signIn = (email: string, passwordToTry: string) =>
  invoke(
    login,
    mutationEvent({
      method: 'POST',
      path: '/auth/login',
      body: { email, password: passwordToTry },
    }),
  );

const password = 'correct horse battery staple';

/** A Set-Cookie value with its value blanked: its name and attributes. */
const withoutValue = (setCookie: string) => setCookie.replace(/=[^;]*/, '=<value>');

/** The value of a Set-Cookie. */
const valueOf = (setCookie: string | undefined) => setCookie?.split(';')[0]?.split('=')[1];
const otherPassword = 'a different battery staple horse';

describe('POST /auth/register', () => {
  it('creates the account and its personal free workspace, sends the email, and signs nobody in', async () => {
    const email = uniqueEmail('new');
    const response = await register({ email, password, name: 'Grace' });
    expect(response.statusCode).toBe(202);
    expect(response.json).toEqual({ ok: true });
    expect(sessionCookieFrom(response.cookies)).toBeUndefined();

    const signedIn = await signIn(email, password);
    const body = signedIn.json as { user: { id: string } };
    expect(signedIn.json).toMatchObject({
      loggedIn: true,
      needsVerification: true,
      user: { email: email.toLowerCase(), displayName: 'Grace', name: 'Grace', plan: 'free' },
    });
    const cookie = sessionCookieFrom(signedIn.cookies);
    const session = await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie!] }),
    );
    expect(session.json).toMatchObject({ loggedIn: true, needsVerification: true });

    const memberships = await listMembershipsOfUser(body.user.id);
    expect(memberships).toEqual([expect.objectContaining({ role: 'admin' })]);
    const { Item: workspace } = await getDocumentClient().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(memberships[0]!.workspaceId),
      }),
    );
    expect(workspace).toMatchObject({ plan: 'free', ownerId: body.user.id, name: 'Personal' });
    const { Item: nameClaim } = await getDocumentClient().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: keys.workspaceName(body.user.id, 'personal'),
      }),
    );
    expect(nameClaim).toMatchObject({ workspaceId: memberships[0]!.workspaceId });

    const { Item: user } = await getDocumentClient().send(
      new GetCommand({ TableName: getConfig().tableName, Key: keys.user(body.user.id) }),
    );
    expect(user?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(JSON.stringify(user)).not.toContain(password);

    const mail = await latestEmailTo(email);
    expect(mail?.subject).toBe('Verify your email address for Expiry Radar');
    expect(mail?.body.text).toContain('http://localhost:4000/auth/verify-email?token=');
    expect(mail?.body.html).toContain('href="http://localhost:4000/auth/verify-email?token=');
    expect(mail?.from).toContain('no-reply@expiry-radar.local');
  });

  it('uses the start of the address as display name when no name is given', async () => {
    const email = uniqueEmail('anon');
    expect((await register({ email, password })).statusCode).toBe(202);
    expect((await signIn(email, password)).json).toMatchObject({
      user: { displayName: email.toLowerCase().split('@')[0], name: null },
    });
  });

  it('answers a taken address (in any case) exactly like a new one, and emails its owner instead', async () => {
    const email = uniqueEmail('dup');
    const first = await register({ email, password, name: 'Owner' });
    const owner = (await signIn(email, password)).json as { user: { id: string } };

    const again = await register({ email: email.toUpperCase(), password: otherPassword });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json).toEqual(first.json);
    expect((again.cookies ?? []).map(withoutValue)).toEqual(
      (first.cookies ?? []).map(withoutValue),
    );

    // No second account, and the owner's password still the one that signs in.
    expect((await signIn(email, otherPassword)).json).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect((await signIn(email, password)).json).toMatchObject({ user: { id: owner.user.id } });
    const mail = await latestEmailTo(email);
    expect(mail?.subject).toBe('You already have an Expiry Radar account');
    expect(mail?.body.text).toContain('No new account was made.');
    expect(mail?.body.text).toContain('Forgot your password?');
    expect(mail?.body.text).toContain('Sign in: http://localhost:4000/login');
    const events = await listActorAuditEvents(owner.user.id, { count: 10, now: new Date() });
    expect(events.map((event) => event.action)).toContain('account.registration_attempted');
  });

  it('emails the owner of a taken address at most once an hour, without holding up a reset', async () => {
    const email = uniqueEmail('dup-flood');
    await register({ email, password });
    await register({ email, password: otherPassword });
    await register({ email, password: otherPassword });
    // The owner's own reset goes out at once: the notice took none of the link-email limits.
    const reset = await invoke(
      requestReset,
      mutationEvent({ method: 'POST', path: '/auth/reset-password/request', body: { email } }),
    );
    expect(reset.statusCode).toBe(200);
    const sent = await emailsTo(email);
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Verify your email address for Expiry Radar',
      'You already have an Expiry Radar account',
      'Reset your Expiry Radar password',
    ]);
  });

  it('sets the same registration cookie for a new and a taken address: HttpOnly, Lax, a day, opaque', async () => {
    const email = uniqueEmail('watch');
    const asNew = (await register({ email, password })).cookies ?? [];
    const asTaken = (await register({ email, password: otherPassword })).cookies ?? [];
    const expected = `er_registration=<value>; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`;
    expect(asNew.map(withoutValue)).toEqual([expected]);
    expect(asTaken.map(withoutValue)).toEqual([expected]);
    // Values of one shape, each new: nothing in them tells the two apart.
    const shape = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\.[\w-]{43}$/;
    expect(valueOf(asNew[0])).toMatch(shape);
    expect(valueOf(asTaken[0])).toMatch(shape);
    expect(valueOf(asTaken[0])).not.toBe(valueOf(asNew[0]));
  });

  it('names the registration cookie with the __Host- prefix and Secure over https', async () => {
    const event = mutationEvent({
      method: 'POST',
      path: '/auth/register',
      body: { email: uniqueEmail('https'), password },
    });
    event.headers.host = 'app.expiry-radar.example';
    event.cookies = event.cookies?.map((cookie) => `__Host-${cookie}`);
    const response = await invoke(handler, event);
    expect(response.statusCode).toBe(202);
    expect((response.cookies ?? []).map(withoutValue)).toEqual([
      '__Host-er_registration=<value>; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400; Secure',
    ]);
  });

  it('takes as long for a taken address as for a new one: at least the steady answer time', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await register({ email, password })).statusCode).toBe(202);
      return performance.now() - started;
    };
    const email = uniqueEmail('timing');
    // A lower bound only: both wait out the same fixed time, however fast the work is.
    expect(await timed(email)).toBeGreaterThanOrEqual(REGISTRATION_ANSWER_MS - 1);
    expect(await timed(email)).toBeGreaterThanOrEqual(REGISTRATION_ANSWER_MS - 1);
  });

  it.each([
    [{ email: 'not-an-email', password }, 'Please enter a valid email address'],
    [{ email: uniqueEmail(), password: 'short' }, 'Password must be at least 12 characters'],
    [
      { email: uniqueEmail(), password: 'password1234' },
      'This password is too common. Choose a less guessable one.',
    ],
    [
      { email: uniqueEmail(), password, name: 'x'.repeat(101) },
      'Name must be 100 characters or less',
    ],
  ])('answers 400 with the policy message for %j', async (body, message) => {
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('refuses a request without a valid CSRF token', async () => {
    for (const csrf of ['missing', 'wrong'] as const) {
      const response = await register({ email: uniqueEmail(), password }, { csrf });
      expect(response.statusCode).toBe(403);
      expect(response.json).toMatchObject({ code: 'EBADCSRFTOKEN' });
    }
  });

  it('answers 429 after too many registrations from one address', async () => {
    const sourceIp = uniqueIp();
    // Sent at once: each answer takes the steady answer time.
    const allowed = await Promise.all(
      Array.from({ length: 20 }, () =>
        register({ email: uniqueEmail('busy'), password }, { sourceIp }),
      ),
    );
    expect(allowed.map((response) => response.statusCode)).not.toContain(429);
    const response = await register({ email: uniqueEmail(), password }, { sourceIp });
    expect(response.statusCode).toBe(429);
    expect(response.json).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
  });
});
