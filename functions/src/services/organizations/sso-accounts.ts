/**
 * The account an SSO sign-in lands in: the one holding the address the provider names (its
 * address counts as verified from then on), else a new one, verified, that joins the
 * connection's default workspace with its default role (just-in-time). An account holding the
 * address without ever having verified it is replaced, as Google sign-in replaces one.
 */
import { defaultDisplayName } from '../../domain/account-policy';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import { addMember, countMembersAndInvitations } from '../../data/member-records';
import { canAddWithinLimit, isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type { SsoConnectionRecord } from '../../data/organization-sign-in-records';
import {
  EmailTakenError,
  findUserById,
  findUserIdByEmail,
  type UserRecord,
} from '../../data/user-records';
import type { SsoIdentity } from '../../adapters/sso-openid-client';
import { recordAccountEvent } from '../accounts/account-audit';
import { deleteAccount } from '../accounts/account-deletion';

export interface SsoAccount {
  readonly user: UserRecord;
  readonly created: boolean;
}

export async function findOrCreateSsoAccount(
  identity: SsoIdentity & { email: string },
  connection: SsoConnectionRecord,
  now: Date,
  ip: string,
): Promise<SsoAccount> {
  for (let round = 1; round <= 3; round += 1) {
    const existingId = await findUserIdByEmail(identity.email);
    const existing = existingId ? await findUserById(existingId) : undefined;
    if (existing?.emailVerified) return { user: existing, created: false };
    if (existing) {
      // Set up by someone else in advance, maybe: as with Google sign-in, never land in it.
      await recordAccountEvent(existing, AUDIT_ACTIONS.deleted, now, {
        reason: 'unverified_address_claimed_with_sso',
        ip,
      });
      await deleteAccount(existing.id, now);
    }
    try {
      return await createSsoAccount(identity, connection, now, ip);
    } catch (error) {
      // Registered with this address a moment ago: sign in to that account instead.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
  throw new Error('SSO sign-in: the account kept changing');
}

async function createSsoAccount(
  identity: SsoIdentity & { email: string },
  connection: SsoConnectionRecord,
  now: Date,
  ip: string,
): Promise<SsoAccount> {
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
    return { user, created: true };
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
  return { user, created: true };
}
