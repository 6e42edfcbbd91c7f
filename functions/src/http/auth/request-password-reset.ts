import { RATE_LIMITS } from '../../domain/account-policy';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { sendPasswordResetEmail } from '../../services/accounts/account-mail';
import { limitLinkEmail } from '../../services/accounts/account-rate-limits';
import { withSteadyDuration } from '../../services/accounts/steady-duration';
import { clientIp } from '../pipeline/client-ip';
import { ssoRequiredFor } from '../../services/organizations/sso-connections';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

export const RESET_REQUEST_ANSWER_MS = 600;

/**
 * `POST /auth/reset-password/request`: emails a reset link when the address has an account.
 * The answer is the same either way, so it tells nobody which addresses have accounts; so are
 * the limits (per client address, and per target address with a cooldown between emails), and
 * so is the time it takes: at least RESET_REQUEST_ANSWER_MS, well above what the lookup, the link
 * and the email take.
 */
export const handler = createHttpHandler(
  accountRoutes.requestPasswordReset,
  async ({ body, event, now }) => {
    const ip = clientIp(event);
    await limitLinkEmail([RATE_LIMITS.passwordResetPerIp, ip], body.email, now);
    await withSteadyDuration(RESET_REQUEST_ANSWER_MS, async () => {
      const userId = await findUserIdByEmail(body.email);
      const user = userId ? await findUserById(userId) : undefined;
      // Resets are off where the organization requires SSO: nothing is sent, the answer is the same.
      if (user && !(await ssoRequiredFor(user.email, user.id))) {
        await sendPasswordResetEmail(user, now);
        await recordAccountEvent(user, AUDIT_ACTIONS.passwordResetRequested, now, { ip });
      }
    });
    return { body: { ok: true } };
  },
);
