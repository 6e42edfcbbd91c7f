/**
 * The account a Google sign-in lands in: the one linked to the Google identity, else the
 * verified one holding the Google-verified address (linked to it), else a new one (replacing an
 * account that holds the address without ever having verified it).
 */
import { defaultDisplayName } from '../../domain/account-policy';
import type { GoogleIdentity } from '../../domain/google-identity';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { findUserIdByGoogleSubject, linkGoogleIdentity } from '../../data/google-sign-in-records';
import {
  EmailTakenError,
  findUserById,
  findUserCredentials,
  findUserIdByEmail,
  type UserRecord,
} from '../../data/user-records';
import { recordAccountEvent } from './account-audit';
import { deleteAccount } from './account-deletion';

export interface GoogleAccount {
  readonly user: UserRecord;
  /** New to its owner: just created (replacing, if any, an account that never verified it). */
  readonly created: boolean;
}

/** Another request changing the same account can send the lookup round again, this often. */
const MAX_ROUNDS = 3;

/** Undefined when Google did not vouch for an address (no account is created or linked). */
export async function findOrCreateGoogleAccount(
  identity: GoogleIdentity,
  now: Date,
  ip: string,
): Promise<GoogleAccount | undefined> {
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const linkedUserId = await findUserIdByGoogleSubject(identity.subject);
    const linked = linkedUserId ? await findUserById(linkedUserId) : undefined;
    if (linked) return { user: linked, created: false };
    if (!identity.email || !identity.emailVerified) return undefined;

    const existingId = await findUserIdByEmail(identity.email);
    if (existingId) {
      const account = await linkExistingAccount(existingId, identity, now, ip);
      if (account) return account;
      continue;
    }
    try {
      return await createGoogleAccount(identity, identity.email, now, ip);
    } catch (error) {
      // Registered with this address a moment ago: link that account instead.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
  throw new Error('Google sign-in: the account kept changing');
}

function googleProfile(identity: GoogleIdentity, email: string) {
  return {
    displayName: identity.name ?? defaultDisplayName(email),
    name: identity.name ?? null,
    avatar: identity.picture ?? null,
  };
}

async function createGoogleAccount(
  identity: GoogleIdentity,
  email: string,
  now: Date,
  ip: string,
  metadata: Record<string, unknown> = {},
): Promise<GoogleAccount> {
  const { user, workspaceId } = await createAccount(
    {
      email,
      ...googleProfile(identity, email),
      passwordHash: null,
      emailVerified: true,
      googleSubject: identity.subject,
    },
    now,
  );
  await recordAccountEvent(user, AUDIT_ACTIONS.registered, now, {
    method: 'google',
    workspaceId,
    ip,
    ...metadata,
  });
  return { user, created: true };
}

/**
 * A verified account is linked as it is. An account whose address was never verified may have
 * been set up by someone else in advance, waiting for the address's owner (with its own Google
 * link, API keys, second factor, or a workspace shared with another of its holder's accounts):
 * the owner never lands in it. It is deleted as its holder would delete it (its workspaces pass
 * to their successors or go, every session, key, link and reset link ends) and the owner gets a
 * fresh account. Undefined when the account changed meanwhile, to look again.
 */
async function linkExistingAccount(
  userId: string,
  identity: GoogleIdentity,
  now: Date,
  ip: string,
): Promise<GoogleAccount | undefined> {
  const credentials = await findUserCredentials(userId);
  if (!credentials) return undefined;
  const { user, passwordHash } = credentials;
  if (user.emailVerified) {
    await linkGoogleIdentity(userId, identity.subject, now);
    await recordAccountEvent(user, AUDIT_ACTIONS.googleLinked, now, { ip });
    return { user, created: false };
  }

  await recordAccountEvent(user, AUDIT_ACTIONS.deleted, now, {
    reason: 'unverified_address_claimed_with_google',
    ip,
  });
  await deleteAccount(userId, now);
  try {
    return await createGoogleAccount(identity, user.email, now, ip, {
      replacedUnverifiedAccount: true,
      passwordRemoved: passwordHash !== null,
    });
  } catch (error) {
    // Registered with this address a moment ago: look again.
    if (error instanceof EmailTakenError) return undefined;
    throw error;
  }
}
