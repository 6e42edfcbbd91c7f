/**
 * SCIM Users of an organization (RFC 7644 §3): created as verified accounts of an address in
 * the organization's verified domains (an account that already holds the address is linked),
 * read, listed with filters and paging, replaced (PUT), patched and deleted. Every change is in
 * the owner's audit trail; deactivation (active false) ends the person's access in the same
 * request (scim-workspace-access.ts).
 */
import { emailDomainOf } from '@expiry-radar/shared/domain/organization-sign-in';
import { defaultDisplayName } from '../../domain/account-policy';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  findSsoConnection,
  listOrganizationDomains,
} from '../../data/organization-sign-in-records';
import {
  deleteScimUser,
  findScimUser,
  insertScimUser,
  listScimUserGroupIds,
  listScimUsers,
  putScimUser,
  removeScimGroupMembers,
  type ScimUserRecord,
} from '../../data/scim-records';
import {
  confirmEmailChange,
  EmailTakenError,
  findUserById,
  findUserIdByEmail,
  requestEmailChange,
  updateUserName,
  type UserRecord,
} from '../../data/user-records';
import {
  listResponse,
  matchesScimFilter,
  parsePatchOperations,
  parseScimFilter,
  ScimError,
  type ScimPage,
} from '../../domain/scim-protocol';
import { deleteAccount } from '../accounts/account-deletion';
import { recordScimEvent } from './scim-audit';
import type { ScimCaller } from './scim-tokens';
import {
  accountNameOf,
  draftOf,
  patchUserDraft,
  userDraftFromResource,
  userResource,
  type ScimUserDraft,
} from './scim-user-resource';
import {
  applyGroupAccess,
  endAccess,
  joinWorkspace,
  workspacesOfGroups,
  type DeactivationOutcome,
} from './scim-workspace-access';

const USER_FILTER_ATTRIBUTES = ['username', 'externalid', 'id', 'active', 'emails.value'];

const notFound = (id: string) => new ScimError(404, `User ${id} not found.`);

async function requireVerifiedDomain(caller: ScimCaller, userName: string): Promise<void> {
  const domain = emailDomainOf(userName);
  const domains = await listOrganizationDomains(caller.organizationId);
  const verified = domains.filter((record) => record.verifiedAt).map((record) => record.domain);
  if (!domain || !verified.includes(domain)) {
    throw new ScimError(
      400,
      `userName ${userName} is not in one of the organization's verified domains (${verified.join(', ') || 'none yet'}).`,
      'invalidValue',
    );
  }
}

async function loadUser(caller: ScimCaller, id: string) {
  const record = await findScimUser(caller.organizationId, id);
  const account = record ? await findUserById(record.userId) : undefined;
  if (!record || !account) throw notFound(id);
  return { record, account };
}

export async function getScimUser(caller: ScimCaller, id: string, baseUrl: string) {
  const { record, account } = await loadUser(caller, id);
  return userResource(record, account, baseUrl);
}

/** The account for a new User: the verified one holding the address, else a new one. */
async function accountFor(
  draft: ScimUserDraft,
  now: Date,
): Promise<{ user: UserRecord; created: boolean }> {
  const existingId = await findUserIdByEmail(draft.userName);
  const existing = existingId ? await findUserById(existingId) : undefined;
  if (existing?.emailVerified) return { user: existing, created: false };
  // Set up by someone else, maybe, and never verified: as SSO and Google sign-in do, replace it.
  if (existing) await deleteAccount(existing.id, now);
  const name = accountNameOf(draft);
  try {
    const { user } = await createAccount(
      {
        email: draft.userName,
        displayName: name ?? defaultDisplayName(draft.userName),
        name,
        avatar: null,
        passwordHash: null,
        emailVerified: true,
      },
      now,
    );
    return { user, created: true };
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw new ScimError(
        409,
        'An account with this userName was created meanwhile.',
        'uniqueness',
      );
    }
    throw error;
  }
}

/** The connection's default workspace and role, as for a first SSO sign-in. */
async function joinDefaultWorkspace(caller: ScimCaller, user: UserRecord, now: Date) {
  const connection = await findSsoConnection(caller.organizationId);
  if (!connection) return;
  await joinWorkspace(caller, user, connection.defaultWorkspaceId, connection.defaultRole, now);
}

export async function createScimUser(
  caller: ScimCaller,
  body: unknown,
  baseUrl: string,
  now: Date,
) {
  const draft = userDraftFromResource(body);
  await requireVerifiedDomain(caller, draft.userName);
  const { user, created } = await accountFor(draft, now);
  const record: ScimUserRecord = {
    organizationId: caller.organizationId,
    userId: user.id,
    userName: draft.userName,
    externalId: draft.externalId,
    givenName: draft.givenName,
    familyName: draft.familyName,
    active: draft.active,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await insertScimUser(record))) {
    throw new ScimError(
      409,
      `A User with userName ${draft.userName} exists already.`,
      'uniqueness',
    );
  }
  await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimUserCreated, target(user), now, {
    userName: record.userName,
    externalId: record.externalId,
    accountCreated: created,
    active: record.active,
  });
  if (record.active) await joinDefaultWorkspace(caller, user, now);
  return userResource(record, user, baseUrl);
}

const target = (user: Pick<UserRecord, 'id' | 'email'>) => ({
  type: 'user' as const,
  id: user.id,
  name: user.email,
});

export async function listScimUsersPage(
  caller: ScimCaller,
  filter: string | undefined,
  page: ScimPage,
  baseUrl: string,
) {
  const conditions = parseScimFilter(filter, USER_FILTER_ATTRIBUTES);
  const byUserName = conditions?.find((condition) => condition.attribute === 'username');
  let records: ScimUserRecord[];
  if (typeof byUserName?.value === 'string') {
    // The providers' lookup before every create: one read of the address's claim, not a listing.
    const userId = await findUserIdByEmail(byUserName.value.trim().toLowerCase());
    const record = userId ? await findScimUser(caller.organizationId, userId) : undefined;
    records = record ? [record] : [];
  } else {
    records = await listScimUsers(caller.organizationId);
  }
  // The account's address is the userName, so every filter reads the provisioning items only.
  const matching = records.filter((record) => {
    const values: Record<string, string | boolean | null> = {
      username: record.userName,
      externalid: record.externalId,
      id: record.userId,
      active: record.active,
      'emails.value': record.userName,
    };
    return matchesScimFilter(conditions, values);
  });
  const listed = listResponse(matching, page);
  // Only the page's accounts are read (an account deleted meanwhile is left out of the page).
  const resources = [];
  for (const record of listed.Resources) {
    const account = await findUserById(record.userId);
    if (account) resources.push(userResource(record, account, baseUrl));
  }
  return { ...listed, itemsPerPage: resources.length, Resources: resources };
}

/** Applies a new draft of the User: address, name, fields, and access when `active` changes. */
async function saveUser(
  caller: ScimCaller,
  record: ScimUserRecord,
  account: UserRecord,
  draft: ScimUserDraft,
  now: Date,
  baseUrl: string,
) {
  const changed: string[] = [];
  let current = account;
  if (draft.userName.toLowerCase() !== account.email.toLowerCase()) {
    await requireVerifiedDomain(caller, draft.userName);
    current = await changeAddress(account, draft.userName, now);
    changed.push('userName');
  }
  const name = accountNameOf(draft);
  if (name && name !== (account.name ?? account.displayName)) {
    await updateUserName(account.id, name, now);
    current = { ...current, name, displayName: name };
    changed.push('name');
  }
  if (draft.externalId !== record.externalId) changed.push('externalId');
  if (draft.givenName !== record.givenName || draft.familyName !== record.familyName) {
    if (!changed.includes('name')) changed.push('name');
  }
  const next: ScimUserRecord = {
    ...record,
    userName: draft.userName,
    externalId: draft.externalId,
    givenName: draft.givenName,
    familyName: draft.familyName,
    active: draft.active,
    updatedAt: now.toISOString(),
  };
  // Marked inactive first: from this write on, SSO refuses the person, whatever happens next.
  await putScimUser(next);
  if (!draft.active) {
    const outcome = await endAccess(caller, current, now);
    if (record.active || endedAnything(outcome)) {
      await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimUserDeactivated, target(current), now, {
        userName: next.userName,
        sessionsEnded: outcome.sessionsEnded,
        apiKeysDeleted: outcome.apiKeysDeleted,
        workspacesLeft: outcome.workspacesLeft,
      });
    }
  } else if (!record.active) {
    const groupIds = await listScimUserGroupIds(caller.organizationId, record.userId);
    await joinDefaultWorkspace(caller, current, now);
    await applyGroupAccess(
      caller,
      current,
      await workspacesOfGroups(caller.organizationId, groupIds),
      true,
      now,
    );
    await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimUserReactivated, target(current), now, {
      userName: next.userName,
    });
  }
  if (changed.length > 0) {
    await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimUserUpdated, target(current), now, {
      changed,
      userName: next.userName,
      previousUserName: record.userName,
    });
  }
  return userResource(next, current, baseUrl);
}

function endedAnything(outcome: DeactivationOutcome): boolean {
  return (
    outcome.sessionsEnded > 0 || outcome.apiKeysDeleted > 0 || outcome.workspacesLeft.length > 0
  );
}

/** Moves the account to the provider's new address (verified: the organization owns its domain). */
async function changeAddress(account: UserRecord, email: string, now: Date): Promise<UserRecord> {
  const taken = await findUserIdByEmail(email);
  if (taken && taken !== account.id) {
    throw new ScimError(409, `Another account holds ${email}.`, 'uniqueness');
  }
  try {
    if (
      !(await requestEmailChange(account, email, now)) ||
      !(await confirmEmailChange(account, email, now))
    ) {
      throw new ScimError(409, 'The account changed meanwhile; send the request again.');
    }
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw new ScimError(409, `Another account holds ${email}.`, 'uniqueness');
    }
    throw error;
  }
  return { ...account, email };
}

export async function replaceScimUser(
  caller: ScimCaller,
  id: string,
  body: unknown,
  baseUrl: string,
  now: Date,
) {
  const { record, account } = await loadUser(caller, id);
  return saveUser(caller, record, account, userDraftFromResource(body), now, baseUrl);
}

export async function patchScimUser(
  caller: ScimCaller,
  id: string,
  body: unknown,
  baseUrl: string,
  now: Date,
) {
  const operations = parsePatchOperations(body);
  const { record, account } = await loadUser(caller, id);
  const draft = patchUserDraft(draftOf(record, account), operations);
  return saveUser(caller, record, account, draft, now, baseUrl);
}

/**
 * Deletes the User: their access ends as on deactivation, they leave every group, and the
 * organization forgets them. The account itself stays (its own workspace and tokens are the
 * person's), signed out; provisioning the address again links it anew.
 */
export async function deleteScimUserResource(caller: ScimCaller, id: string, now: Date) {
  const { record, account } = await loadUser(caller, id);
  await putScimUser({ ...record, active: false, updatedAt: now.toISOString() });
  const outcome = await endAccess(caller, account, now);
  const groupIds = await listScimUserGroupIds(caller.organizationId, id);
  for (const groupId of groupIds) {
    await removeScimGroupMembers(caller.organizationId, groupId, [id]);
  }
  await deleteScimUser(caller.organizationId, id);
  await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimUserDeleted, target(account), now, {
    userName: record.userName,
    sessionsEnded: outcome.sessionsEnded,
    apiKeysDeleted: outcome.apiKeysDeleted,
    workspacesLeft: outcome.workspacesLeft,
    groupsLeft: groupIds.length,
  });
}
