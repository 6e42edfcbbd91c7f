/**
 * Workspace name claims (entity: entities/workspace-name-claim.ts). Creating and renaming put the claim in the same transaction as the workspace
 * write, on condition that it is free (or already this workspace's), so two concurrent requests
 * cannot both take one name. Workspaces older than the claims have none; the writes also compare
 * with the owner's workspaces (row 27) before the transaction.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { workspaceNameKey } from '@expiry-radar/shared/domain/workspace-names';
import { getConfig } from '../platform/config';
import { getDocumentClient } from '../platform/aws-clients';
import { workspaceNameClaimCodec } from './entities/workspace-name-claim';
import { keys } from './keys';
import { conditionalWrite, isConditionalCheckFailure, readItem } from './table-operations';

export function workspaceNameClaimKey(ownerId: string, name: string) {
  return keys.workspaceName(ownerId, workspaceNameKey(name));
}

/** The claim's item: the owner, the workspace and the name as written. */
export function workspaceNameClaimItem(ownerId: string, name: string, workspaceId: string) {
  return workspaceNameClaimCodec.toItem({ ownerId, name, workspaceId });
}

/** A transaction's Put of the claim: free, or this workspace's already. */
export function workspaceNameClaimPut(ownerId: string, name: string, workspaceId: string) {
  return {
    Put: {
      TableName: getConfig().tableName,
      Item: workspaceNameClaimItem(ownerId, name, workspaceId),
      ConditionExpression: 'attribute_not_exists(pk) OR workspaceId = :id',
      ExpressionAttributeValues: { ':id': workspaceId },
    },
  };
}

/** The id of the workspace that holds the owner's claim on `name`, if any (consistent read). */
export async function workspaceNameHolder(
  ownerId: string,
  name: string,
): Promise<string | undefined> {
  const item = await readItem(workspaceNameClaimKey(ownerId, name), { consistentRead: true });
  return item ? workspaceNameClaimCodec.fromItem(item).workspaceId : undefined;
}

/** Gives the name back when the workspace that holds it is deleted (nothing when another does). */
export async function releaseWorkspaceName(
  ownerId: string,
  name: string,
  workspaceId: string,
): Promise<void> {
  await getDocumentClient()
    .send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: workspaceNameClaimKey(ownerId, name),
        ConditionExpression: 'workspaceId = :id',
        ExpressionAttributeValues: { ':id': workspaceId },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * Claims the name for a workspace that changed owner, when the new owner does not use it yet
 * (they may: names were unique for the old owner only). False when it was taken.
 */
export async function claimWorkspaceNameIfFree(
  ownerId: string,
  name: string,
  workspaceId: string,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(new PutCommand(workspaceNameClaimPut(ownerId, name, workspaceId).Put)),
  );
}
