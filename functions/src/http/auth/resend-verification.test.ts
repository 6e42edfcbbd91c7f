import { invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser } from '../../../test-support/account-fixtures';
import { useFakeClock } from '../../../test-support/fake-clock';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { emailsTo, linkToken, latestEmailTo } from '../../../test-support/sent-emails';
import { apiGatewayEvent } from '../../../test-support/api-gateway-event';
import { handler } from './resend-verification';
import { handler as verifyEmail } from './verify-email';

const resend = (cookies: string[], csrf?: 'missing' | 'wrong', body?: unknown) =>
  invoke(
    handler,
    mutationEvent({ method: 'POST', path: '/auth/verify-email/resend', cookies, csrf, body }),
  );

describe('POST /auth/verify-email/resend', () => {
  const clock = useFakeClock();

  it('sends a new link to the session address', async () => {
    const { email, cookie, verificationToken } = await givenRegisteredUser('resend');
    const response = await resend([cookie]);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect(await emailsTo(email)).toHaveLength(2);
    expect(linkToken(await latestEmailTo(email))).not.toBe(verificationToken);
  });

  it('sends a link that lands on the app path given, and refuses one off the app', async () => {
    const { email, cookie } = await givenRegisteredUser('resend-plan');
    const offsite = await resend([cookie], undefined, { redirect: '//evil.example' });
    expect(offsite.statusCode).toBe(400);
    expect(await emailsTo(email)).toHaveLength(1);

    const response = await resend([cookie], undefined, { redirect: '/billing?upgrade=team' });
    expect(response.statusCode).toBe(200);
    const token = linkToken(await latestEmailTo(email));
    const verified = await invoke(
      verifyEmail,
      apiGatewayEvent({ method: 'GET', path: '/auth/verify-email', query: `token=${token}` }),
    );
    expect(verified.headers?.location).toBe('/billing?upgrade=team');
  });

  it('sends nothing when the address is verified already', async () => {
    const { cookie, email } = await givenSignedInUser();
    expect((await resend([cookie])).json).toEqual({ ok: true });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const response = await resend([]);
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 EBADCSRFTOKEN without the CSRF header', async () => {
    const { cookie } = await givenRegisteredUser('resend-csrf');
    expect((await resend([cookie], 'missing')).json).toMatchObject({ code: 'EBADCSRFTOKEN' });
  });

  it('refuses a second resend within a minute and says how long to wait', async () => {
    const { cookie, email } = await givenRegisteredUser('resend-cooldown');
    expect((await resend([cookie])).statusCode).toBe(200);
    clock.advanceSeconds(15);
    const refused = await resend([cookie]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers?.['retry-after']).toBe('45');
    expect(refused.json).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
      details: [{ path: 'retryAfterSeconds', message: '45' }],
    });
    expect(await emailsTo(email)).toHaveLength(2);
    clock.advanceSeconds(45);
    expect((await resend([cookie])).statusCode).toBe(200);
  });

  it('answers 429 after five resends within the hour', async () => {
    const { cookie } = await givenRegisteredUser('resend-limit');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await resend([cookie])).statusCode).toBe(200);
      clock.advanceSeconds(61);
    }
    const response = await resend([cookie]);
    expect(response.statusCode).toBe(429);
    expect(response.json).toMatchObject({
      error: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(response.headers?.['retry-after'])).toBe(60 * 60 - 5 * 61);
  });
});
