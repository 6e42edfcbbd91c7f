import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';
import { signOutAccountSession } from '../../services/accounts/account-sessions';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';

/**
 * `DELETE /auth/sessions/{id}`: signs out another of the caller's sessions (its cookie no longer
 * signs in) and records it in the account's audit trail. 404 for an id that is not one of the
 * caller's active sessions, 400 for the current one (Sign out ends that).
 */
export const handler = createHttpHandler(
  accountRoutes.revokeSession,
  async ({ params, session, now }) => {
    const { user, sessionId } = requireSession(session);
    await signOutAccountSession(user, params.id, sessionId, now);
    return { body: { ok: true } };
  },
);
