import { startEnrolment } from '../../services/two-factor/enrolment';
import { confirmIdentity } from '../../services/two-factor/identity-confirmation';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { twoFactorRoutes } from '@expiry-radar/shared/api/routes/two-factor-routes';

/**
 * `POST /api/account/two-factor/enrolment` `{password?}`: a new secret for the authenticator app
 * (QR code, URI and text), once the password is confirmed (accounts without one: a sign-in within
 * 10 minutes), so that a stolen session alone cannot tie the account to another app. 409 when
 * two-factor authentication is on already.
 */
export const handler = createHttpHandler(
  twoFactorRoutes.startTwoFactorEnrolment,
  async ({ body, session, now }) => {
    const { user, signedInAt } = requireSession(session);
    await confirmIdentity({ user, signedInAt, password: body.password, now });
    return { body: await startEnrolment(user, now) };
  },
);
