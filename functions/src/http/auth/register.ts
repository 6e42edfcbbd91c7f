import { defaultDisplayName, RATE_LIMITS } from '../../domain/account-policy';
import { hashPassword } from '../../domain/password-hashing';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { consumeRateLimit, takeRateLimit } from '../../data/rate-limiter';
import { EmailTakenError, findUserCredentials, findUserIdByEmail } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { logger } from '../../platform/logger';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import {
  sendAccountExistsEmail,
  sendVerificationEmail,
} from '../../services/accounts/account-mail';
import { startRegistrationWatch } from '../../services/accounts/registration-watch';
import { withSteadyDuration } from '../../services/accounts/steady-duration';
import { clientIp } from '../pipeline/client-ip';
import { registrationCookie } from '../pipeline/registration-cookie';
import type { RegisterBody } from '@expiry-radar/shared/api/auth-schemas';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/** Well above what hashing, the account's items and an email take, whichever way it goes. */
export const REGISTRATION_ANSWER_MS = 600;

/**
 * `POST /auth/register`: answers 202 "check your email" whether or not the address has an
 * account, in the same time and with the same cookie, so registration tells nobody which
 * addresses are taken. A new address gets the account with its personal free workspace and a
 * verification email (whose link leads to `redirect`, a same-origin app path, when given); the
 * user signs in once verified. An address with an account gets no second one: its owner is
 * emailed about the attempt instead. No session is started or ended either way; the
 * registration cookie lets the waiting page ask `GET /auth/registration` whether the new account
 * was verified (for a taken address it watches nobody).
 */
export const handler = createHttpHandler(
  accountRoutes.register,
  async ({ body, event, now, secureCookies }) => {
    const ip = clientIp(event);
    if (!(await consumeRateLimit(RATE_LIMITS.registerPerIp, ip, now))) {
      throw new AppError('RATE_LIMITED');
    }
    const watch = await withSteadyDuration(REGISTRATION_ANSWER_MS, async () => {
      const createdUserId = await registerOrTellOwner(body, ip, now);
      return startRegistrationWatch(createdUserId, now);
    });
    return {
      status: 202,
      body: { ok: true as const },
      cookies: [registrationCookie(watch.watchId, secureCookies)],
    };
  },
);

/** The id of the account created, or null when the address already had one. */
async function registerOrTellOwner(
  body: RegisterBody,
  ip: string,
  now: Date,
): Promise<string | null> {
  const passwordHash = await hashPassword(body.password);
  try {
    const { user, workspaceId } = await createAccount(
      {
        email: body.email,
        displayName: body.name ?? defaultDisplayName(body.email),
        name: body.name ?? null,
        avatar: null,
        passwordHash,
        emailVerified: false,
      },
      now,
    );
    await recordAccountEvent(user, AUDIT_ACTIONS.registered, now, {
      method: 'password',
      workspaceId,
      ip,
    });
    // The account exists either way; a failed send is logged and the user can ask again.
    await sendVerificationEmail(user, now, { redirect: body.redirect }).catch((error: unknown) =>
      logger.error('Verification email not sent', { error: error as Error }),
    );
    return user.id;
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    await tellOwnerOfAttempt(body.email, ip, now);
    return null;
  }
}

/**
 * The address's holder hears that someone tried to register it, at most once an hour, so
 * registration cannot flood a mailbox; the attempt is in their audit trail every time.
 */
async function tellOwnerOfAttempt(email: string, ip: string, now: Date): Promise<void> {
  const userId = await findUserIdByEmail(email);
  const holder = userId ? await findUserCredentials(userId) : undefined;
  if (!holder) return;
  await recordAccountEvent(holder.user, AUDIT_ACTIONS.registrationAttempted, now, { ip });
  const notice = await takeRateLimit(RATE_LIMITS.registrationNoticePerAddress, email, now);
  if (!notice.allowed) return;
  await sendAccountExistsEmail(holder.user, { hasPassword: holder.passwordHash !== null }).catch(
    (error: unknown) => logger.error('Account exists email not sent', { error: error as Error }),
  );
}
