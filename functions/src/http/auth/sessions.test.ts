import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { registerThroughHandler, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from '../../../test-support/auth-requests';
import { givenSessionLastUsedAt, givenSignedInUser } from '../../../test-support/fixtures';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { auditEventCodec } from '../../data/entities/audit-event';
import { sessionCodec } from '../../data/entities/session';
import { AUDIT_SORT_PREFIX, keys } from '../../data/keys';
import { hashSecret } from '../../data/secret-hash';
import { newSessionId, touchSession } from '../../data/session-records';
import { queryAll, readItem, sortKeyPrefixQuery } from '../../data/table-operations';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as getSession } from '../session/get-session';
import { handler as listSessions } from './list-sessions';
import { handler as login } from './login';
import { handler as revokeSession } from './revoke-session';

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const HOUR = 3_600_000;

interface ListedSession {
  id: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  device: string;
  sign_in_method: string | null;
  two_factor: boolean;
  current: boolean;
}

const sessionIdOf = (cookie: string) => cookie.slice('er_session='.length);
const sessionKeyOf = (cookie: string) => keys.session(hashSecret(sessionIdOf(cookie)));

async function signIn(email: string, userAgent: string): Promise<string> {
  const event = mutationEvent({
    method: 'POST',
    path: '/auth/login',
    body: { email, password: TEST_PASSWORD },
  });
  event.headers['user-agent'] = userAgent;
  const cookie = sessionCookieFrom((await invoke(login, event)).cookies);
  if (!cookie) throw new Error('Sign-in failed');
  return cookie;
}

/** An account signed in twice: on Firefox on Windows, then on Safari on an iPhone. */
async function signedInTwice() {
  const email = uniqueEmail('sessions');
  await registerThroughHandler(email);
  const firefox = await signIn(email, FIREFOX_ON_WINDOWS);
  const iphone = await signIn(email, SAFARI_ON_IPHONE);
  return { firefox, iphone };
}

const list = (cookies: string[]) =>
  invoke(listSessions, apiGatewayEvent({ method: 'GET', path: '/auth/sessions', cookies }));

async function listed(cookie: string): Promise<ListedSession[]> {
  const response = await list([cookie]);
  expect(response.statusCode).toBe(200);
  return (response.json as { items: ListedSession[] }).items;
}

function revoke(id: string, cookies: string[], csrf?: 'wrong') {
  const event = mutationEvent({ method: 'DELETE', path: `/auth/sessions/${id}`, cookies, csrf });
  event.routeKey = 'DELETE /auth/sessions/{id}';
  event.pathParameters = { id };
  return invoke(revokeSession, event);
}

async function signsIn(cookie: string): Promise<boolean> {
  const answer = await invoke(
    getSession,
    apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }),
  );
  return (answer.json as { loggedIn: boolean }).loggedIn;
}

const storedSession = (cookie: string) => readItem(sessionKeyOf(cookie));

async function accountEvents(userId: string) {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.user(userId).pk, AUDIT_SORT_PREFIX, { consistentRead: true }),
  );
  return items.map((item) => auditEventCodec.fromItem(item));
}

describe('GET /auth/sessions', () => {
  it("lists the caller's sessions newest first: device, sign-in method, times, the current one", async () => {
    const { firefox, iphone } = await signedInTwice();
    const items = await listed(firefox);
    expect(items).toEqual([
      expect.objectContaining({
        device: 'Safari on iPhone',
        sign_in_method: 'password',
        two_factor: false,
        current: false,
      }),
      expect.objectContaining({ device: 'Firefox on Windows', current: true }),
    ]);
    const [newest, oldest] = items as [ListedSession, ListedSession];
    expect(newest.created_at >= oldest.created_at).toBe(true);
    expect(newest.last_used_at).toBe(newest.created_at);
    expect(Date.parse(newest.expires_at)).toBeGreaterThan(Date.now());
    // The id names the session without being its cookie or its stored hash.
    const secrets = [firefox, iphone].flatMap((cookie) => [
      sessionIdOf(cookie),
      hashSecret(sessionIdOf(cookie)),
    ]);
    for (const item of items) {
      expect(item.id).toHaveLength(16);
      expect(secrets).not.toContain(item.id);
    }
    expect((await listed(iphone)).map((item) => item.current)).toEqual([true, false]);
  });

  it('leaves out an expired session', async () => {
    const { firefox, iphone } = await signedInTwice();
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: sessionKeyOf(iphone),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await listed(firefox)).map((item) => item.device)).toEqual(['Firefox on Windows']);
  });

  it('reads a session stored before sign-ins and last use were kept as unknown', async () => {
    const user = await givenSignedInUser();
    const now = new Date();
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: sessionCodec.toItem({
          sessionIdHash: hashSecret(newSessionId(user.userId)),
          session: {
            userId: user.userId,
            createdAt: new Date(now.getTime() - HOUR).toISOString(),
            expiresAt: new Date(now.getTime() + HOUR).toISOString(),
            signIn: null,
            lastUsedAt: null,
          },
        }),
      }),
    );
    expect((await listed(user.cookie))[1]).toMatchObject({
      device: 'Unknown browser',
      sign_in_method: null,
      two_factor: false,
      last_used_at: null,
      current: false,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await list([])).statusCode).toBe(401);
  });
});

describe('DELETE /auth/sessions/{id}', () => {
  it("signs out another session: its cookie no longer signs in, and it is in the account's audit trail", async () => {
    const { firefox, iphone } = await signedInTwice();
    const other = (await listed(firefox)).find((item) => !item.current)!;
    const response = await revoke(other.id, [firefox]);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect(await signsIn(iphone)).toBe(false);
    expect(await signsIn(firefox)).toBe(true);
    expect((await listed(firefox)).map((item) => item.device)).toEqual(['Firefox on Windows']);
    const { userId } = (await storedSession(firefox)) as { userId: string };
    const events = await accountEvents(userId);
    const signedOut = events.filter((event) => event.action === AUDIT_ACTIONS.sessionSignedOut);
    expect(signedOut.map((event) => event.metadata?.device)).toEqual(['Safari on iPhone']);
    // Signed out already: not found.
    expect((await revoke(other.id, [firefox])).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const { iphone } = await signedInTwice();
    const stranger = await givenSignedInUser();
    const theirs = (await listed(iphone)).find((item) => item.current)!;
    const response = await revoke(theirs.id, [stranger.cookie]);
    expect(response.statusCode).toBe(404);
    expect(response.json).toMatchObject({ error: 'Session not found.' });
    expect(await signsIn(iphone)).toBe(true);
  });

  it('refuses to end the current session, an id of the wrong shape, no session and no CSRF token', async () => {
    const { firefox } = await signedInTwice();
    const current = (await listed(firefox)).find((item) => item.current)!;
    const own = await revoke(current.id, [firefox]);
    expect(own.statusCode).toBe(400);
    expect(own.json).toMatchObject({
      error: 'This is the session you are using: use Sign out to end it.',
    });
    expect(await signsIn(firefox)).toBe(true);
    expect((await revoke('too-short', [firefox])).statusCode).toBe(400);
    expect((await revoke(current.id, [])).statusCode).toBe(401);
    expect((await revoke(current.id, [firefox], 'wrong')).statusCode).toBe(403);
  });
});

describe("a session's last use", () => {
  it('is written at most once an hour by the requests that need the session', async () => {
    const user = await givenSignedInUser();
    const signedInAt = (await storedSession(user.cookie))?.lastUsedAt as string;
    await listed(user.cookie);
    expect((await storedSession(user.cookie))?.lastUsedAt).toBe(signedInAt);

    const longAgo = new Date(Date.now() - 2 * HOUR);
    await givenSessionLastUsedAt(user.sessionId, longAgo);
    const before = Date.now();
    await listed(user.cookie);
    const written = Date.parse((await storedSession(user.cookie))?.lastUsedAt as string);
    expect(written).toBeGreaterThanOrEqual(before - 1000);
  });

  it('leaves the request answered when its write fails (throttled)', async () => {
    const user = await givenSignedInUser();
    await givenSessionLastUsedAt(user.sessionId, new Date(Date.now() - 2 * HOUR));
    const client = getDocumentClient();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const throttled = jest.spyOn(client, 'send').mockImplementation(((command: unknown) =>
      command instanceof UpdateCommand
        ? Promise.reject(
            Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
              name: 'ProvisionedThroughputExceededException',
            }),
          )
        : send(command)) as never);
    try {
      expect((await listed(user.cookie)).length).toBeGreaterThan(0);
    } finally {
      throttled.mockRestore();
    }
  });

  it('is written once by requests arriving together', async () => {
    const user = await givenSignedInUser();
    await givenSessionLastUsedAt(user.sessionId, new Date(Date.now() - 2 * HOUR));
    const now = new Date();
    const writes = await Promise.all([1, 2, 3].map(() => touchSession(user.sessionId, now)));
    expect(writes.filter(Boolean)).toHaveLength(1);
  });
});
