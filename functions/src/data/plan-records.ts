/**
 * Plan changes in the table (ACCESS_PATTERNS.md row 37): the owner's workspaces read
 * consistently with what they hold (tokens, members), then each changed workspace item and the
 * user's `PROFILE` item updated.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { OwnedWorkspaceState } from '../domain/plan-change';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { keys } from './keys';
import { countMembersAndInvitations } from './member-records';
import { batchGetAll, conditionalWrite } from './table-operations';
import {
  OWNED_WORKSPACE_IDS_NAMES,
  OWNED_WORKSPACE_IDS_PROJECTION,
  ownedWorkspaceIdsFromItem,
  PLAN_HOLDER_NAMES,
  PLAN_HOLDER_PROJECTION,
  planHolderFromItem,
  type PlanHolder,
} from './entities/user';
import { workspaceCodec } from './entities/workspace';
import { listOwnedWorkspaces } from './workspace-store';

export type { PlanHolder } from './entities/user';

/** The user's plan and billing link, read consistently; undefined when the user is gone. */
export async function readPlanHolder(userId: string): Promise<PlanHolder | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: PLAN_HOLDER_PROJECTION,
      ExpressionAttributeNames: PLAN_HOLDER_NAMES,
    }),
  );
  return Item ? planHolderFromItem(Item) : undefined;
}

/**
 * The workspaces a user owns, read consistently: the ids on the user item (`ownedWorkspaceIds`,
 * always current) joined with the owner index (eventually consistent; covers accounts older than
 * the set), then the workspace items themselves, keeping those the user still owns, with their
 * token count (the workspace's counter) and members (pending invitations included).
 */
export async function readOwnedWorkspaceStates(userId: string): Promise<OwnedWorkspaceState[]> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: OWNED_WORKSPACE_IDS_PROJECTION,
      ExpressionAttributeNames: OWNED_WORKSPACE_IDS_NAMES,
    }),
  );
  const ids = new Set<string>(ownedWorkspaceIdsFromItem(Item) ?? []);
  for (const workspace of await listOwnedWorkspaces(userId)) ids.add(workspace.id);
  const items = await batchGetAll(
    [...ids].map((id) => keys.workspace(id)),
    { consistentRead: true },
  );
  const owned = items
    .map((item) => workspaceCodec.fromItem(item))
    .filter(({ workspace }) => workspace.ownerId === userId);
  const members = await Promise.all(
    owned.map(({ workspace }) => countMembersAndInvitations(workspace.id)),
  );
  return owned.map(({ workspace, ownedSince }, index) => ({
    id: workspace.id,
    name: workspace.name,
    ownedSince: ownedSince ?? workspace.createdAt,
    plan: workspace.plan,
    isFrozen: workspace.isFrozen,
    tokens: workspace.tokenCount,
    members: members[index] ?? 0,
  }));
}

/**
 * Sets a workspace's plan and frozen state, only while `ownerId` still owns it. False when it is
 * gone or was transferred meanwhile.
 */
export async function writeWorkspacePlan(options: {
  workspaceId: string;
  ownerId: string;
  plan: Plan;
  isFrozen: boolean;
  now: Date;
}): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(options.workspaceId),
        UpdateExpression: 'SET #plan = :plan, isFrozen = :frozen, planChangedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND ownerId = :owner',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':plan': options.plan,
          ':frozen': options.isFrozen,
          ':owner': options.ownerId,
          ':now': options.now.toISOString(),
        },
      }),
    ),
  );
}

/** What a plan change learnt from Stripe, kept on the user item. */
export interface StripeLink {
  readonly customerId?: string;
  readonly subscriptionId?: string;
  /** The webhook event's `created` (epoch seconds). */
  readonly eventCreated?: number;
}

/** Sets the user's plan and downgraded flag (and what is known from Stripe, when given). */
export async function writeUserPlan(options: {
  userId: string;
  plan: Plan;
  downgraded: boolean;
  stripe?: StripeLink;
  now: Date;
}): Promise<void> {
  const sets = ['#plan = :plan', 'downgraded = :downgraded', 'planChangedAt = :now'];
  const values: Record<string, unknown> = {
    ':plan': options.plan,
    ':downgraded': options.downgraded,
    ':now': options.now.toISOString(),
  };
  const { customerId, subscriptionId, eventCreated } = options.stripe ?? {};
  if (customerId) {
    sets.push('stripeCustomerId = :customer');
    values[':customer'] = customerId;
  }
  if (subscriptionId) {
    sets.push('stripeSubscriptionId = :subscription');
    values[':subscription'] = subscriptionId;
  }
  if (eventCreated !== undefined) {
    sets.push('stripeEventCreated = :eventCreated');
    values[':eventCreated'] = eventCreated;
  }
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.user(options.userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: values,
    }),
  );
}
