import { AUDIT_ACTIONS } from '../../data/audit-events';
import { replaceRecoveryCodes } from '../../data/two-factor-records';
import { AppError } from '../../platform/app-error';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { confirmIdentity } from '../../services/two-factor/identity-confirmation';
import { newRecoveryCodeSet } from '../../services/two-factor/recovery-code-set';
import { checkSecondFactor } from '../../services/two-factor/second-factor-check';
import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { twoFactorRoutes } from '@expiry-radar/shared/api/routes/two-factor-routes';

/**
 * `POST /api/account/two-factor/recovery-codes` `{password?, code?}`: 10 new recovery codes in
 * place of the old ones, with the password or a current code (a code is checked like at sign-in:
 * counted, single use, locked after 5 wrong ones).
 */
export const handler = createHttpHandler(
  twoFactorRoutes.regenerateRecoveryCodes,
  async ({ body, session, now, event }) => {
    const { user, signedInAt } = requireSession(session);
    if (body.code) {
      await checkSecondFactor({
        user,
        code: body.code,
        purpose: 'recovery_codes',
        now,
        ip: clientIp(event),
      });
    } else {
      await confirmIdentity({ user, signedInAt, password: body.password, now });
    }
    const codes = newRecoveryCodeSet();
    if (!(await replaceRecoveryCodes(user.id, codes.hashes, now))) {
      throw new AppError('CONFLICT', 'Two-factor authentication is not on for this account.');
    }
    await recordAccountEvent(user, AUDIT_ACTIONS.recoveryCodesRegenerated, now, {
      confirmedWith: body.code ? 'code' : 'password',
    });
    return { body: { recoveryCodes: [...codes.codes] } };
  },
);
