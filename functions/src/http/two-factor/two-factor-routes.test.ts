import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, sessionCookieFrom } from '../../../test-support/auth-requests';
import { useFakeClock } from '../../../test-support/fake-clock';
import { currentCode, givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { routeRequest } from '../../../test-support/workspace-fixtures';
import { latestEmailTo } from '../../../test-support/sent-emails';
import { listActorAuditEvents } from '../../data/audit-queries';
import { findTwoFactor } from '../../data/two-factor-records';
import { handler as login } from '../auth/login';
import { handler as getSession } from '../session/get-session';
import { handler as listWorkspaces } from '../workspaces/list-workspaces';
import { handler as updateAccount } from '../auth/update-account';
import { handler as confirmEnrolment } from './confirm-enrolment';
import { handler as disable } from './disable';
import { handler as getStatus } from './get-status';
import { handler as regenerate } from './regenerate-recovery-codes';
import { handler as startEnrolment } from './start-enrolment';
import { handler as verifySignIn } from './verify-sign-in';

const clock = useFakeClock();
/** The next TOTP step: a code of the step just used is refused as a replay. */
const nextStep = () => clock.advanceSeconds(30);

const status = (cookie: string) =>
  invoke(getStatus, routeRequest('GET', '/api/account/two-factor', { cookie }));
const start = (cookie: string, body: unknown = { password: TEST_PASSWORD }) =>
  invoke(
    startEnrolment,
    routeRequest('POST', '/api/account/two-factor/enrolment', { cookie, body }),
  );
const confirm = (cookie: string, code: string) =>
  invoke(
    confirmEnrolment,
    routeRequest('POST', '/api/account/two-factor/enrolment/confirm', { cookie, body: { code } }),
  );

async function signInWithPassword(email: string, sourceIp?: string) {
  const response = await invoke(
    login,
    mutationEvent({
      method: 'POST',
      path: '/auth/login',
      body: { email, password: TEST_PASSWORD },
      sourceIp,
    }),
  );
  const pending = response.cookies?.find((cookie) => cookie.startsWith('er_two_factor='));
  return { response, pendingCookie: pending?.split(';')[0] };
}

const secondStep = (pendingCookie: string | undefined, code: string, sourceIp?: string) =>
  invoke(
    verifySignIn,
    mutationEvent({
      method: 'POST',
      path: '/auth/two-factor',
      body: { code },
      cookies: pendingCookie ? [pendingCookie] : [],
      sourceIp,
    }),
  );

async function actionsOf(userId: string): Promise<string[]> {
  const events = await listActorAuditEvents(userId, { count: 100, now: new Date() });
  return events.map((event) => event.action);
}

/** An account with two-factor on, signed in (its session cookie). */
async function givenEnrolledAccount() {
  const account = await givenRegisteredUser('two-factor');
  const enrolled = await givenTwoFactor(account.cookie, TEST_PASSWORD);
  return { ...account, ...enrolled };
}

describe('enrolment', () => {
  it('needs the password, shows the secret until confirmed, and then never again', async () => {
    const { cookie, userId } = await givenRegisteredUser('enrol');
    expect((await status(cookie)).json).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesRemaining: 0,
    });
    const withoutPassword = await start(cookie, {});
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    const wrongPassword = await start(cookie, { password: 'not my password at all' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });

    const started = await start(cookie);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = started.json as {
      secret: string;
      otpauthUri: string;
      qrCodeDataUrl: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=Expiry%20Radar');
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCodeDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Stored sealed: the item never holds the secret in clear.
    const stored = await findTwoFactor(userId);
    expect(stored).toMatchObject({ status: 'pending' });
    expect(JSON.stringify(stored)).not.toContain(secret);

    const wrong = await confirm(cookie, currentCode(secret) === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect((await status(cookie)).json).toMatchObject({ enabled: false });

    const confirmed = await confirm(cookie, currentCode(secret));
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await status(cookie)).json).toMatchObject({
      enabled: true,
      recoveryCodesRemaining: 10,
    });
    const item = await findTwoFactor(userId);
    expect(JSON.stringify([...item!.recoveryCodeHashes])).not.toContain(
      recoveryCodes[0]!.slice(0, 4),
    );

    // On already: no new secret is handed out, and the status never answers it.
    const again = await start(cookie);
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify((await status(cookie)).json)).not.toContain(secret);
    const session = await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [cookie] }),
    );
    expect(session.json).toMatchObject({ user: { twoFactorEnabled: true } });
    expect(await actionsOf(userId)).toContain('account.two_factor_enabled');
  });

  it('ends every other session once it is on, and tells the owner', async () => {
    const { cookie, email } = await givenRegisteredUser('enrol-elsewhere');
    const elsewhere = sessionCookieFrom((await signInWithPassword(email)).response.cookies)!;
    const sessionOf = (c: string) =>
      invoke(getSession, apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [c] }));
    expect((await sessionOf(elsewhere)).json).toMatchObject({ loggedIn: true });

    await givenTwoFactor(cookie, TEST_PASSWORD);
    expect((await sessionOf(elsewhere)).json).toMatchObject({ loggedIn: false });
    expect((await sessionOf(cookie)).json).toMatchObject({ loggedIn: true });
    const notice = await latestEmailTo(email);
    expect(notice?.subject).toBe('Two-factor authentication is on for your Expiry Radar account');
  });

  it('refuses to confirm a secret that was replaced by a newer enrolment', async () => {
    const { cookie } = await givenRegisteredUser('replaced');
    const first = (await start(cookie)).json as { secret: string };
    const second = (await start(cookie)).json as { secret: string };
    const stale = await confirm(cookie, currentCode(first.secret));
    expect(stale.statusCode).toBe(400);
    expect((await confirm(cookie, currentCode(second.secret))).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await invoke(getStatus, routeRequest('GET', '/api/account/two-factor'));
    expect(response.statusCode).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, and starts the session only with it', async () => {
    const { email, userId, secret } = await givenEnrolledAccount();
    const { response, pendingCookie } = await signInWithPassword(email);
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({ loggedIn: false, twoFactorRequired: true });
    expect(response.json).not.toHaveProperty('user');
    expect(sessionCookieFrom(response.cookies)).toBeUndefined();
    expect(pendingCookie).toBeDefined();
    expect(response.cookies?.find((c) => c.startsWith('er_two_factor='))).toMatch(/Max-Age=600/);

    nextStep();
    const signedIn = await secondStep(pendingCookie, currentCode(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json).toMatchObject({
      loggedIn: true,
      user: { email, twoFactorEnabled: true },
    });
    const sessionCookie = sessionCookieFrom(signedIn.cookies);
    expect(sessionCookie).toBeDefined();
    expect(signedIn.cookies).toContainEqual(expect.stringMatching(/^er_two_factor=; .*Max-Age=0/));
    const session = await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies: [sessionCookie!] }),
    );
    expect(session.json).toMatchObject({ loggedIn: true });

    // The pending sign-in was used up: it does not start a second session.
    nextStep();
    const again = await secondStep(pendingCookie, currentCode(secret));
    expect(again.statusCode).toBe(401);
    expect(again.json).toMatchObject({ code: 'TWO_FACTOR_SIGN_IN_EXPIRED' });
    const actions = await actionsOf(userId);
    expect(actions).toContain('auth.signed_in');
  });

  it('gives the half-signed-in state nothing but the second step', async () => {
    const { email } = await givenEnrolledAccount();
    const { pendingCookie } = await signInWithPassword(email);
    const cookies = [pendingCookie!];
    const session = await invoke(
      getSession,
      apiGatewayEvent({ method: 'GET', path: '/api/session', cookies }),
    );
    expect(session.json).toMatchObject({ loggedIn: false });
    const get = (handler: typeof listWorkspaces, path: string) =>
      invoke(handler, apiGatewayEvent({ method: 'GET', path, cookies }));
    expect((await get(listWorkspaces, '/api/v1/workspaces')).statusCode).toBe(401);
    expect((await get(getStatus, '/api/account/two-factor')).statusCode).toBe(401);
    const write = await invoke(
      updateAccount,
      mutationEvent({ method: 'PUT', path: '/auth/account', body: { name: 'Mallory' }, cookies }),
    );
    expect(write.statusCode).toBe(401);
    const enrol = await invoke(
      startEnrolment,
      mutationEvent({
        method: 'POST',
        path: '/api/account/two-factor/enrolment',
        body: {},
        cookies,
      }),
    );
    expect(enrol.statusCode).toBe(401);
    // Even the pending cookie's value used as a session cookie opens nothing.
    const asSession = [`er_session=${pendingCookie!.split('=')[1]}`];
    const disguised = await invoke(
      listWorkspaces,
      apiGatewayEvent({ method: 'GET', path: '/api/v1/workspaces', cookies: asSession }),
    );
    expect(disguised.statusCode).toBe(401);
  });

  it('expires the pending sign-in after 10 minutes', async () => {
    const { email, secret } = await givenEnrolledAccount();
    const { pendingCookie } = await signInWithPassword(email);
    clock.advanceSeconds(10 * 60 + 1);
    const late = await secondStep(pendingCookie, currentCode(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json).toEqual({
      error: 'Your sign-in has expired. Please sign in again.',
      code: 'TWO_FACTOR_SIGN_IN_EXPIRED',
    });
    expect((await secondStep(undefined, currentCode(secret))).statusCode).toBe(401);
  });

  it('refuses a code that was already used (no replay within its window)', async () => {
    const { email, secret } = await givenEnrolledAccount();
    nextStep();
    const code = currentCode(secret);
    const first = await signInWithPassword(email);
    expect((await secondStep(first.pendingCookie, code)).statusCode).toBe(200);
    // Seconds later, someone who saw the code tries it with the stolen password.
    const second = await signInWithPassword(email);
    const replay = await secondStep(second.pendingCookie, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json).toEqual({
      error: 'This code has already been used. Wait for the next code from your authenticator app.',
      code: 'INVALID_TWO_FACTOR_CODE',
    });
    expect(sessionCookieFrom(replay.cookies)).toBeUndefined();
    // Nor does the code of the enrolment's own step work.
    const enrolmentStep = await signInWithPassword(email);
    clock.advanceSeconds(-30);
    expect((await secondStep(enrolmentStep.pendingCookie, currentCode(secret))).statusCode).toBe(
      400,
    );
  });

  it('takes a recovery code once', async () => {
    const { email, userId, cookie, recoveryCodes } = await givenEnrolledAccount();
    const first = await signInWithPassword(email);
    const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ');
    const signedIn = await secondStep(first.pendingCookie, typed);
    expect(signedIn.statusCode).toBe(200);
    expect((await status(cookie)).json).toMatchObject({ recoveryCodesRemaining: 9 });

    const second = await signInWithPassword(email);
    const reused = await secondStep(second.pendingCookie, recoveryCodes[3]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json).toEqual({
      error: 'That recovery code is not valid or has been used.',
      code: 'INVALID_TWO_FACTOR_CODE',
    });
    expect(await actionsOf(userId)).toEqual(
      expect.arrayContaining(['account.recovery_code_used', 'auth.two_factor_failed']),
    );
    const notice = await latestEmailTo(email);
    expect(notice?.subject).toBe('A recovery code was used to sign in to Expiry Radar');
    expect(notice?.body.text).toContain('9 recovery codes are left.');
  });

  it('locks the second step for 15 minutes after 5 wrong codes, right code or not', async () => {
    const { email, userId, secret } = await givenEnrolledAccount();
    const { pendingCookie } = await signInWithPassword(email);
    const wrong = currentCode(secret) === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const refused = await secondStep(pendingCookie, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    }
    const fifth = await secondStep(pendingCookie, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers?.['retry-after']).toBe('900');

    nextStep();
    const locked = await secondStep(pendingCookie, currentCode(secret));
    expect(locked.statusCode).toBe(429);
    const wait = Number(locked.headers?.['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(locked.json).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many wrong codes: two-factor checks are locked. Try again in 15 min.',
      details: [{ path: 'retryAfterSeconds', message: String(wait) }],
    });
    // From another address, with a new pending sign-in: the lock is the account's.
    const elsewhere = await signInWithPassword(email);
    expect((await secondStep(elsewhere.pendingCookie, currentCode(secret))).statusCode).toBe(429);
    const failures = (await actionsOf(userId)).filter(
      (action) => action === 'auth.two_factor_failed',
    );
    expect(failures).toHaveLength(5);

    clock.advanceSeconds(15 * 60);
    const later = await signInWithPassword(email);
    expect((await secondStep(later.pendingCookie, currentCode(secret))).statusCode).toBe(200);
  });

  it('signs in without a second step once two-factor is off', async () => {
    const { email, cookie, secret } = await givenEnrolledAccount();
    nextStep();
    const off = await invoke(
      disable,
      routeRequest('DELETE', '/api/account/two-factor', {
        cookie,
        body: { password: TEST_PASSWORD, code: currentCode(secret) },
      }),
    );
    expect(off.statusCode).toBe(200);
    const { response } = await signInWithPassword(email);
    expect(response.json).toMatchObject({ loggedIn: true });
    expect(sessionCookieFrom(response.cookies)).toBeDefined();
  });
});

describe('turning two-factor off', () => {
  const turnOff = (cookie: string, body: unknown) =>
    invoke(disable, routeRequest('DELETE', '/api/account/two-factor', { cookie, body }));

  it('needs both the password and a current code', async () => {
    const { cookie, userId, email, secret } = await givenEnrolledAccount();
    nextStep();
    const code = currentCode(secret);
    expect((await turnOff(cookie, { code })).statusCode).toBe(403);
    expect((await turnOff(cookie, { password: 'wrong password here', code })).json).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
    });
    expect((await turnOff(cookie, { password: TEST_PASSWORD })).statusCode).toBe(400);
    const wrongCode = code === '000000' ? '999999' : '000000';
    expect(
      (await turnOff(cookie, { password: TEST_PASSWORD, code: wrongCode })).json,
    ).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
    });
    expect((await status(cookie)).json).toMatchObject({ enabled: true });

    const off = await turnOff(cookie, { password: TEST_PASSWORD, code });
    expect(off.statusCode).toBe(200);
    expect((await status(cookie)).json).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesRemaining: 0,
    });
    expect(await findTwoFactor(userId)).toBeUndefined();
    expect(await actionsOf(userId)).toContain('account.two_factor_disabled');
    expect((await latestEmailTo(email))?.subject).toBe(
      'Two-factor authentication is off for your Expiry Radar account',
    );
    expect((await turnOff(cookie, { password: TEST_PASSWORD, code })).statusCode).toBe(409);
  });

  it('accepts a recovery code instead of the app', async () => {
    const { cookie, recoveryCodes } = await givenEnrolledAccount();
    const off = await turnOff(cookie, { password: TEST_PASSWORD, code: recoveryCodes[0] });
    expect(off.statusCode).toBe(200);
  });
});

describe('new recovery codes', () => {
  const renew = (cookie: string, body: unknown) =>
    invoke(
      regenerate,
      routeRequest('POST', '/api/account/two-factor/recovery-codes', { cookie, body }),
    );

  it('replace the old ones, with the password or a code', async () => {
    const { cookie, email, userId, secret, recoveryCodes } = await givenEnrolledAccount();
    const missing = await renew(cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json).toMatchObject({
      error: 'Enter your password or a code from your authenticator app',
    });
    expect((await renew(cookie, { password: 'not the password' })).statusCode).toBe(400);

    const withPassword = await renew(cookie, { password: TEST_PASSWORD });
    expect(withPassword.statusCode).toBe(200);
    const fresh = (withPassword.json as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    nextStep();
    const withCode = await renew(cookie, { code: currentCode(secret) });
    expect(withCode.statusCode).toBe(200);
    const newest = (withCode.json as { recoveryCodes: string[] }).recoveryCodes;

    const { pendingCookie } = await signInWithPassword(email);
    expect((await secondStep(pendingCookie, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await secondStep(pendingCookie, fresh[0]!)).statusCode).toBe(400);
    expect((await secondStep(pendingCookie, newest[0]!)).statusCode).toBe(200);
    expect(await actionsOf(userId)).toContain('account.recovery_codes_regenerated');
  });

  it('refuse an account without two-factor', async () => {
    const { cookie } = await givenRegisteredUser('no-two-factor');
    expect((await renew(cookie, { password: TEST_PASSWORD })).statusCode).toBe(409);
  });
});
