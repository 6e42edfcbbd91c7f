import { TWO_FACTOR_SIGN_IN_PAGE } from '@expiry-radar/shared/domain/two-factor';
import { describeDevice } from '../../domain/device-description';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createSession, deleteSession } from '../../data/session-records';
import type { UserRecord } from '../../data/user-records';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { startSecondStep } from '../../services/two-factor/sign-in-second-step';
import type { RouteResponse } from '../pipeline/http-types';
import { signInCookies } from '../pipeline/session-cookie';
import { twoFactorCookie } from '../pipeline/two-factor-cookie';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';

export interface ExternalSignIn {
  readonly user: UserRecord;
  /** New to its owner: the dashboard then opens with its welcome. */
  readonly created: boolean;
  readonly method: 'google' | 'sso';
  /** The app path to land on (already checked to be one). */
  readonly returnTo: string;
  /** The browser's current session, replaced by the new one. */
  readonly currentSessionId: string | undefined;
  /** The sign-in request's User-Agent: its session keeps the device it names. */
  readonly userAgent: string | undefined;
  /** Cookies to send with every outcome (the provider's state cookie cleared). */
  readonly cookies: readonly string[];
  /** What the sign-in's audit event says besides its method. */
  readonly audit: Readonly<Record<string, unknown>>;
  /**
   * The identity provider enforces multi-factor sign-in (the SSO connection says so): the
   * product's own second step is skipped for this sign-in.
   */
  readonly secondFactorByProvider?: boolean;
  readonly now: Date;
  readonly secureCookies: boolean;
}

/**
 * The end every external sign-in (Google, OpenID Connect, SAML) shares once the provider's answer
 * has been checked and its account found or created: the second step for an account with
 * two-factor on (unless the provider did it), else a new session in place of the browser's
 * current one, the sign-in audited, and the redirect to the app path (with the welcome for a
 * new account).
 */
export async function finishExternalSignIn(signIn: ExternalSignIn): Promise<RouteResponse> {
  const { user, now, secureCookies } = signIn;
  if (user.twoFactorEnabled && !signIn.secondFactorByProvider) {
    const challenge = await startSecondStep({
      user,
      method: signIn.method,
      redirect: signIn.returnTo,
      now,
    });
    return {
      redirectTo: TWO_FACTOR_SIGN_IN_PAGE,
      cookies: [...signIn.cookies, twoFactorCookie(challenge.challengeId, secureCookies)],
    };
  }
  if (signIn.currentSessionId) await deleteSession(signIn.currentSessionId);
  const session = await createSession(
    user.id,
    {
      method: signIn.method,
      secondFactor: user.twoFactorEnabled,
      device: describeDevice(signIn.userAgent),
    },
    now,
  );
  await recordAccountEvent(user, AUDIT_ACTIONS.signedIn, now, {
    method: signIn.method,
    ...signIn.audit,
    ...(user.twoFactorEnabled ? { secondFactor: 'identity_provider' } : {}),
  });
  const redirectTo =
    signIn.created && signIn.returnTo === DEFAULT_SIGN_IN_REDIRECT
      ? `${DEFAULT_SIGN_IN_REDIRECT}?new_user=true`
      : signIn.returnTo;
  return {
    redirectTo,
    cookies: [...signIn.cookies, ...signInCookies(session, now, secureCookies)],
  };
}
