import { confirmEnrolment } from '../../services/two-factor/enrolment';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';

/**
 * `POST /api/account/two-factor/enrolment/confirm` `{code}`: a code of the pending secret turns
 * two-factor authentication on; the answer holds the 10 recovery codes, shown this once.
 */
export const handler = createHttpHandler(
  'confirmTwoFactorEnrolment',
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    const recoveryCodes = await confirmEnrolment(user, body.code, now);
    return { body: { recoveryCodes: [...recoveryCodes] } };
  },
);
