import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';
import { listAccountSessions } from '../../services/accounts/account-sessions';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';

/**
 * `GET /auth/sessions`: the caller's active sessions, newest first, the one making the request
 * marked current; each named by an opaque id that cannot be used as a cookie.
 */
export const handler = createHttpHandler(accountRoutes.listSessions, async ({ session, now }) => {
  const { user, sessionId } = requireSession(session);
  return { body: { items: await listAccountSessions(user.id, sessionId, now) } };
});
