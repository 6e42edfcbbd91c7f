/**
 * Workspaces as the Workspaces routes see them: create (with the creator's admin membership),
 * rename, read several at once, and the workspaces a user owns (gsi1 `OWNER#<userId>`).
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isPlan, type Plan } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { batchGetAll, countAll, queryAll, type TableItem } from './table-operations';
import { membershipItem, workspaceItem } from './workspace-records';

export interface WorkspaceRecord {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly plan: Plan;
  readonly isFrozen: boolean;
  readonly createdAt: string;
  /** From the counters the token writes keep on the workspace item; 0 when there are none. */
  readonly tokenCount: number;
}

export function toWorkspaceRecord(item: TableItem): WorkspaceRecord {
  return {
    id: String(item.id),
    name: String(item.name),
    ownerId: String(item.ownerId),
    plan: isPlan(item.plan) ? item.plan : 'free',
    isFrozen: item.isFrozen === true,
    createdAt: String(item.createdAt),
    tokenCount: tokenCountOf(item),
  };
}

/**
 * The workspace's token count: its `tokenCount` counter, else the sum of its per-category
 * counters (`categoryCounts`), else 0.
 */
export function tokenCountOf(item: TableItem): number {
  if (typeof item.tokenCount === 'number') return Math.max(0, item.tokenCount);
  const perCategory = item.categoryCounts;
  if (perCategory && typeof perCategory === 'object') {
    const total = Object.values(perCategory as Record<string, unknown>)
      .filter((value): value is number => typeof value === 'number')
      .reduce((sum, value) => sum + value, 0);
    return Math.max(0, total);
  }
  return 0;
}

/** One transaction: the workspace item and the creator's admin membership. */
export async function createWorkspace(options: {
  name: string;
  ownerId: string;
  plan: Plan;
  now: Date;
}): Promise<WorkspaceRecord> {
  const { tableName } = getConfig();
  const workspaceId = randomUUID();
  const item = workspaceItem({ workspaceId, ...options });
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  await getDocumentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        put(item),
        put(
          membershipItem({ workspaceId, userId: options.ownerId, role: 'admin', now: options.now }),
        ),
      ],
    }),
  );
  return toWorkspaceRecord(item);
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

export function countOwnedWorkspaces(ownerId: string): Promise<number> {
  return countAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.ownedWorkspaces(ownerId), ':prefix': 'WS#' },
  });
}
