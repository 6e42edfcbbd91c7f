/**
 * The workspace and membership items the account flows create and remove. Every item of a
 * workspace lives under `pk = WS#<id>`, so removing a workspace is one query plus batch deletes.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { AUDIT_SORT_PREFIX, gsi1, keys, MEMBER_SORT_PREFIX, MEMBERSHIP_SORT_PREFIX } from './keys';
import { INDEX_NAMES } from './table-definition';
import { deleteItems, keyOf, queryAll } from './table-operations';

export const PERSONAL_WORKSPACE_NAME = 'Personal';

/**
 * The ids of the workspaces a user owns are also kept on the user item (a string set), so that
 * creating one within the plan's limit is one conditional transaction, free of count-then-write
 * races.
 */
export const OWNED_WORKSPACE_IDS = 'ownedWorkspaceIds';

export function workspaceItem(options: {
  workspaceId: string;
  name: string;
  ownerId: string;
  plan: Plan;
  now: Date;
}): Record<string, unknown> {
  const createdAt = options.now.toISOString();
  return {
    ...keys.workspace(options.workspaceId),
    ...gsi1.ownedWorkspace(options.ownerId, createdAt, options.workspaceId),
    id: options.workspaceId,
    name: options.name,
    ownerId: options.ownerId,
    plan: options.plan,
    isFrozen: false,
    createdAt,
  };
}

export function membershipItem(options: {
  workspaceId: string;
  userId: string;
  role: Role;
  now: Date;
}): Record<string, unknown> {
  return {
    ...keys.membership(options.workspaceId, options.userId),
    ...gsi1.membership(options.userId, options.workspaceId),
    workspaceId: options.workspaceId,
    userId: options.userId,
    role: options.role,
    joinedAt: options.now.toISOString(),
  };
}

export interface MembershipRecord {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: string;
  readonly joinedAt: string;
}

function toMembership(item: Record<string, unknown>): MembershipRecord {
  return {
    workspaceId: String(item.workspaceId),
    userId: String(item.userId),
    role: String(item.role),
    joinedAt: String(item.joinedAt),
  };
}

/** A user's memberships, from gsi1 (`USER#<id>`, `WS#...`). */
export async function listMembershipsOfUser(userId: string): Promise<MembershipRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId), ':prefix': MEMBERSHIP_SORT_PREFIX },
  });
  return items.map(toMembership);
}

export async function listMembersOfWorkspace(workspaceId: string): Promise<MembershipRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspace(workspaceId).pk,
      ':prefix': MEMBER_SORT_PREFIX,
    },
  });
  return items.map(toMembership);
}

/** Deletes every item of a workspace (tokens included) but its audit events, which stay. */
export async function deleteWorkspaceData(workspaceId: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(items.map(keyOf).filter((key) => !key.sk.startsWith(AUDIT_SORT_PREFIX)));
}

/** Makes `userId` the owner (and an admin) of a workspace whose owner leaves. */
export async function transferOwnership(workspaceId: string, userId: string): Promise<void> {
  const { tableName } = getConfig();
  const exists = 'attribute_exists(pk)';
  await getDocumentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName,
            Key: keys.workspace(workspaceId),
            UpdateExpression: 'SET ownerId = :userId, gsi1pk = :owned',
            ConditionExpression: exists,
            ExpressionAttributeValues: {
              ':userId': userId,
              ':owned': gsi1.ownedWorkspaces(userId),
            },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.membership(workspaceId, userId),
            UpdateExpression: 'SET #role = :admin',
            ConditionExpression: exists,
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':admin': 'admin' },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: keys.user(userId),
            UpdateExpression: 'ADD #ids :id',
            ConditionExpression: exists,
            ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
            ExpressionAttributeValues: { ':id': new Set([workspaceId]) },
          },
        },
      ],
    }),
  );
}

export async function findWorkspaceOwnerId(workspaceId: string): Promise<string | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.workspace(workspaceId),
      ProjectionExpression: 'ownerId',
    }),
  );
  return typeof Item?.ownerId === 'string' ? Item.ownerId : undefined;
}
