import { handler as register } from '../src/http/auth/register';
import { invoke } from './api-gateway-event';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from './auth-requests';
import { latestEmailTo, linkToken } from './sent-emails';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Registers through the real handler (with `redirect`, where the verification link leads);
 * returns the session cookie and the verification token.
 */
export async function givenRegisteredUser(label = 'account', options: { redirect?: string } = {}) {
  const email = uniqueEmail(label).toLowerCase();
  const response = await invoke(
    register,
    mutationEvent({
      method: 'POST',
      path: '/auth/register',
      body: { email, password: TEST_PASSWORD, name: 'Grace Hopper', ...options },
    }),
  );
  if (response.statusCode !== 201) throw new Error(`Register failed: ${response.body}`);
  const { user } = response.json as { user: { id: string } };
  const cookie = sessionCookieFrom(response.cookies);
  if (!cookie) throw new Error('Register set no session cookie');
  return {
    email,
    userId: user.id,
    cookie,
    verificationToken: linkToken(await latestEmailTo(email)),
  };
}
