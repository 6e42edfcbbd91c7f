/**
 * Workspaces as the Workspaces routes see them: create (with the creator's admin membership),
 * rename, read several at once, and the workspaces a user owns (gsi1 `OWNER#<userId>`).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Limit, Plan } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  OWNED_WORKSPACE_IDS,
  OWNED_WORKSPACE_IDS_NAMES,
  OWNED_WORKSPACE_IDS_PROJECTION,
  ownedWorkspaceIdsFromItem,
} from './entities/user';
import { newStoredWorkspace, workspaceCodec, type WorkspaceRecord } from './entities/workspace';
import { gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import {
  batchGetAll,
  conditionFailedAt,
  isConditionalCheckFailure,
  queryAll,
  type TableItem,
} from './table-operations';
import { membershipItem } from './workspace-records';

export type { WorkspaceRecord } from './entities/workspace';

/** The workspace of a workspace item. */
export function toWorkspaceRecord(item: TableItem): WorkspaceRecord {
  return workspaceCodec.fromItem(item).workspace;
}

/** The creation would pass the owner's plan limit of owned workspaces. */
export class OwnedWorkspaceLimitError extends Error {
  constructor() {
    super('Owned workspace limit reached');
    this.name = 'OwnedWorkspaceLimitError';
  }
}

/** Accounts made before the user item held the set get it once, from gsi1. */
async function ensureOwnedWorkspaceIds(ownerId: string): Promise<void> {
  const { tableName } = getConfig();
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: tableName,
      Key: keys.user(ownerId),
      ConsistentRead: true,
      ProjectionExpression: OWNED_WORKSPACE_IDS_PROJECTION,
      ExpressionAttributeNames: OWNED_WORKSPACE_IDS_NAMES,
    }),
  );
  if (ownedWorkspaceIdsFromItem(Item) !== null) return;
  const owned = await listOwnedWorkspaces(ownerId);
  if (owned.length === 0) return;
  await getDocumentClient()
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.user(ownerId),
        UpdateExpression: 'SET #ids = :ids',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#ids)',
        ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
        ExpressionAttributeValues: { ':ids': new Set(owned.map((workspace) => workspace.id)) },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * One transaction: the workspace item, the creator's admin membership and its id added to the
 * owner's set, on condition that the set holds fewer than `ownedLimit` ids.
 */
export async function createWorkspace(options: {
  name: string;
  ownerId: string;
  plan: Plan;
  ownedLimit: Limit;
  now: Date;
}): Promise<WorkspaceRecord> {
  const { tableName } = getConfig();
  const workspaceId = randomUUID();
  const stored = newStoredWorkspace({ workspaceId, ...options });
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const withinLimit = options.ownedLimit === null;
  await ensureOwnedWorkspaceIds(options.ownerId);
  const claim = {
    Update: {
      TableName: tableName,
      Key: keys.user(options.ownerId),
      UpdateExpression: 'ADD #ids :id',
      ConditionExpression: withinLimit
        ? 'attribute_exists(pk)'
        : 'attribute_exists(pk) AND (attribute_not_exists(#ids) OR size(#ids) < :limit)',
      ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
      ExpressionAttributeValues: {
        ':id': new Set([workspaceId]),
        ...(withinLimit ? {} : { ':limit': options.ownedLimit }),
      },
    },
  };
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          claim,
          put(workspaceCodec.toItem(stored)),
          put(
            membershipItem({
              workspaceId,
              userId: options.ownerId,
              role: 'admin',
              now: options.now,
            }),
          ),
        ],
      }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new OwnedWorkspaceLimitError();
    throw error;
  }
  return stored.workspace;
}

/** Takes a deleted workspace off its owner's set (no-op when the owner is gone). */
export async function releaseOwnedWorkspace(ownerId: string, workspaceId: string): Promise<void> {
  await getDocumentClient()
    .send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.user(ownerId),
        UpdateExpression: 'DELETE #ids :id',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
        ExpressionAttributeValues: { ':id': new Set([workspaceId]) },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

export async function renameWorkspace(
  workspaceId: string,
  name: string,
  now: Date,
): Promise<WorkspaceRecord> {
  const { Attributes } = await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.workspace(workspaceId),
      UpdateExpression: 'SET #name = :name, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toWorkspaceRecord(Attributes ?? {});
}

/**
 * Whether the workspace requires two-factor authentication of its members (ACCESS_PATTERNS.md row
 * 45): set when on, removed when off (most workspaces never carry it).
 */
export async function setWorkspaceTwoFactorRequirement(
  workspaceId: string,
  required: boolean,
  now: Date,
): Promise<WorkspaceRecord> {
  const { Attributes } = await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.workspace(workspaceId),
      UpdateExpression: required
        ? 'SET requireTwoFactor = :true, updatedAt = :now'
        : 'SET updatedAt = :now REMOVE requireTwoFactor',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ...(required ? { ':true': true } : {}),
        ':now': now.toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toWorkspaceRecord(Attributes ?? {});
}

/** The workspaces with these ids that exist (any order). */
export async function findWorkspaces(workspaceIds: readonly string[]): Promise<WorkspaceRecord[]> {
  const items = await batchGetAll(workspaceIds.map((id) => keys.workspace(id)));
  return items.map(toWorkspaceRecord);
}

/** The workspaces a user owns, oldest first. */
export async function listOwnedWorkspaces(ownerId: string): Promise<WorkspaceRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.ownedWorkspaces(ownerId), ':prefix': 'WS#' },
  });
  return items.map(toWorkspaceRecord);
}
