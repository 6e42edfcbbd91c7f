import { handler as login } from '../src/http/auth/login';
import { handler as register } from '../src/http/auth/register';
import { invoke } from './api-gateway-event';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from './auth-requests';
import { latestEmailTo, linkToken } from './sent-emails';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Registers through the real handler (with `redirect`, where the verification link leads), then
 * signs in (registration starts no session); returns the session cookie, which needs
 * verification, and the verification token.
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
  if (response.statusCode !== 202) throw new Error(`Register failed: ${response.body}`);
  const verificationToken = linkToken(await latestEmailTo(email));
  const signedIn = await invoke(
    login,
    mutationEvent({
      method: 'POST',
      path: '/auth/login',
      body: { email, password: TEST_PASSWORD },
    }),
  );
  const { user } = signedIn.json as { user: { id: string } };
  const cookie = sessionCookieFrom(signedIn.cookies);
  if (!cookie) throw new Error(`Sign-in after registering failed: ${signedIn.body}`);
  return { email, userId: user.id, cookie, verificationToken };
}
