import { AUDIT_ACTIONS } from '../../data/audit-events';
import { disableTwoFactor } from '../../data/two-factor-records';
import { AppError } from '../../platform/app-error';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { sendSecurityNotice } from '../../services/accounts/account-mail';
import { confirmIdentity } from '../../services/two-factor/identity-confirmation';
import { checkSecondFactor } from '../../services/two-factor/second-factor-check';
import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { twoFactorRoutes } from '@expiry-radar/shared/api/routes/two-factor-routes';

/**
 * `DELETE /api/account/two-factor` `{password, code}`: turns two-factor authentication off. Both
 * are needed: the password (accounts without one: a sign-in within 10 minutes) and a current code
 * or a recovery code, so neither a stolen session nor a stolen password alone can turn it off.
 * The owner is told by email.
 */
export const handler = createHttpHandler(
  twoFactorRoutes.disableTwoFactor,
  async ({ body, session, now, event }) => {
    const { user, signedInAt } = requireSession(session);
    await confirmIdentity({ user, signedInAt, password: body.password, now });
    await checkSecondFactor({
      user,
      code: body.code,
      purpose: 'disable',
      now,
      ip: clientIp(event),
    });
    if (!(await disableTwoFactor(user.id, now))) {
      throw new AppError('CONFLICT', 'Two-factor authentication is not on for this account.');
    }
    await recordAccountEvent(user, AUDIT_ACTIONS.twoFactorDisabled, now);
    await sendSecurityNotice(user, { kind: 'two_factor_disabled' });
    return { body: { ok: true } };
  },
);
