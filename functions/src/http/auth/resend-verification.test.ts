import { invoke } from '../../../test-support/api-gateway-event';
import { givenRegisteredUser } from '../../../test-support/account-fixtures';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { emailsTo, linkToken, latestEmailTo } from '../../../test-support/sent-emails';
import { handler } from './resend-verification';

const resend = (cookies: string[], csrf?: 'missing' | 'wrong') =>
  invoke(
    handler,
    mutationEvent({ method: 'POST', path: '/auth/verify-email/resend', cookies, csrf }),
  );

describe('POST /auth/verify-email/resend', () => {
  it('sends a new link to the session address', async () => {
    const { email, cookie, verificationToken } = await givenRegisteredUser('resend');
    const response = await resend([cookie]);
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ ok: true });
    expect(await emailsTo(email)).toHaveLength(2);
    expect(linkToken(await latestEmailTo(email))).not.toBe(verificationToken);
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

  it('answers 429 after five resends within the hour', async () => {
    const { cookie } = await givenRegisteredUser('resend-limit');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await resend([cookie])).statusCode).toBe(200);
    }
    const response = await resend([cookie]);
    expect(response.statusCode).toBe(429);
    expect(response.json).toMatchObject({
      error: 'Too many requests. Please wait a moment and try again.',
    });
  });
});
