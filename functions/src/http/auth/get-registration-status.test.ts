import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent, uniqueEmail, uniqueIp } from '../../../test-support/auth-requests';
import { latestEmailTo, linkToken } from '../../../test-support/sent-emails';
import { RATE_LIMITS, REGISTRATION_WATCH_LIFETIME_SECONDS } from '../../domain/account-policy';
import { takeRateLimit } from '../../data/rate-limiter';
import { createRegistrationWatch } from '../../data/registration-watch-records';
import { generateSecret } from '../../data/secret-hash';
import { REGISTRATION_COOKIE } from '../pipeline/registration-cookie';
import { handler } from './get-registration-status';
import { handler as register } from './register';
import { handler as verifyEmail } from './verify-email';

/** Registers `email` and returns the registration cookie the answer set, as a request Cookie. */
async function registerFor(email: string): Promise<string> {
  const response = await invoke(
    register,
    mutationEvent({
      method: 'POST',
      path: '/auth/register',
      body: { email, password: TEST_PASSWORD },
    }),
  );
  expect(response.statusCode).toBe(202);
  const cookie = registrationCookieFrom(response.cookies);
  if (!cookie) throw new Error('Registering set no registration cookie');
  return cookie;
}

function registrationCookieFrom(cookies: readonly string[] | undefined): string | undefined {
  return cookies?.find((cookie) => cookie.startsWith(`${REGISTRATION_COOKIE}=`))?.split(';')[0];
}

async function registrationStatus(
  cookie?: string,
  sourceIp = uniqueIp(),
): Promise<APIGatewayProxyStructuredResultV2 & { json: unknown }> {
  const event = apiGatewayEvent({
    method: 'GET',
    path: '/auth/registration',
    ...(cookie === undefined ? {} : { cookies: [cookie] }),
  });
  event.requestContext.http.sourceIp = sourceIp;
  return invoke(handler, event);
}

/** Opens the verification link of the latest email to `email`, as its owner would. */
async function openVerificationLink(email: string): Promise<void> {
  const token = linkToken(await latestEmailTo(email));
  const opened = await invoke(
    verifyEmail,
    apiGatewayEvent({ method: 'GET', path: '/auth/verify-email', query: `token=${token}` }),
  );
  expect(opened.headers?.location).toBe('/dashboard?verification_success=true');
}

const NOT_VERIFIED = { verified: false };

describe('GET /auth/registration', () => {
  it('says not verified until the new account uses its link, then verified; never signs in', async () => {
    const email = uniqueEmail('waiting').toLowerCase();
    const cookie = await registerFor(email);

    const before = await registrationStatus(cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json).toEqual(NOT_VERIFIED);

    await openVerificationLink(email);
    const after = await registrationStatus(cookie);
    expect(after.statusCode).toBe(200);
    // The address this browser typed, for the sign-in page the link opens.
    expect(after.json).toEqual({ verified: true, email });
    expect(after.cookies ?? []).toEqual([]);
  });

  it('never says verified for a registration of a taken address, though its account is verified', async () => {
    const owner = await givenRegisteredUser('owner');
    await openVerificationLink(owner.email);
    const strangersCookie = await registerFor(owner.email.toUpperCase());

    // The account behind the address is verified; the stranger's registration watches nobody.
    expect((await registrationStatus(strangersCookie)).json).toEqual(NOT_VERIFIED);
    // Nor does a cookie naming the account's own id: only values the table issued count.
    const forged = `${owner.userId}.${strangersCookie.split('.')[1]}`;
    expect((await registrationStatus(forged)).json).toEqual(NOT_VERIFIED);
  });

  it.each([
    ['no cookie', undefined],
    ['an empty cookie', `${REGISTRATION_COOKIE}=`],
    ['a value it never issued', `${REGISTRATION_COOKIE}=${randomUUID()}.${generateSecret()}`],
    ['a value of another shape', `${REGISTRATION_COOKIE}=${'x'.repeat(3000)}`],
  ])('answers not verified, as for any other, with %s', async (_case, cookie) => {
    const response = await registrationStatus(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual(NOT_VERIFIED);
  });

  it('says not verified once the registration is older than its lifetime (TTL deletes it late)', async () => {
    const owner = await givenRegisteredUser('expired');
    await openVerificationLink(owner.email);
    const lifetimeMs = REGISTRATION_WATCH_LIFETIME_SECONDS * 1000;
    const watchOf = async (startedMsAgo: number) => {
      const { watchId } = await createRegistrationWatch({
        createdUserId: owner.userId,
        lifetimeSeconds: REGISTRATION_WATCH_LIFETIME_SECONDS,
        now: new Date(Date.now() - startedMsAgo),
      });
      return `${REGISTRATION_COOKIE}=${watchId}`;
    };
    expect((await registrationStatus(await watchOf(lifetimeMs - 60_000))).json).toEqual({
      verified: true,
      email: owner.email,
    });
    expect((await registrationStatus(await watchOf(lifetimeMs + 1_000))).json).toEqual(
      NOT_VERIFIED,
    );
  });

  it('is limited per client address', async () => {
    const sourceIp = uniqueIp();
    const rule = RATE_LIMITS.registrationStatusPerIp;
    const now = new Date();
    // All but one check used up, a few dozen at a time (the client's socket pool).
    for (let taken = 0; taken < rule.limit - 1; taken += 40) {
      const batch = Math.min(40, rule.limit - 1 - taken);
      await Promise.all(Array.from({ length: batch }, () => takeRateLimit(rule, sourceIp, now)));
    }
    expect((await registrationStatus(undefined, sourceIp)).statusCode).toBe(200);
    const refused = await registrationStatus(undefined, sourceIp);
    expect(refused.statusCode).toBe(429);
    expect(refused.json).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
