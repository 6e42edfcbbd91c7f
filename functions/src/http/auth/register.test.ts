import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import {
  mutationEvent,
  sessionCookieFrom,
  uniqueEmail,
  uniqueIp,
} from '../../../test-support/auth-requests';
import { latestEmailTo } from '../../../test-support/sent-emails';
import { keys } from '../../data/keys';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as getSession } from '../session/get-session';
import { handler } from './register';

const register = (body: unknown, options: { sourceIp?: string; csrf?: 'missing' | 'wrong' } = {}) =>
  invoke(handler, mutationEvent({ method: 'POST', path: '/auth/register', body, ...options }));

const password = 'correct horse battery staple';

describe('POST /auth/register', () => {
  it('creates the account, a personal free workspace, a session needing verification and sends the email', async () => {
    const email = uniqueEmail('new');
    const response = await register({ email, password, name: 'Grace' });
    expect(response.statusCode).toBe(201);
    const body = response.json as {
      user: { id: string; email: string };
      needsVerification: boolean;
    };
    expect(body).toMatchObject({
      loggedIn: true,
      needsVerification: true,
      user: { email: email.toLowerCase(), displayName: 'Grace', name: 'Grace', plan: 'free' },
      features: { googleSignIn: false },
    });
    const cookie = sessionCookieFrom(response.cookies);
    expect(response.cookies?.[0]).toMatch(
      /^er_session=[\w-]{36}\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );

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
    const response = await register({ email, password });
    expect(response.json).toMatchObject({
      user: { displayName: email.toLowerCase().split('@')[0], name: null },
    });
  });

  it('refuses an address already registered, in any case', async () => {
    const email = uniqueEmail('dup');
    expect((await register({ email, password })).statusCode).toBe(201);
    const again = await register({ email: email.toUpperCase(), password });
    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({
      error: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
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
    const email = uniqueEmail('busy');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await register({ email, password }, { sourceIp })).statusCode).not.toBe(429);
    }
    const response = await register({ email: uniqueEmail(), password }, { sourceIp });
    expect(response.statusCode).toBe(429);
    expect(response.json).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
  });
});
