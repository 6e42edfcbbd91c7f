import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';
import { googleOpenIdProvider, googleRedirectUri } from '../../adapters/google-openid-client';
import type { GoogleIdentity } from '../../domain/google-identity';
import { consumeGoogleSignInState } from '../../data/google-sign-in-records';
import { AppError } from '../../platform/app-error';
import { getConfig, isGoogleSignInConfigured } from '../../platform/config';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { logger } from '../../platform/logger';
import { findOrCreateGoogleAccount } from '../../services/accounts/google-account';
import { findUserIdByEmail } from '../../data/user-records';
import { clientIp } from '../pipeline/client-ip';
import { clearedGoogleStateCookie, GOOGLE_STATE_COOKIE } from '../pipeline/google-state-cookie';
import { finishExternalSignIn } from './finish-external-sign-in';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';
import { ssoRequiredFor } from '../../services/organizations/sso-connections';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';
import { sameSecretText } from '../../domain/constant-time';

export const GOOGLE_FAILED_REDIRECT = '/login?error=google_sign_in_failed';
export const GOOGLE_UNVERIFIED_REDIRECT = '/login?error=google_email_unverified';
export const SSO_REQUIRED_REDIRECT = '/login?error=sso_required';

/**
 * `GET /auth/google/callback`: checks the state against the browser's cookie and the stored
 * request, exchanges the code (PKCE, nonce), then signs in the linked account, links an account
 * with the same Google-verified address (taking over as new one whose address was never
 * verified), or creates one; and returns to the app path asked for, if it is one. An account
 * with two-factor authentication goes to the second step's page with a pending sign-in cookie
 * instead (the app path waits in the pending sign-in).
 */
export const handler = createHttpHandler(
  accountRoutes.googleCallback,
  async ({ query, cookies, event, now, session, secureCookies }) => {
    const { google } = getConfig();
    if (!isGoogleSignInConfigured(google)) throw new AppError('NOT_FOUND');
    const clearState = clearedGoogleStateCookie(secureCookies);
    const fail = (redirectTo: string) => ({ redirectTo, cookies: [clearState] });

    const browserState = cookies[GOOGLE_STATE_COOKIE];
    if (query.error || !query.code || !query.state || !browserState) {
      return fail(GOOGLE_FAILED_REDIRECT);
    }
    if (!sameSecretText(browserState, query.state)) return fail(GOOGLE_FAILED_REDIRECT);
    const pending = await consumeGoogleSignInState(query.state, now);
    if (!pending) return fail(GOOGLE_FAILED_REDIRECT);

    const callbackUrl = new URL(await googleRedirectUri(google));
    callbackUrl.search = event.rawQueryString;
    let identity: GoogleIdentity;
    try {
      identity = await googleOpenIdProvider(google).completeAuthorization(callbackUrl, {
        state: query.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      logger.warn('Google sign-in failed', { error: error as Error });
      return fail(GOOGLE_FAILED_REDIRECT);
    }

    const ip = clientIp(event);
    if (
      identity.email &&
      (await ssoRequiredFor(identity.email, await findUserIdByEmail(identity.email)))
    ) {
      return fail(SSO_REQUIRED_REDIRECT);
    }
    const outcome = await findOrCreateGoogleAccount(identity, now, ip);
    if (!outcome) return fail(GOOGLE_UNVERIFIED_REDIRECT);
    // A linked Google identity may name another address than the account's own.
    if (await ssoRequiredFor(outcome.user.email, outcome.user.id)) {
      return fail(SSO_REQUIRED_REDIRECT);
    }

    return finishExternalSignIn({
      user: outcome.user,
      created: outcome.created,
      method: 'google',
      returnTo: appRedirectPath(pending.redirect) ?? DEFAULT_SIGN_IN_REDIRECT,
      currentSessionId: session?.sessionId,
      userAgent: event.headers['user-agent'],
      cookies: [clearState],
      audit: { ip },
      now,
      secureCookies,
    });
  },
);
