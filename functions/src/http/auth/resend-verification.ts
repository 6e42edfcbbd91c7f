import { RATE_LIMITS } from '../../domain/account-policy';
import { consumeRateLimit } from '../../data/rate-limiter';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { sendVerificationEmail } from '../../services/accounts/account-mail';
import { requireSession } from '../pipeline/require-session';

/** `POST /auth/verify-email/resend`: a new link to the session's address. Rate limited. */
export const handler = createHttpHandler('resendVerification', async ({ session, now }) => {
  const { user } = requireSession(session);
  if (user.emailVerified) return { body: { ok: true } };
  if (!(await consumeRateLimit(RATE_LIMITS.verificationResendPerUser, user.id, now))) {
    throw new AppError('RATE_LIMITED');
  }
  await sendVerificationEmail(user, now);
  return { body: { ok: true } };
});
