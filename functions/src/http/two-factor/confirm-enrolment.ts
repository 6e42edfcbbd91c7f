import { AUDIT_ACTIONS } from '../../data/audit-events';
import { deleteSessionsOfUser } from '../../data/session-records';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { sendSecurityNotice } from '../../services/accounts/account-mail';
import { confirmEnrolment } from '../../services/two-factor/enrolment';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { twoFactorRoutes } from '@expiry-radar/shared/api/routes/two-factor-routes';

/**
 * `POST /api/account/two-factor/enrolment/confirm` `{code}`: a code of the pending secret turns
 * two-factor authentication on; the answer holds the 10 recovery codes, shown this once. Every
 * other session of the user ends (they were started without the second factor), and the owner
 * is told by email.
 */
export const handler = createHttpHandler(
  twoFactorRoutes.confirmTwoFactorEnrolment,
  async ({ body, session, now }) => {
    const { user, sessionId } = requireSession(session);
    const recoveryCodes = await confirmEnrolment(user, body.code, now);
    const sessionsEnded = await deleteSessionsOfUser(user.id, { exceptSessionId: sessionId });
    if (sessionsEnded > 0) {
      await recordAccountEvent(user, AUDIT_ACTIONS.signedOut, now, {
        reason: 'two_factor_enabled',
        sessionsEnded,
      });
    }
    await sendSecurityNotice(user, { kind: 'two_factor_enabled' });
    return { body: { recoveryCodes: [...recoveryCodes] } };
  },
);
