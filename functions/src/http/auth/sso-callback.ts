import { timingSafeEqual } from 'node:crypto';
import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';
import { emailDomainOf } from '@expiry-radar/shared/domain/organization-sign-in';
import { TWO_FACTOR_SIGN_IN_PAGE } from '@expiry-radar/shared/domain/two-factor';
import {
  completeSsoAuthorization,
  ssoRedirectUri,
  type SsoIdentity,
} from '../../adapters/sso-openid-client';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR } from '../../data/audit-events';
import {
  consumeSsoSignInState,
  findSsoConnection,
  listOrganizationDomains,
  type SsoSignInState,
} from '../../data/organization-sign-in-records';
import { createSession, deleteSession } from '../../data/session-records';
import { findUserById } from '../../data/user-records';
import { logger } from '../../platform/logger';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { findOrCreateSsoAccount } from '../../services/organizations/sso-accounts';
import { organizationAllowed } from '../../services/organizations/organization-owner';
import { ssoClientOf } from '../../services/organizations/sso-connections';
import { startSecondStep } from '../../services/two-factor/sign-in-second-step';
import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { signInCookies } from '../pipeline/session-cookie';
import { clearedSsoStateCookie, SSO_STATE_COOKIE } from '../pipeline/sso-state-cookie';
import { twoFactorCookie } from '../pipeline/two-factor-cookie';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';

export const SSO_FAILED_REDIRECT = '/login?error=sso_sign_in_failed';
export const SSO_OUTSIDE_DOMAINS_REDIRECT = '/login?error=sso_address_outside_domains';

/**
 * `GET /auth/sso/callback`: the pending sign-in is taken once by the browser's state cookie; the
 * state the provider returns must be that one, then openid-client checks the response's issuer,
 * the code exchange (PKCE) and the ID token (signature, issuer, audience, expiry, nonce). The
 * address it names must be in one of the organization's verified domains. A refusal changes
 * nothing and is in the organization owner's audit trail. Then the account is signed in (or
 * created, just in time), through the second step when it has two-factor on.
 */
export const handler = createHttpHandler(
  'ssoCallback',
  async ({ query, cookies, event, now, session, secureCookies }) => {
    const clearState = clearedSsoStateCookie(secureCookies);
    const fail = (redirectTo = SSO_FAILED_REDIRECT) => ({ redirectTo, cookies: [clearState] });
    const ip = clientIp(event);

    const browserState = cookies[SSO_STATE_COOKIE];
    if (!browserState) return fail();
    // Taken by the browser's own state, so a response carrying another state uses it up too.
    const pending = await consumeSsoSignInState(browserState, now);
    if (!pending) return fail();
    const refuse = async (reason: string, redirectTo = SSO_FAILED_REDIRECT) => {
      await recordRefusal(pending, reason, now, ip);
      return fail(redirectTo);
    };
    if (query.error) return refuse(`provider_error: ${query.error}`);
    if (!query.state || !query.code || !sameText(browserState, query.state)) {
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

    const domain = identity.email ? emailDomainOf(identity.email) : undefined;
    const domains = await listOrganizationDomains(pending.organizationId);
    const verified = domains.some((record) => record.verifiedAt && record.domain === domain);
    if (!identity.email || !verified) {
      return refuse(
        `address_outside_verified_domains: ${identity.email ?? 'none'}`,
        SSO_OUTSIDE_DOMAINS_REDIRECT,
      );
    }

    const outcome = await findOrCreateSsoAccount(
      { ...identity, email: identity.email },
      connection,
      now,
      ip,
    );
    const returnTo = appRedirectPath(pending.redirect) ?? DEFAULT_SIGN_IN_REDIRECT;
    const signInMetadata = {
      method: 'sso',
      organizationId: pending.organizationId,
      issuer: connection.issuer,
      subject: identity.subject,
      ip,
    };
    if (outcome.user.twoFactorEnabled) {
      const challenge = await startSecondStep({
        user: outcome.user,
        method: 'sso',
        redirect: returnTo,
        now,
      });
      return {
        redirectTo: TWO_FACTOR_SIGN_IN_PAGE,
        cookies: [clearState, twoFactorCookie(challenge.challengeId, secureCookies)],
      };
    }
    if (session) await deleteSession(session.sessionId);
    const newSession = await createSession(outcome.user.id, now);
    await recordAccountEvent(outcome.user, AUDIT_ACTIONS.signedIn, now, signInMetadata);
    const redirectTo =
      outcome.created && returnTo === DEFAULT_SIGN_IN_REDIRECT
        ? `${DEFAULT_SIGN_IN_REDIRECT}?new_user=true`
        : returnTo;
    return {
      redirectTo,
      cookies: [clearState, ...signInCookies(newSession, now, secureCookies)],
    };
  },
);

async function recordRefusal(pending: SsoSignInState, reason: string, now: Date, ip: string) {
  const owner = await findUserById(pending.organizationId);
  if (!owner || !organizationAllowed(owner)) return;
  await recordAuditEvent({
    scope: { type: 'user', userId: owner.id },
    action: AUDIT_ACTIONS.ssoSignInRefused,
    actor: SYSTEM_ACTOR,
    target: { type: 'organization', id: owner.id, name: owner.email },
    plan: owner.plan,
    metadata: { email: pending.email, reason: reason.slice(0, 300), ip },
    now,
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
