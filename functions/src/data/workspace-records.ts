/**
 * The workspace and membership items the account flows create and remove. Every item of a
 * workspace lives under `pk = WS#<id>`, so removing a workspace is one query plus batch deletes.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { memberCodec, newMember, type MemberRecord } from './entities/member';
import { OWNED_WORKSPACE_IDS } from './entities/user';
import { newStoredWorkspace, workspaceCodec } from './entities/workspace';
import { AUDIT_SORT_PREFIX, gsi1, keys, MEMBER_SORT_PREFIX, MEMBERSHIP_SORT_PREFIX } from './keys';
import { INDEX_NAMES } from './table-definition';
import {
  conditionFailedAt,
  deleteItems,
  keyOf,
  queryAll,
  sortKeyPrefixQuery,
  type TableItem,
} from './table-operations';

export const PERSONAL_WORKSPACE_NAME = 'Personal';

/**
 * On a workspace item whose ownership was transferred: when its owner got it. Its absence means
 * since `createdAt`. Plan limits keep the oldest owned workspaces active.
 */
export const OWNED_SINCE = 'ownedSince';

/** The item of a new workspace (entities/workspace.ts): no tokens yet, not frozen. */
export function workspaceItem(options: {
  workspaceId: string;
  name: string;
  ownerId: string;
  plan: Plan;
  now: Date;
}): Record<string, unknown> {
  return workspaceCodec.toItem(newStoredWorkspace(options));
}

/** The item of a new membership (entities/member.ts). */
export function membershipItem(options: {
  workspaceId: string;
  userId: string;
  role: Role;
  now: Date;
}): Record<string, unknown> {
  return memberCodec.toItem(newMember(options));
}

const toMembership = (item: TableItem): MemberRecord => memberCodec.fromItem(item);

/** A user's memberships, from gsi1 (`USER#<id>`, `WS#...`). */
export async function listMembershipsOfUser(userId: string): Promise<MemberRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId), ':prefix': MEMBERSHIP_SORT_PREFIX },
  });
  return items.map(toMembership);
}

export async function listMembersOfWorkspace(workspaceId: string): Promise<MemberRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, MEMBER_SORT_PREFIX),
  );
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

export type OwnershipTransferResult =
  | 'transferred'
  /** The workspace is gone or no longer the leaving owner's: leave it alone. */
  | 'workspace_changed'
  /** The new owner's account, or their membership as an admin or workspace manager, is gone. */
  | 'heir_unavailable'
  /**
   * With `heirMayOwnFewerThan`: the new owner owns that many workspaces already (one made
   * meanwhile, say), or their account is gone.
   */
  | 'heir_at_limit';

/**
 * One transaction handing a workspace from its leaving owner to `toUserId`, a member who becomes
 * its owner and admin: the workspace takes the new owner's `plan` and is frozen until their
 * limits are settled (services/billing/change-plan), its owner index entry moves to them, ordered
 * from now (`ownedSince`), the leaving owner's membership goes, and the id joins the new owner's
 * `ownedWorkspaceIds`. With `formerOwnerStays` (a handover by a living owner) the former owner
 * stays as a workspace manager instead, and the id leaves their `ownedWorkspaceIds`.
 */
export async function transferOwnership(options: {
  workspaceId: string;
  fromUserId: string;
  toUserId: string;
  plan: Plan;
  now: Date;
  /** The owner chose this heir: a viewer may take it too (the default successors never are). */
  anyRole?: boolean;
  /** The former owner keeps a membership, as a workspace manager (they are not leaving). */
  formerOwnerStays?: boolean;
  /**
   * The new owner's plan's number of owned workspaces, held in the transaction: a workspace they
   * create at the same moment cannot leave one of the two beyond it (null: no limit).
   */
  heirMayOwnFewerThan?: number | null;
}): Promise<OwnershipTransferResult> {
  const { tableName } = getConfig();
  const { workspaceId, fromUserId, toUserId, now } = options;
  const owned = gsi1.ownedWorkspace(toUserId, now.toISOString(), workspaceId);
  const limit = options.heirMayOwnFewerThan;
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: keys.workspace(workspaceId),
              UpdateExpression: [
                'SET ownerId = :to, gsi1pk = :ownedPk, gsi1sk = :ownedSk, #since = :now',
                '#plan = :plan, isFrozen = :frozen, planChangedAt = :now',
              ].join(', '),
              ConditionExpression: 'attribute_exists(pk) AND ownerId = :from',
              ExpressionAttributeNames: { '#since': OWNED_SINCE, '#plan': 'plan' },
              ExpressionAttributeValues: {
                ':to': toUserId,
                ':from': fromUserId,
                ':ownedPk': owned.gsi1pk,
                ':ownedSk': owned.gsi1sk,
                ':now': now.toISOString(),
                ':plan': options.plan,
                ':frozen': true,
              },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.membership(workspaceId, toUserId),
              UpdateExpression: 'SET #role = :admin',
              ConditionExpression: options.anyRole
                ? 'attribute_exists(pk)'
                : 'attribute_exists(pk) AND #role IN (:admin, :manager)',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: options.anyRole
                ? { ':admin': 'admin' }
                : { ':admin': 'admin', ':manager': 'workspace_manager' },
            },
          },
          options.formerOwnerStays
            ? {
                Update: {
                  TableName: tableName,
                  Key: keys.membership(workspaceId, fromUserId),
                  UpdateExpression: 'SET #role = :manager',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeNames: { '#role': 'role' },
                  ExpressionAttributeValues: { ':manager': 'workspace_manager' },
                },
              }
            : { Delete: { TableName: tableName, Key: keys.membership(workspaceId, fromUserId) } },
          {
            Update: {
              TableName: tableName,
              Key: keys.user(toUserId),
              UpdateExpression: 'ADD #ids :id',
              ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
              ...(typeof limit === 'number'
                ? {
                    ConditionExpression:
                      'attribute_exists(pk) AND (attribute_not_exists(#ids) OR size(#ids) < :limit)',
                    ExpressionAttributeValues: { ':id': new Set([workspaceId]), ':limit': limit },
                  }
                : {
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeValues: { ':id': new Set([workspaceId]) },
                  }),
            },
          },
          ...(options.formerOwnerStays
            ? [
                {
                  Update: {
                    TableName: tableName,
                    Key: keys.user(fromUserId),
                    UpdateExpression: 'DELETE #ids :id',
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeNames: { '#ids': OWNED_WORKSPACE_IDS },
                    ExpressionAttributeValues: { ':id': new Set([workspaceId]) },
                  },
                },
              ]
            : []),
        ],
      }),
    );
    return 'transferred';
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 2) || conditionFailedAt(error, 4)) {
      return 'workspace_changed';
    }
    if (conditionFailedAt(error, 3) && typeof limit === 'number') return 'heir_at_limit';
    if (conditionFailedAt(error, 1) || conditionFailedAt(error, 3)) return 'heir_unavailable';
    throw error;
  }
}
