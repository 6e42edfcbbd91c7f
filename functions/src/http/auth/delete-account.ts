import { isRecentSignIn } from '../../domain/account-policy';
import { verifyPassword } from '../../domain/password-hashing';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { findUserCredentials } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { deleteAccount } from '../../services/accounts/account-deletion';
import {
  passwordCheckSucceeded,
  startPasswordCheck,
} from '../../services/accounts/account-rate-limits';
import { requireSession } from '../pipeline/require-session';
import { clearedSessionCookie } from '../pipeline/session-cookie';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/**
 * `DELETE /auth/account`: needs the password, or a sign-in within the last 10 minutes (accounts
 * that sign in only with Google have no password). The deletion event is recorded first and then
 * anonymised with the user's other events. Each owned workspace passes to the member named in
 * `successors` (any role), else to an admin or workspace manager, under the heir's plan's limits;
 * the others are deleted (services/accounts/account-deletion).
 */
export const handler = createHttpHandler(
  accountRoutes.deleteAccount,
  async ({ body, session, now, secureCookies }) => {
    const { user, signedInAt } = requireSession(session);
    const credentials = await findUserCredentials(user.id);
    if (!credentials) throw new AppError('UNAUTHORIZED');

    if (body.password) {
      await startPasswordCheck(user.email, { userId: user.id }, now);
      const matches =
        credentials.passwordHash !== null &&
        (await verifyPassword(body.password, credentials.passwordHash));
      if (!matches) throw new AppError('INVALID_CURRENT_PASSWORD');
      await passwordCheckSucceeded(user.email, { userId: user.id }, now);
    } else {
      if (!isRecentSignIn(signedInAt, now)) {
        throw new AppError('REAUTHENTICATION_REQUIRED');
      }
    }

    await recordAccountEvent(user, AUDIT_ACTIONS.deleted, now);
    await deleteAccount(user.id, now, { successors: body.successors });
    return { body: { ok: true }, cookies: [clearedSessionCookie(secureCookies)] };
  },
);
