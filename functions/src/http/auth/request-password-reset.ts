import { RATE_LIMITS } from '../../domain/account-policy';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { consumeRateLimit } from '../../data/rate-limiter';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { sendPasswordResetEmail } from '../../services/accounts/account-mail';
import { clientIp } from '../pipeline/client-ip';

/**
 * `POST /auth/reset-password/request`: emails a reset link when the address has an account.
 * The answer is the same either way, so it tells nobody which addresses have accounts.
 */
export const handler = createHttpHandler('requestPasswordReset', async ({ body, event, now }) => {
  const ip = clientIp(event);
  const allowed =
    (await consumeRateLimit(RATE_LIMITS.passwordResetPerIp, ip, now)) &&
    (await consumeRateLimit(RATE_LIMITS.passwordResetPerEmail, body.email, now));
  if (!allowed) throw new AppError('RATE_LIMITED');
  const userId = await findUserIdByEmail(body.email);
  const user = userId ? await findUserById(userId) : undefined;
  if (user) {
    await sendPasswordResetEmail(user, now);
    await recordAccountEvent(user, AUDIT_ACTIONS.passwordResetRequested, now, { ip });
  }
  return { body: { ok: true } };
});
