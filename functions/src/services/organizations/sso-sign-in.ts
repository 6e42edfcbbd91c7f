/**
 * What OpenID Connect and SAML sign-ins share once the provider's answer has been checked: the
 * address must be in one of the organization's verified domains, the account is found by the
 * provider's subject or the address (or created, just in time), and a refusal is in the
 * organization owner's audit trail ("SSO sign-in refused", with the reason) and changes nothing.
 */
import { emailDomainOf } from '@expiry-radar/shared/domain/organization-sign-in';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR } from '../../data/audit-events';
import {
  listOrganizationDomains,
  type SsoConnectionRecord,
} from '../../data/organization-sign-in-records';
import { findScimUser } from '../../data/scim-records';
import { findUserById, type UserRecord } from '../../data/user-records';
import { findOrCreateSsoAccount } from './sso-accounts';
import { organizationAllowed } from './organization-owner';

export const SSO_FAILED_REDIRECT = '/login?error=sso_sign_in_failed';
export const SSO_OUTSIDE_DOMAINS_REDIRECT = '/login?error=sso_address_outside_domains';
export const SSO_LINKED_ELSEWHERE_REDIRECT = '/login?error=sso_account_linked_elsewhere';
export const SSO_DEACTIVATED_REDIRECT = '/login?error=sso_account_deactivated';

export interface SsoRefusal {
  readonly organizationId: string;
  /** The address the sign-in started with (or, when none is known yet, the provider's). */
  readonly email: string;
  readonly reason: string;
  readonly ip: string;
  readonly now: Date;
}

export async function recordSsoRefusal(refusal: SsoRefusal): Promise<void> {
  const owner = await findUserById(refusal.organizationId);
  if (!owner || !organizationAllowed(owner)) return;
  await recordAuditEvent({
    scope: { type: 'user', userId: owner.id },
    action: AUDIT_ACTIONS.ssoSignInRefused,
    actor: SYSTEM_ACTOR,
    target: { type: 'organization', id: owner.id, name: owner.email },
    plan: owner.plan,
    metadata: { email: refusal.email, reason: refusal.reason.slice(0, 300), ip: refusal.ip },
    now: refusal.now,
  });
}

export interface CheckedSsoIdentity {
  readonly subject: string | undefined;
  readonly email: string | undefined;
  readonly name: string | undefined;
}

export type SsoSignInAccount =
  | { readonly kind: 'account'; readonly user: UserRecord; readonly created: boolean }
  | { readonly kind: 'refused'; readonly redirectTo: string };

/** The account the checked identity signs in to, or where the login page explains a refusal. */
export async function ssoSignInAccount(options: {
  readonly connection: SsoConnectionRecord;
  readonly identity: CheckedSsoIdentity;
  /** The address the sign-in started with, for the refusal's audit event. */
  readonly requestedEmail: string;
  readonly now: Date;
  readonly ip: string;
}): Promise<SsoSignInAccount> {
  const { connection, identity, now, ip } = options;
  const refuse = async (reason: string, redirectTo: string): Promise<SsoSignInAccount> => {
    await recordSsoRefusal({
      organizationId: connection.organizationId,
      email: options.requestedEmail,
      reason,
      ip,
      now,
    });
    return { kind: 'refused', redirectTo };
  };
  const domain = identity.email ? emailDomainOf(identity.email) : undefined;
  const domains = await listOrganizationDomains(connection.organizationId);
  const verified = domains.some((record) => record.verifiedAt && record.domain === domain);
  if (!identity.email || !verified) {
    return refuse(
      `address_outside_verified_domains: ${identity.email ?? 'none'}`,
      SSO_OUTSIDE_DOMAINS_REDIRECT,
    );
  }
  const account = await findOrCreateSsoAccount(
    { subject: identity.subject, email: identity.email, name: identity.name },
    connection,
    now,
    ip,
  );
  if (account.kind === 'refused') {
    return refuse(`${account.reason}: ${identity.email}`, SSO_LINKED_ELSEWHERE_REDIRECT);
  }
  // Deactivated through SCIM: the provider said this person left, whatever it answers now (the
  // organization's owner excepted, as Require SSO never holds them).
  const provisioned = await findScimUser(connection.organizationId, account.user.id);
  if (provisioned && !provisioned.active && account.user.id !== connection.organizationId) {
    return refuse(`deactivated_by_scim: ${identity.email}`, SSO_DEACTIVATED_REDIRECT);
  }
  return { kind: 'account', user: account.user, created: account.created };
}

/**
 * Whether the provider took care of the second factor: the connection says it enforces
 * multi-factor sign-in, or (OpenID Connect) the ID token's `amr` says it was used (RFC 8176).
 */
export function secondFactorByProvider(
  connection: Pick<SsoConnectionRecord, 'providerEnforcesMfa'>,
  authenticationMethods: readonly string[] = [],
): boolean {
  return connection.providerEnforcesMfa === true || authenticationMethods.includes('mfa');
}
