import { RATE_LIMITS } from '../../domain/account-policy';
import { verifyAgainstDummy, verifyPassword } from '../../domain/password-hashing';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createSession, deleteSession } from '../../data/session-records';
import { findUserCredentials, findUserIdByEmail } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { sessionBody } from '../../services/accounts/session-body';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import {
  enforceRateLimits,
  passwordCheckSucceeded,
  startPasswordCheck,
} from '../../services/accounts/account-rate-limits';
import { clientIp } from '../pipeline/client-ip';
import { signInDevice } from '../pipeline/sign-in-device';
import { signInCookies } from '../pipeline/session-cookie';
import { twoFactorCookie } from '../pipeline/two-factor-cookie';
import { startSecondStep } from '../../services/two-factor/sign-in-second-step';
import { ssoRequiredFor } from '../../services/organizations/sso-connections';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/**
 * `POST /auth/login`: one generic 401 for an unknown address and a wrong password alike, with the
 * same work done in both cases. The session id is always new. Failures are limited per client
 * address, per account and client address, and (more slowly) per account. An account with
 * two-factor authentication gets no session yet: a pending sign-in cookie and
 * `twoFactorRequired`, and the code goes to `POST /auth/two-factor`. An address whose
 * organization requires SSO is refused with SSO_REQUIRED (403) before any password check.
 */
export const handler = createHttpHandler(
  accountRoutes.login,
  async ({ body, event, now, session, secureCookies }) => {
    const ip = clientIp(event);
    await enforceRateLimits([[RATE_LIMITS.loginPerIp, ip]], now);
    await startPasswordCheck(body.email, { ip }, now);

    const userId = await findUserIdByEmail(body.email);
    // Passwords are off for the address: say where to sign in, whatever the password.
    if (await ssoRequiredFor(body.email, userId)) throw new AppError('SSO_REQUIRED');
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
    await passwordCheckSucceeded(body.email, { ip }, now);
    if (user.twoFactorEnabled) {
      const pending = await startSecondStep({ user, method: 'password', now });
      return {
        body: { ...sessionBody(undefined), twoFactorRequired: true },
        cookies: [twoFactorCookie(pending.challengeId, secureCookies)],
      };
    }
    if (session) await deleteSession(session.sessionId);
    const newSession = await createSession(
      user.id,
      { method: 'password', secondFactor: false, device: signInDevice(event) },
      now,
    );
    await recordAccountEvent(user, AUDIT_ACTIONS.signedIn, now, { method: 'password', ip });
    return {
      body: sessionBody(user),
      cookies: signInCookies(newSession, now, secureCookies),
    };
  },
);
