import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';
import type { SamlIdentity } from '../../adapters/saml-service-provider';
import { findSsoConnection } from '../../data/organization-sign-in-records';
import {
  findSamlRequest,
  markSamlRequestAnswered,
  rememberSamlAssertion,
} from '../../data/saml-sign-in-records';
import { logger } from '../../platform/logger';
import { identityProviderOf } from '../../services/organizations/sso-connections';
import {
  recordSsoRefusal,
  secondFactorByProvider,
  SSO_FAILED_REDIRECT,
  ssoSignInAccount,
} from '../../services/organizations/sso-sign-in';
import { sameSecretText } from '../../domain/constant-time';
import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { clearedSamlStateCookie, SAML_STATE_COOKIE } from '../pipeline/saml-state-cookie';
import { finishExternalSignIn } from './finish-external-sign-in';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';
import { ssoRoutes } from '@expiry-radar/shared/api/routes/sso-routes';

/**
 * `POST /auth/saml/acs`: the IdP's response, posted by the browser (HTTP-POST binding). The
 * RelayState names the request we sent, and must be the one this browser's state cookie holds
 * (pipeline/saml-state-cookie.ts); the response must answer it (InResponseTo) and pass
 * node-saml's checks (signed assertion, issuer, audience, recipient, destination, time window;
 * adapters/saml-service-provider.ts); its assertion id is remembered until it expires, so a
 * replay is refused, and the request is answered once. The address it names must be in one of
 * the organization's verified domains. Every refusal changes nothing and is in the organization
 * owner's audit trail; the login page explains it. Then the account the NameID or the address
 * names is signed in (or created, just in time) as after any SSO sign-in.
 *
 * SAML's adapter (its XML libraries, about 700 KB) is imported when a response is checked: an
 * answer that refuses the post before (no form body, no request of ours) does without it.
 */
export const handler = createHttpHandler(
  ssoRoutes.samlAcs,
  async ({ body, cookies, event, now, secureCookies }) => {
    const ip = clientIp(event);
    const clearState = clearedSamlStateCookie(secureCookies);
    const fail = () => ({ redirectTo: SSO_FAILED_REDIRECT, cookies: [clearState] });
    const relayState = body.RelayState;
    const pending = relayState ? await findSamlRequest(relayState) : undefined;
    if (!relayState || !pending) {
      // Nothing names the organization: an unsolicited (IdP-initiated) or forged post.
      logger.info('SAML response without a request of ours refused');
      return fail();
    }
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
    const browserState = cookies[SAML_STATE_COOKIE];
    if (!browserState || !sameSecretText(browserState, relayState)) {
      // Posted in a browser that did not start this sign-in (login CSRF): the request stays
      // open for the browser that did.
      return refuse('browser_mismatch');
    }
    if (pending.expiresAt <= now.toISOString()) return refuse('request_expired');
    const connection = await findSsoConnection(pending.organizationId);
    if (connection?.protocol !== 'saml') return refuse('connection_changed');

    const { completeSamlResponse, SamlResponseRefused } =
      await import('../../adapters/saml-service-provider');
    let identity: SamlIdentity;
    try {
      identity = await completeSamlResponse(
        identityProviderOf(connection),
        body.SAMLResponse,
        pending.requestId,
        now,
      );
    } catch (error) {
      if (!(error instanceof SamlResponseRefused)) throw error;
      logger.warn('SAML response refused', { reason: error.reason, error });
      return refuse(`${error.reason}: ${error.message}`);
    }
    const fresh = await rememberSamlAssertion(
      {
        organizationId: pending.organizationId,
        issuer: connection.issuer,
        assertionId: identity.assertionId,
        expiresAt: identity.acceptableUntil,
      },
      now,
    );
    if (!fresh) return refuse(`assertion_replayed: ${identity.assertionId}`);
    if (!(await markSamlRequestAnswered(relayState, now))) {
      return refuse('request_already_answered');
    }

    const account = await ssoSignInAccount({
      connection,
      identity,
      requestedEmail: pending.email,
      now,
      ip,
    });
    if (account.kind === 'refused')
      return { redirectTo: account.redirectTo, cookies: [clearState] };
    return finishExternalSignIn({
      user: account.user,
      created: account.created,
      method: 'sso',
      returnTo: appRedirectPath(pending.redirect) ?? DEFAULT_SIGN_IN_REDIRECT,
      // The IdP's cross-site post carries no SameSite=Lax session cookie to replace.
      currentSessionId: undefined,
      userAgent: event.headers['user-agent'],
      cookies: [clearState],
      audit: {
        organizationId: pending.organizationId,
        protocol: 'saml',
        issuer: connection.issuer,
        subject: identity.subject ?? null,
        ip,
      },
      secondFactorByProvider: secondFactorByProvider(connection),
      now,
      secureCookies,
    });
  },
);
