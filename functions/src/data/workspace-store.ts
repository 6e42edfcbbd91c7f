/**
 * Workspaces as the Workspaces routes see them: create (with the creator's admin membership),
 * rename, read several at once, and the workspaces a user owns (gsi1 `OWNER#<userId>`). An
 * owner's workspace names are unique without regard to case (workspace-names.ts).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Limit, Plan } from '@expiry-radar/shared/domain/plans';
import { sameWorkspaceName } from '@expiry-radar/shared/domain/workspace-names';
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
  isTransactionConflict,
  queryAll,
  readItem,
  type TableItem,
} from './table-operations';
import {
  workspaceNameClaimKey,
  workspaceNameClaimPut,
  workspaceNameHolder,
} from './workspace-names';
import { membershipItem } from './workspace-records';
import { emptySearchIndexItem } from './search-index-store';

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

/** The owner uses the name already, on another workspace (compared without regard to case). */
export class WorkspaceNameTakenError extends Error {
  /** The other workspace's name as its owner wrote it. */
  readonly takenName: string;

  constructor(takenName: string) {
    super('Workspace name taken');
    this.name = 'WorkspaceNameTakenError';
    this.takenName = takenName;
  }
}

/**
 * Throws WorkspaceNameTakenError when another workspace of the owner has the name: compared with
 * the owned workspaces, which also covers workspaces older than the name claims (the claim in the
 * write's transaction covers concurrent requests).
 */
async function requireFreeName(ownerId: string, name: string, exceptId?: string): Promise<void> {
  const taken = (await listOwnedWorkspaces(ownerId)).find(
    (workspace) => workspace.id !== exceptId && sameWorkspaceName(workspace.name, name),
  );
  if (taken) throw new WorkspaceNameTakenError(taken.name);
}

const TRANSACTION_ATTEMPTS = 4;
const CONFLICT_PAUSE_MS = 40;

/**
 * Sends a transaction again when DynamoDB cancelled it for a concurrent one on the same items (a
 * race for one name or the owner's set); a failed condition is the caller's to read.
 */
async function transactWithRetries(
  transactItems: NonNullable<
    ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
  >,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await getDocumentClient().send(new TransactWriteCommand({ TransactItems: transactItems }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.random() * CONFLICT_PAUSE_MS * attempt),
      );
    }
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
 * One transaction: the workspace item, the creator's admin membership, its empty search index
 * (data/search-index-store.ts `emptySearchIndexItem`), its id added to the
 * owner's set on condition that the set holds fewer than `ownedLimit` ids, and the claim on its
 * name (OwnedWorkspaceLimitError, WorkspaceNameTakenError).
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
  await requireFreeName(options.ownerId, options.name);
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
    await transactWithRetries([
      claim,
      put(workspaceCodec.toItem(stored)),
      put(
        membershipItem({ workspaceId, userId: options.ownerId, role: 'admin', now: options.now }),
      ),
      workspaceNameClaimPut(options.ownerId, options.name, workspaceId),
      put(emptySearchIndexItem(workspaceId)),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new OwnedWorkspaceLimitError();
    if (conditionFailedAt(error, 3)) throw new WorkspaceNameTakenError(options.name);
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

/** The workspace is gone, or changed owner or name while it was being renamed. */
export class WorkspaceChangedError extends Error {
  constructor() {
    super('Workspace changed meanwhile');
    this.name = 'WorkspaceChangedError';
  }
}

/**
 * Renames a workspace: one transaction updating its name (condition: still `from` and owned by
 * `ownerId`), claiming the new name for the owner, and giving back the old name's claim when this
 * workspace holds it. WorkspaceNameTakenError when another workspace of the owner has the name,
 * WorkspaceChangedError when the workspace changed meanwhile.
 */
export async function renameWorkspace(options: {
  workspaceId: string;
  ownerId: string;
  /** Its name now. */
  from: string;
  name: string;
  now: Date;
}): Promise<WorkspaceRecord> {
  const { tableName } = getConfig();
  const { workspaceId, ownerId, from, name, now } = options;
  await requireFreeName(ownerId, name, workspaceId);
  const releasesOld =
    !sameWorkspaceName(from, name) && (await workspaceNameHolder(ownerId, from)) === workspaceId;
  try {
    await transactWithRetries([
      {
        Update: {
          TableName: tableName,
          Key: keys.workspace(workspaceId),
          UpdateExpression: 'SET #name = :name, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND ownerId = :owner AND #name = :from',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':name': name,
            ':now': now.toISOString(),
            ':owner': ownerId,
            ':from': from,
          },
        },
      },
      workspaceNameClaimPut(ownerId, name, workspaceId),
      ...(releasesOld
        ? [
            {
              Delete: {
                TableName: tableName,
                Key: workspaceNameClaimKey(ownerId, from),
                ConditionExpression: 'workspaceId = :id',
                ExpressionAttributeValues: { ':id': workspaceId },
              },
            },
          ]
        : []),
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 1)) throw new WorkspaceNameTakenError(name);
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 2)) {
      throw new WorkspaceChangedError();
    }
    throw error;
  }
  const item = await readItem(keys.workspace(workspaceId), { consistentRead: true });
  if (!item) throw new WorkspaceChangedError();
  return toWorkspaceRecord(item);
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
