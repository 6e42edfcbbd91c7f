import { RATE_LIMITS } from '../../domain/account-policy';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createSession, deleteSession } from '../../data/session-records';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { enforceRateLimits } from '../../services/accounts/account-rate-limits';
import { sessionBody } from '../../services/accounts/session-body';
import { checkSecondFactor } from '../../services/two-factor/second-factor-check';
import {
  completeSecondStep,
  findPendingSignIn,
} from '../../services/two-factor/sign-in-second-step';
import { clientIp } from '../pipeline/client-ip';
import { signInDevice } from '../pipeline/sign-in-device';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { signInCookies } from '../pipeline/session-cookie';
import { clearedTwoFactorCookie, TWO_FACTOR_COOKIE } from '../pipeline/two-factor-cookie';
import { twoFactorRoutes } from '@expiry-radar/shared/api/routes/two-factor-routes';

/**
 * `POST /auth/two-factor` `{code}`: the sign-in's second step. Needs the pending sign-in cookie
 * of a first step that passed (else 401); a code from the app or a recovery code starts the
 * session (a new id, as after any sign-in) and ends the pending sign-in. Wrong codes: 400, and
 * 429 for 15 minutes after the 5th in a row.
 */
export const handler = createHttpHandler(
  twoFactorRoutes.verifyTwoFactorSignIn,
  async ({ body, cookies, event, now, session, secureCookies }) => {
    const ip = clientIp(event);
    await enforceRateLimits([[RATE_LIMITS.twoFactorPerIp, ip]], now);
    const challengeId = cookies[TWO_FACTOR_COOKIE];
    const { user, challenge } = await findPendingSignIn(challengeId, now);
    const accepted = await checkSecondFactor({
      user,
      code: body.code,
      purpose: 'sign_in',
      now,
      ip,
    });
    await completeSecondStep(challengeId!, now);

    if (session) await deleteSession(session.sessionId);
    const newSession = await createSession(
      user.id,
      { method: challenge.method, secondFactor: true, device: signInDevice(event) },
      now,
    );
    await recordAccountEvent(user, AUDIT_ACTIONS.signedIn, now, {
      method: challenge.method,
      secondFactor: accepted.kind,
      ip,
    });
    return {
      body: {
        ...sessionBody(user),
        ...(challenge.redirect === null ? {} : { redirectTo: challenge.redirect }),
      },
      cookies: [
        clearedTwoFactorCookie(secureCookies),
        ...signInCookies(newSession, now, secureCookies),
      ],
    };
  },
);
