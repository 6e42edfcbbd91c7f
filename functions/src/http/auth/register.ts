import { defaultDisplayName, RATE_LIMITS } from '../../domain/account-policy';
import { hashPassword } from '../../domain/password-hashing';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { consumeRateLimit } from '../../data/rate-limiter';
import { createSession, deleteSession } from '../../data/session-records';
import { EmailTakenError } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { logger } from '../../platform/logger';
import { sessionBody } from '../../services/accounts/session-body';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { sendVerificationEmail } from '../../services/accounts/account-mail';
import { clientIp } from '../pipeline/client-ip';
import { signInCookies } from '../pipeline/session-cookie';

/**
 * `POST /auth/register`: the account with its personal free workspace, a verification email
 * (whose link leads to `redirect`, a same-origin app path, when given) and a session that needs
 * verification.
 */
export const handler = createHttpHandler(
  'register',
  async ({ body, event, now, session, secureCookies }) => {
    const ip = clientIp(event);
    if (!(await consumeRateLimit(RATE_LIMITS.registerPerIp, ip, now))) {
      throw new AppError('RATE_LIMITED');
    }
    const passwordHash = await hashPassword(body.password);
    let created;
    try {
      created = await createAccount(
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
    } catch (error) {
      if (error instanceof EmailTakenError) throw new AppError('EMAIL_TAKEN');
      throw error;
    }
    const { user, workspaceId } = created;
    await recordAccountEvent(user, AUDIT_ACTIONS.registered, now, {
      method: 'password',
      workspaceId,
      ip,
    });
    // The account exists either way; a failed send is logged and the user can ask again.
    await sendVerificationEmail(user, now, { redirect: body.redirect }).catch((error: unknown) =>
      logger.error('Verification email not sent', { error: error as Error }),
    );
    if (session) await deleteSession(session.sessionId);
    const newSession = await createSession(user.id, now);
    return {
      status: 201,
      body: sessionBody(user),
      cookies: signInCookies(newSession, now, secureCookies),
    };
  },
);
