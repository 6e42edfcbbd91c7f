import { handler as login } from '../src/http/auth/login';
import { handler as register } from '../src/http/auth/register';
import { invoke } from './api-gateway-event';
import { mutationEvent, sessionCookieFrom, uniqueEmail } from './auth-requests';
import { latestEmailTo, linkToken } from './sent-emails';

export const TEST_PASSWORD = 'correct horse battery staple';

/** Registers `email` with TEST_PASSWORD through the real handler; throws unless it answers 202. */
export async function registerThroughHandler(
  email: string,
  options: { name?: string; redirect?: string } = {},
): Promise<void> {
  const response = await invoke(
    register,
    mutationEvent({
      method: 'POST',
      path: '/auth/register',
      body: { email, password: TEST_PASSWORD, ...options },
    }),
  );
  if (response.statusCode !== 202) throw new Error(`Register failed: ${response.body}`);
}

/** Signs `email` in with TEST_PASSWORD through the real handler: its user id and session cookie. */
export async function signInThroughHandler(
  email: string,
): Promise<{ userId: string; cookie: string }> {
  const signedIn = await invoke(
    login,
    mutationEvent({
      method: 'POST',
      path: '/auth/login',
      body: { email, password: TEST_PASSWORD },
    }),
  );
  const cookie = sessionCookieFrom(signedIn.cookies);
  if (!cookie) throw new Error(`Sign-in failed: ${signedIn.body}`);
  const { user } = signedIn.json as { user: { id: string } };
  return { userId: user.id, cookie };
}

/**
 * Registers through the real handler (with `redirect`, where the verification link leads), then
 * signs in (registration starts no session); returns the session cookie, which needs
 * verification, and the verification token.
 */
export async function givenRegisteredUser(label = 'account', options: { redirect?: string } = {}) {
  const email = uniqueEmail(label).toLowerCase();
  await registerThroughHandler(email, { name: 'Grace Hopper', ...options });
  const verificationToken = linkToken(await latestEmailTo(email));
  const { userId, cookie } = await signInThroughHandler(email);
  return { email, userId, cookie, verificationToken };
}
