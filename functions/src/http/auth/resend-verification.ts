import { RATE_LIMITS } from '../../domain/account-policy';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { sendVerificationEmail } from '../../services/accounts/account-mail';
import { limitLinkEmail } from '../../services/accounts/account-rate-limits';
import { requireSession } from '../pipeline/require-session';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/**
 * `POST /auth/verify-email/resend` `{ redirect? }`: a new link to the session's address (leading
 * to `redirect` once used). Limited per user and per address, with a cooldown between two
 * emails; a 429 says how long to wait.
 */
export const handler = createHttpHandler(
  accountRoutes.resendVerification,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    if (user.emailVerified) return { body: { ok: true } };
    await limitLinkEmail([RATE_LIMITS.verificationResendPerUser, user.id], user.email, now);
    await sendVerificationEmail(user, now, { redirect: body.redirect });
    return { body: { ok: true } };
  },
);
