import { RATE_LIMITS } from '../../domain/account-policy';
import { verifyAgainstDummy, verifyPassword } from '../../domain/password-hashing';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { clearRateLimit, consumeRateLimit } from '../../data/rate-limiter';
import { createSession, deleteSession } from '../../data/session-records';
import { findUserCredentials, findUserIdByEmail } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { sessionBody } from '../../services/accounts/session-body';
import { joinInvitedWorkspaces } from '../../services/members/member-invitations';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { clientIp } from '../pipeline/client-ip';
import { signInCookies } from '../pipeline/session-cookie';

/**
 * `POST /auth/login`: one generic 401 for an unknown address and a wrong password alike, with the
 * same work done in both cases. The session id is always new.
 */
export const handler = createHttpHandler(
  'login',
  async ({ body, event, now, session, secureCookies }) => {
    const ip = clientIp(event);
    const allowed =
      (await consumeRateLimit(RATE_LIMITS.loginPerIp, ip, now)) &&
      (await consumeRateLimit(RATE_LIMITS.loginPerEmail, body.email, now));
    if (!allowed) throw new AppError('RATE_LIMITED');

    const userId = await findUserIdByEmail(body.email);
    const credentials = userId ? await findUserCredentials(userId) : undefined;
    const passwordMatches = credentials?.passwordHash
      ? await verifyPassword(body.password, credentials.passwordHash)
      : await verifyAgainstDummy(body.password);
    if (!credentials || !passwordMatches) {
      if (credentials) {
        await recordAccountEvent(credentials.user, AUDIT_ACTIONS.signInFailed, now, {
          method: 'password',
          ip,
        });
      }
      throw new AppError('INVALID_CREDENTIALS');
    }

    const { user } = credentials;
    await clearRateLimit(RATE_LIMITS.loginPerEmail, body.email);
    if (session) await deleteSession(session.sessionId);
    const newSession = await createSession(user.id, now);
    await recordAccountEvent(user, AUDIT_ACTIONS.signedIn, now, { method: 'password', ip });
    await joinInvitedWorkspaces(user, now);
    return {
      body: sessionBody(user),
      cookies: signInCookies(newSession, now, secureCookies),
    };
  },
);
