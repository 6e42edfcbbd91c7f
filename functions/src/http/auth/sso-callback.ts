import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';
import {
  completeSsoAuthorization,
  ssoRedirectUri,
  type SsoIdentity,
} from '../../adapters/sso-openid-client';
import { consumeSsoSignInState, findSsoConnection } from '../../data/organization-sign-in-records';
import { logger } from '../../platform/logger';
import { ssoClientOf } from '../../services/organizations/sso-connections';
import {
  recordSsoRefusal,
  secondFactorByProvider,
  SSO_FAILED_REDIRECT,
  SSO_OUTSIDE_DOMAINS_REDIRECT,
  ssoSignInAccount,
} from '../../services/organizations/sso-sign-in';
import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { clearedSsoStateCookie, SSO_STATE_COOKIE } from '../pipeline/sso-state-cookie';
import { finishExternalSignIn } from './finish-external-sign-in';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';
import { ssoRoutes } from '@expiry-radar/shared/api/routes/sso-routes';
import { sameSecretText } from '../../domain/constant-time';

export { SSO_FAILED_REDIRECT, SSO_OUTSIDE_DOMAINS_REDIRECT };

/**
 * `GET /auth/sso/callback`: the pending sign-in is taken once by the browser's state cookie; the
 * state the provider returns must be that one, then openid-client checks the response's issuer,
 * the code exchange (PKCE) and the ID token (signature, issuer, audience, expiry, nonce). The
 * address it names must be in one of the organization's verified domains. A refusal changes
 * nothing and is in the organization owner's audit trail. Then the account the provider's subject
 * or address names is signed in (or created, just in time; services/organizations/sso-sign-in.ts)
 * through the end every external sign-in shares (finish-external-sign-in.ts).
 */
export const handler = createHttpHandler(
  ssoRoutes.ssoCallback,
  async ({ query, cookies, event, now, session, secureCookies }) => {
    const clearState = clearedSsoStateCookie(secureCookies);
    const fail = (redirectTo = SSO_FAILED_REDIRECT) => ({ redirectTo, cookies: [clearState] });
    const ip = clientIp(event);

    const browserState = cookies[SSO_STATE_COOKIE];
    if (!browserState) return fail();
    // Taken by the browser's own state, so a response carrying another state uses it up too.
    const pending = await consumeSsoSignInState(browserState, now);
    if (!pending) return fail();
    const refuse = async (reason: string) => {
      await recordSsoRefusal({
        organizationId: pending.organizationId,
        email: pending.email,
        reason,
        ip,
        now,
      });
      return fail();
    };
    if (query.error) return refuse(`provider_error: ${query.error}`);
    if (!query.state || !query.code || !sameSecretText(browserState, query.state)) {
      return refuse('state_mismatch');
    }
    const connection = await findSsoConnection(pending.organizationId);
    if (!connection) return refuse('connection_removed');

    const callbackUrl = new URL(await ssoRedirectUri());
    callbackUrl.search = event.rawQueryString;
    let identity: SsoIdentity;
    try {
      identity = await completeSsoAuthorization(await ssoClientOf(connection), callbackUrl, {
        state: browserState,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      logger.warn('SSO response refused', { error: error as Error });
      return refuse(`response_refused: ${(error as Error).message}`);
    }

    const account = await ssoSignInAccount({
      connection,
      identity,
      requestedEmail: pending.email,
      now,
      ip,
    });
    if (account.kind === 'refused') return fail(account.redirectTo);
    return finishExternalSignIn({
      user: account.user,
      created: account.created,
      method: 'sso',
      returnTo: appRedirectPath(pending.redirect) ?? DEFAULT_SIGN_IN_REDIRECT,
      currentSessionId: session?.sessionId,
      userAgent: event.headers['user-agent'],
      cookies: [clearState],
      audit: {
        organizationId: pending.organizationId,
        protocol: 'oidc',
        issuer: connection.issuer,
        subject: identity.subject,
        ip,
      },
      secondFactorByProvider: secondFactorByProvider(connection, identity.authenticationMethods),
      now,
      secureCookies,
    });
  },
);
