import { RATE_LIMITS } from '../../domain/account-policy';
import { hashPassword } from '../../domain/password-hashing';
import { consumeAccountToken, deleteAccountTokensOfUser } from '../../data/account-token-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { consumeRateLimit } from '../../data/rate-limiter';
import { deleteSessionsOfUser } from '../../data/session-records';
import { findUserById, markEmailVerified, setPasswordHash } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { revokeAllApiKeys } from '../../services/api-keys/api-keys';
import { sendSecurityNotice } from '../../services/accounts/account-mail';
import { forgetPasswordFailures } from '../../services/accounts/account-rate-limits';
import { clientIp } from '../pipeline/client-ip';
import { ssoRequiredFor } from '../../services/organizations/sso-connections';
import { clearedSessionCookie } from '../pipeline/session-cookie';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/**
 * `POST /auth/reset-password`: sets a new password with a reset link's token (single use, 30
 * minutes), revokes the user's other reset links, ends every session of the user and revokes
 * every API key they hold (whoever had the account may have made some). The link also proves the
 * address is theirs. The owner is told by email, as for a change in Account settings: a reset
 * link reaching someone else (a forwarded or shared mailbox) must not go unnoticed.
 */
export const handler = createHttpHandler(
  accountRoutes.resetPassword,
  async ({ body, event, now, secureCookies }) => {
    const ip = clientIp(event);
    if (!(await consumeRateLimit(RATE_LIMITS.resetPasswordPerIp, ip, now))) {
      throw new AppError('RATE_LIMITED');
    }
    const token = await consumeAccountToken(body.token, 'reset-password', now);
    const user = token ? await findUserById(token.userId) : undefined;
    if (!token || !user || user.email !== token.email) throw new AppError('INVALID_LINK');
    // A link sent before the organization required SSO sets no password now.
    if (await ssoRequiredFor(user.email, user.id)) throw new AppError('SSO_REQUIRED');

    await deleteAccountTokensOfUser(user.id, 'reset-password');
    await setPasswordHash(user.id, await hashPassword(body.password), now);
    await deleteSessionsOfUser(user.id);
    await revokeAllApiKeys(user, now);
    if (!user.emailVerified) await markEmailVerified(user.id, user.email, now);
    await forgetPasswordFailures(user.email, ip);
    await recordAccountEvent(user, AUDIT_ACTIONS.passwordReset, now, { ip });
    await sendSecurityNotice(user, {
      kind: 'password_changed',
      signedOutEverywhere: true,
      byResetLink: true,
    });
    return { body: { ok: true }, cookies: [clearedSessionCookie(secureCookies)] };
  },
);
