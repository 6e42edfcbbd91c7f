/**
 * Records of SCIM provisioning, all under the organization's partition `ORG#<ownerUserId>`: its
 * bearer token's hash, the users and groups its identity provider pushed, and who is in which
 * group (ACCESS_PATTERNS.md, SCIM provisioning).
 */
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { scimGroupCodec, type ScimGroupRecord } from './entities/scim-group';
import {
  scimGroupMemberCodec,
  scimUserGroupCodec,
  type ScimGroupMemberRecord,
} from './entities/scim-group-member';
import { scimTokenCodec, type ScimTokenRecord } from './entities/scim-token';
import { scimUserCodec, type ScimUserRecord } from './entities/scim-user';
import {
  keys,
  SCIM_GROUP_MEMBER_SORT_PREFIX,
  SCIM_GROUP_SORT_PREFIX,
  SCIM_USER_GROUP_SORT_PREFIX,
  SCIM_USER_SORT_PREFIX,
} from './keys';
import {
  conditionalWrite,
  deleteItems,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
  type TableItem,
  type TableKey,
} from './table-operations';

export type { ScimGroupRecord, ScimTokenRecord, ScimUserRecord };

/** DynamoDB's limit of items in one transaction; a membership is two items. */
const MEMBERSHIPS_PER_TRANSACTION = 50;

function queryPrefix(organizationId: string, prefix: string): Promise<TableItem[]> {
  return queryAll(sortKeyPrefixQuery(`ORG#${organizationId}`, prefix, { consistentRead: true }));
}

/** Puts `item` unless its key exists; false when it did. */
async function putNew(item: TableItem): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

function putItem(item: TableItem): Promise<unknown> {
  return getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));
}

function deleteItem(key: TableKey): Promise<unknown> {
  return getDocumentClient().send(
    new DeleteCommand({ TableName: getConfig().tableName, Key: key }),
  );
}

/** Updates the item at `key` if it exists; false when it does not. */
async function updateExisting(
  key: TableKey,
  update: Pick<
    UpdateCommandInput,
    'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  >,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: key,
        ConditionExpression: 'attribute_exists(pk)',
        ...update,
      }),
    ),
  );
}

// The token

export async function findScimToken(organizationId: string): Promise<ScimTokenRecord | undefined> {
  const item = await readItem(keys.scimToken(organizationId), { consistentRead: true });
  return item ? scimTokenCodec.fromItem(item) : undefined;
}

/** Replaces the organization's token: the one before stops working with this write. */
export async function putScimToken(record: ScimTokenRecord): Promise<void> {
  await putItem(scimTokenCodec.toItem(record));
}

export async function deleteScimToken(organizationId: string): Promise<void> {
  await deleteItem(keys.scimToken(organizationId));
}

// Users

export async function findScimUser(
  organizationId: string,
  userId: string,
): Promise<ScimUserRecord | undefined> {
  const item = await readItem(keys.scimUser(organizationId, userId), { consistentRead: true });
  return item ? scimUserCodec.fromItem(item) : undefined;
}

/** The organization's provisioned users, in id order. */
export async function listScimUsers(organizationId: string): Promise<ScimUserRecord[]> {
  const items = await queryPrefix(organizationId, SCIM_USER_SORT_PREFIX);
  return items.map((item) => scimUserCodec.fromItem(item));
}

/** False when the account is provisioned already. */
export function insertScimUser(record: ScimUserRecord): Promise<boolean> {
  return putNew(scimUserCodec.toItem(record));
}

export async function putScimUser(record: ScimUserRecord): Promise<void> {
  await putItem(scimUserCodec.toItem(record));
}

export async function deleteScimUser(organizationId: string, userId: string): Promise<void> {
  await deleteItem(keys.scimUser(organizationId, userId));
}

// Groups

export async function findScimGroup(
  organizationId: string,
  groupId: string,
): Promise<ScimGroupRecord | undefined> {
  const item = await readItem(keys.scimGroup(organizationId, groupId), { consistentRead: true });
  return item ? scimGroupCodec.fromItem(item) : undefined;
}

export async function listScimGroups(organizationId: string): Promise<ScimGroupRecord[]> {
  const items = await queryPrefix(organizationId, SCIM_GROUP_SORT_PREFIX);
  return items.map((item) => scimGroupCodec.fromItem(item));
}

export function insertScimGroup(record: ScimGroupRecord): Promise<boolean> {
  return putNew(scimGroupCodec.toItem(record));
}

/** The fields the provider owns; the group's mapping stays. False when the group is gone. */
export async function updateScimGroupFields(
  organizationId: string,
  groupId: string,
  fields: { displayName: string; externalId: string | null },
  now: Date,
): Promise<boolean> {
  return updateExisting(keys.scimGroup(organizationId, groupId), {
    UpdateExpression: 'SET displayName = :displayName, externalId = :externalId, updatedAt = :now',
    ExpressionAttributeValues: {
      ':displayName': fields.displayName,
      ':externalId': fields.externalId,
      ':now': now.toISOString(),
    },
  });
}

/** Maps the group to a workspace and role (null: unmapped). False when the group is gone. */
export async function setScimGroupMapping(
  organizationId: string,
  groupId: string,
  mapping: { workspaceId: string; role: Role } | null,
): Promise<boolean> {
  return updateExisting(keys.scimGroup(organizationId, groupId), {
    UpdateExpression: 'SET workspaceId = :workspaceId, #role = :role',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: {
      ':workspaceId': mapping?.workspaceId ?? null,
      ':role': mapping?.role ?? null,
    },
  });
}

export async function deleteScimGroupItem(organizationId: string, groupId: string): Promise<void> {
  await deleteItem(keys.scimGroup(organizationId, groupId));
}

// Group memberships

export async function listScimGroupMemberIds(
  organizationId: string,
  groupId: string,
): Promise<string[]> {
  const items = await queryPrefix(organizationId, `${SCIM_GROUP_MEMBER_SORT_PREFIX}${groupId}#`);
  return items.map((item) => scimGroupMemberCodec.fromItem(item).userId);
}

export async function listScimUserGroupIds(
  organizationId: string,
  userId: string,
): Promise<string[]> {
  const items = await queryPrefix(organizationId, `${SCIM_USER_GROUP_SORT_PREFIX}${userId}#`);
  return items.map((item) => scimUserGroupCodec.fromItem(item).groupId);
}

/** Writes both items of each membership; adding one that exists changes nothing. */
export async function addScimGroupMembers(
  organizationId: string,
  groupId: string,
  userIds: readonly string[],
): Promise<void> {
  const { tableName } = getConfig();
  for (let start = 0; start < userIds.length; start += MEMBERSHIPS_PER_TRANSACTION) {
    const records: ScimGroupMemberRecord[] = userIds
      .slice(start, start + MEMBERSHIPS_PER_TRANSACTION)
      .map((userId) => ({ organizationId, groupId, userId }));
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: records.flatMap((record) => [
          { Put: { TableName: tableName, Item: scimGroupMemberCodec.toItem(record) } },
          { Put: { TableName: tableName, Item: scimUserGroupCodec.toItem(record) } },
        ]),
      }),
    );
  }
}

/** Deletes both items of each membership; removing one that is gone changes nothing. */
export async function removeScimGroupMembers(
  organizationId: string,
  groupId: string,
  userIds: readonly string[],
): Promise<void> {
  await deleteItems(
    userIds.flatMap((userId) => [
      keys.scimGroupMember(organizationId, groupId, userId),
      keys.scimUserGroup(organizationId, userId, groupId),
    ]),
  );
}
