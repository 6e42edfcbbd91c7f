/**
 * SCIM Groups of an organization (RFC 7644 §3): created, read, listed with filters and paging,
 * replaced (PUT), patched (members added and removed as Entra ID and Okta send it) and deleted.
 * A group mapped to a workspace and role (on the organization page) gives its members that
 * access; every membership change is applied to the workspace in the same request.
 */
import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  addScimGroupMembers,
  deleteScimGroupItem,
  findScimGroup,
  findScimUser,
  insertScimGroup,
  listScimGroupMemberIds,
  listScimGroups,
  removeScimGroupMembers,
  updateScimGroupFields,
  type ScimGroupRecord,
} from '../../data/scim-records';
import { findUserById } from '../../data/user-records';
import {
  invalidValue,
  isRecord,
  listResponse,
  matchesScimFilter,
  optionalScimText,
  parsePatchOperations,
  parseScimFilter,
  SCIM_SCHEMAS,
  ScimError,
  type ScimPage,
  type ScimPatchOperation,
} from '../../domain/scim-protocol';
import { recordScimEvent } from './scim-audit';
import type { ScimCaller } from './scim-tokens';
import { applyGroupAccess } from './scim-workspace-access';

const GROUP_FILTER_ATTRIBUTES = ['displayname', 'externalid', 'id'];
const CORE_GROUP_PREFIX = `${SCIM_SCHEMAS.group.toLowerCase()}:`;
/** Okta's removal of one member: `members[value eq "<id>"]`. */
const MEMBER_VALUE_PATH = /^members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\]$/i;

const notFound = (id: string) => new ScimError(404, `Group ${id} not found.`);

function displayNameOf(value: unknown): string {
  const name = optionalScimText(value, 'displayName');
  if (!name) throw invalidValue('displayName is required.');
  return name;
}

/** The user ids of a `members` value: `[{ value: "<id>" }, …]`. */
function memberIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((member: unknown) => {
    if (!isRecord(member) || typeof member.value !== 'string' || member.value === '') {
      throw invalidValue('Each member must be an object with the User id as value.');
    }
    return member.value;
  });
}

async function requireUsers(caller: ScimCaller, userIds: readonly string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    if (!(await findScimUser(caller.organizationId, userId))) {
      throw invalidValue(`Member ${userId} is not a User of this organization.`);
    }
  }
}

function groupResource(
  group: ScimGroupRecord,
  memberIds: readonly string[] | undefined,
  baseUrl: string,
): Record<string, unknown> {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.groupId,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(memberIds
      ? {
          members: memberIds.map((id) => ({
            value: id,
            $ref: `${baseUrl}/Users/${id}`,
            type: 'User',
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt,
      lastModified: group.updatedAt,
      location: `${baseUrl}/Groups/${group.groupId}`,
    },
  };
}

async function loadGroup(caller: ScimCaller, id: string): Promise<ScimGroupRecord> {
  const group = await findScimGroup(caller.organizationId, id);
  if (!group) throw notFound(id);
  return group;
}

async function requireUniqueName(caller: ScimCaller, displayName: string, except?: string) {
  const groups = await listScimGroups(caller.organizationId);
  const taken = groups.some(
    (group) =>
      group.groupId !== except && group.displayName.toLowerCase() === displayName.toLowerCase(),
  );
  if (taken) {
    throw new ScimError(409, `A Group named ${displayName} exists already.`, 'uniqueness');
  }
}

/** Adds and removes members, then applies the group's mapping to each person who changed. */
async function changeMembers(
  caller: ScimCaller,
  group: ScimGroupRecord,
  added: readonly string[],
  removed: readonly string[],
  now: Date,
): Promise<void> {
  if (added.length > 0) {
    await requireUsers(caller, added);
    await addScimGroupMembers(caller.organizationId, group.groupId, added);
  }
  if (removed.length > 0) {
    await removeScimGroupMembers(caller.organizationId, group.groupId, removed);
  }
  if (!group.workspaceId) return;
  for (const userId of new Set([...added, ...removed])) {
    const [person, account] = await Promise.all([
      findScimUser(caller.organizationId, userId),
      findUserById(userId),
    ]);
    if (!person || !account) continue;
    await applyGroupAccess(caller, account, [group.workspaceId], person.active, now);
  }
}

const groupTarget = (group: ScimGroupRecord) => ({
  type: 'scim_group' as const,
  id: group.groupId,
  name: group.displayName,
});

export async function createScimGroup(
  caller: ScimCaller,
  body: unknown,
  baseUrl: string,
  now: Date,
) {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a SCIM Group.', 'invalidSyntax');
  const displayName = displayNameOf(body.displayName);
  const memberIds = [...new Set(memberIdsOf(body.members))];
  await requireUniqueName(caller, displayName);
  await requireUsers(caller, memberIds);
  const group: ScimGroupRecord = {
    organizationId: caller.organizationId,
    groupId: randomUUID(),
    displayName,
    externalId: optionalScimText(body.externalId, 'externalId'),
    workspaceId: null,
    role: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await insertScimGroup(group);
  await changeMembers(caller, group, memberIds, [], now);
  await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimGroupCreated, groupTarget(group), now, {
    externalId: group.externalId,
    membersAdded: memberIds,
  });
  return groupResource(group, memberIds, baseUrl);
}

export async function getScimGroup(
  caller: ScimCaller,
  id: string,
  withMembers: boolean,
  baseUrl: string,
) {
  const group = await loadGroup(caller, id);
  const members = withMembers ? await listScimGroupMemberIds(caller.organizationId, id) : undefined;
  return groupResource(group, members, baseUrl);
}

export async function listScimGroupsPage(
  caller: ScimCaller,
  filter: string | undefined,
  page: ScimPage,
  withMembers: boolean,
  baseUrl: string,
) {
  const conditions = parseScimFilter(filter, GROUP_FILTER_ATTRIBUTES);
  const groups = (await listScimGroups(caller.organizationId)).filter((group) => {
    const values: Record<string, string | null> = {
      displayname: group.displayName,
      externalid: group.externalId,
      id: group.groupId,
    };
    return matchesScimFilter(conditions, values);
  });
  const listed = listResponse(groups, page);
  const resources = [];
  for (const group of listed.Resources) {
    const members = withMembers
      ? await listScimGroupMemberIds(caller.organizationId, group.groupId)
      : undefined;
    resources.push(groupResource(group, members, baseUrl));
  }
  return { ...listed, Resources: resources };
}

interface GroupChange {
  displayName: string;
  externalId: string | null;
  /** The members afterwards, when the request sets them all. */
  members: Set<string> | null;
  added: Set<string>;
  removed: Set<string>;
}

function applyGroupOperation(change: GroupChange, operation: ScimPatchOperation): void {
  if (operation.path === null) {
    for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
      applyGroupOperation(change, { op: operation.op, path: key, value });
    }
    return;
  }
  const path = operation.path.replace(CORE_GROUP_PREFIX, '');
  const lower = path.toLowerCase();
  const one = MEMBER_VALUE_PATH.exec(path);
  if (one) {
    if (operation.op !== 'remove') {
      throw new ScimError(400, `Only remove is supported on ${path}.`, 'invalidPath');
    }
    const id = one[1]!.replace(/\\(.)/g, '$1');
    change.removed.add(id);
    change.added.delete(id);
    return;
  }
  switch (lower) {
    case 'id':
      return;
    case 'displayname':
      if (operation.op === 'remove') {
        throw new ScimError(400, 'displayName cannot be removed.', 'mutability');
      }
      change.displayName = displayNameOf(operation.value);
      return;
    case 'externalid':
      change.externalId =
        operation.op === 'remove' ? null : optionalScimText(operation.value, 'externalId');
      return;
    case 'members': {
      const ids = memberIdsOf(operation.value);
      if (
        operation.op === 'replace' ||
        (operation.op === 'remove' && operation.value === undefined)
      ) {
        change.members = new Set(operation.op === 'replace' ? ids : []);
        change.added.clear();
        change.removed.clear();
        return;
      }
      for (const id of ids) {
        if (operation.op === 'add') {
          change.added.add(id);
          change.removed.delete(id);
        } else {
          change.removed.add(id);
          change.added.delete(id);
        }
      }
      return;
    }
    default:
      throw new ScimError(400, `The Group attribute ${path} is not supported.`, 'invalidPath');
  }
}

/** Writes a group's new name, fields and members; audited with what changed. */
async function saveGroup(
  caller: ScimCaller,
  group: ScimGroupRecord,
  change: GroupChange,
  now: Date,
): Promise<void> {
  const current = new Set(await listScimGroupMemberIds(caller.organizationId, group.groupId));
  const after = new Set(change.members ?? current);
  for (const id of change.added) after.add(id);
  for (const id of change.removed) after.delete(id);
  const added = [...after].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !after.has(id));
  const renamed = change.displayName !== group.displayName;
  if (renamed) await requireUniqueName(caller, change.displayName, group.groupId);
  if (renamed || change.externalId !== group.externalId) {
    await updateScimGroupFields(caller.organizationId, group.groupId, change, now);
  }
  await changeMembers(caller, group, added, removed, now);
  await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimGroupUpdated, groupTarget(group), now, {
    ...(renamed ? { displayName: change.displayName, previousDisplayName: group.displayName } : {}),
    membersAdded: added,
    membersRemoved: removed,
    workspaceId: group.workspaceId,
  });
}

export async function patchScimGroup(
  caller: ScimCaller,
  id: string,
  body: unknown,
  baseUrl: string,
  now: Date,
) {
  const operations = parsePatchOperations(body);
  const group = await loadGroup(caller, id);
  const change: GroupChange = {
    displayName: group.displayName,
    externalId: group.externalId,
    members: null,
    added: new Set(),
    removed: new Set(),
  };
  for (const operation of operations) applyGroupOperation(change, operation);
  await saveGroup(caller, group, change, now);
  return getScimGroup(caller, id, true, baseUrl);
}

/**
 * PUT replaces the group (RFC 7644 §3.5.1): its name, externalId and members as sent, and an
 * attribute left out is cleared, so a body without `members` leaves the group with none (each
 * member removed as a PATCH remove would). The read-only `id` and `meta` of the body are ignored.
 * Okta's PUT sends the whole group, members included; Entra ID changes groups by PATCH only.
 */
export async function replaceScimGroup(
  caller: ScimCaller,
  id: string,
  body: unknown,
  baseUrl: string,
  now: Date,
) {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a SCIM Group.', 'invalidSyntax');
  const group = await loadGroup(caller, id);
  await saveGroup(
    caller,
    group,
    {
      displayName: displayNameOf(body.displayName),
      externalId: optionalScimText(body.externalId, 'externalId'),
      members: new Set(memberIdsOf(body.members)),
      added: new Set(),
      removed: new Set(),
    },
    now,
  );
  return getScimGroup(caller, id, true, baseUrl);
}

/** Deletes the group: its members leave it first (and its workspace), then the group goes. */
export async function deleteScimGroup(caller: ScimCaller, id: string, now: Date) {
  const group = await loadGroup(caller, id);
  const members = await listScimGroupMemberIds(caller.organizationId, id);
  await changeMembers(caller, group, [], members, now);
  await deleteScimGroupItem(caller.organizationId, id);
  await recordScimEvent(caller.owner, AUDIT_ACTIONS.scimGroupDeleted, groupTarget(group), now, {
    membersRemoved: members,
    workspaceId: group.workspaceId,
  });
}
