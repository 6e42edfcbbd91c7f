import { AUDIT_ACTIONS } from '../../data/audit-events';
import { deleteSession } from '../../data/session-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { clearedSessionCookie } from '../pipeline/session-cookie';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/** `POST /api/logout`: revokes the session server-side and clears its cookie; idempotent. */
export const handler = createHttpHandler(
  accountRoutes.logout,
  async ({ session, now, secureCookies }) => {
    if (session) {
      await deleteSession(session.sessionId);
      await recordAccountEvent(session.user, AUDIT_ACTIONS.signedOut, now);
    }
    return { body: { ok: true }, cookies: [clearedSessionCookie(secureCookies)] };
  },
);
