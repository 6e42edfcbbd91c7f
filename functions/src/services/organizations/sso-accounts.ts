/**
 * The account an SSO sign-in lands in. The provider's subject (OIDC issuer + `sub`, SAML IdP
 * entity id + persistent NameID) decides first: once linked, it signs in to that account whatever
 * address the provider names later (an address changed at the provider keeps the account).
 * Unlinked, it is the account holding the address the provider names (its address counts as
 * verified from then on), else a new one, verified, that joins the connection's default
 * workspace with its default role (just in time); either is then linked to the subject. An
 * account holding the address that is linked to another subject of the same provider is
 * refused (the address passed to someone else at the provider). An account holding the address
 * without ever having verified it is replaced, as Google sign-in replaces one.
 */
import { defaultDisplayName } from '../../domain/account-policy';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import { addMember, countMembersAndInvitations } from '../../data/member-records';
import { canAddWithinLimit, isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type { SsoConnectionRecord } from '../../data/organization-sign-in-records';
import {
  findSsoIdentity,
  linkSsoIdentity,
  listSsoIdentitiesOfUser,
  type SsoSubject,
} from '../../data/sso-identity-records';
import {
  EmailTakenError,
  findUserById,
  findUserIdByEmail,
  type UserRecord,
} from '../../data/user-records';
import { recordAccountEvent } from '../accounts/account-audit';
import { deleteAccount } from '../accounts/account-deletion';

export interface SsoProfile {
  /** The provider's stable subject; undefined when it sends none (a transient NameID). */
  readonly subject: string | undefined;
  readonly email: string;
  readonly name: string | undefined;
}

export type SsoAccount =
  | { readonly kind: 'account'; readonly user: UserRecord; readonly created: boolean }
  | { readonly kind: 'refused'; readonly reason: 'address_linked_to_another_subject' };

export async function findOrCreateSsoAccount(
  identity: SsoProfile,
  connection: SsoConnectionRecord,
  now: Date,
  ip: string,
): Promise<SsoAccount> {
  const subject: SsoSubject | undefined = identity.subject
    ? {
        organizationId: connection.organizationId,
        issuer: connection.issuer,
        subject: identity.subject,
      }
    : undefined;
  for (let round = 1; round <= 3; round += 1) {
    const link = subject ? await findSsoIdentity(subject) : undefined;
    const linked = link ? await findUserById(link.userId) : undefined;
    if (linked) return { kind: 'account', user: linked, created: false };

    const existingId = await findUserIdByEmail(identity.email);
    const existing = existingId ? await findUserById(existingId) : undefined;
    if (existing?.emailVerified) {
      if (subject && (await linkedToAnotherSubject(existing.id, subject))) {
        return { kind: 'refused', reason: 'address_linked_to_another_subject' };
      }
      if (subject) await linkSsoIdentity(subject, existing.id, now);
      return { kind: 'account', user: existing, created: false };
    }
    if (existing) {
      // Set up by someone else in advance, maybe: as with Google sign-in, never land in it.
      await recordAccountEvent(existing, AUDIT_ACTIONS.deleted, now, {
        reason: 'unverified_address_claimed_with_sso',
        ip,
      });
      await deleteAccount(existing.id, now);
    }
    try {
      const created = await createSsoAccount(identity, connection, now, ip);
      if (subject) await linkSsoIdentity(subject, created.user.id, now);
      return created;
    } catch (error) {
      // Registered with this address a moment ago: sign in to that account instead.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
  throw new Error('SSO sign-in: the account kept changing');
}

async function linkedToAnotherSubject(userId: string, subject: SsoSubject): Promise<boolean> {
  const links = await listSsoIdentitiesOfUser(userId);
  return links.some(
    (link) =>
      link.organizationId === subject.organizationId &&
      link.issuer === subject.issuer &&
      link.subject !== subject.subject,
  );
}

async function createSsoAccount(
  identity: SsoProfile,
  connection: SsoConnectionRecord,
  now: Date,
  ip: string,
): Promise<SsoAccount & { kind: 'account' }> {
  const { user, workspaceId } = await createAccount(
    {
      email: identity.email,
      displayName: identity.name ?? defaultDisplayName(identity.email),
      name: identity.name ?? null,
      avatar: null,
      passwordHash: null,
      emailVerified: true,
    },
    now,
  );
  await recordAccountEvent(user, AUDIT_ACTIONS.registered, now, {
    method: 'sso',
    organizationId: connection.organizationId,
    workspaceId,
    ip,
  });
  const owner = await findUserById(connection.organizationId);
  const plan = owner && isPlan(owner.plan) ? owner.plan : 'free';
  const members = await countMembersAndInvitations(connection.defaultWorkspaceId);
  // A full workspace takes nobody more: the account exists, and an admin can make room.
  if (!canAddWithinLimit(PLAN_LIMITS[plan].membersPerWorkspace, members)) {
    return { kind: 'account', user, created: true };
  }
  const joined = await addMember({
    workspaceId: connection.defaultWorkspaceId,
    userId: user.id,
    role: connection.defaultRole,
    now,
  });
  if (joined) {
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: connection.defaultWorkspaceId },
      action: AUDIT_ACTIONS.memberAdded,
      actor: { id: user.id, email: user.email },
      target: { type: 'user', id: user.id, name: user.email },
      plan,
      metadata: { role: connection.defaultRole, method: 'sso_just_in_time' },
      now,
    });
  }
  return { kind: 'account', user, created: true };
}
