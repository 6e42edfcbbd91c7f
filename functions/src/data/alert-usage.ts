/**
 * Monthly alert counters (ACCESS_PATTERNS.md rows 35–36): the deliveries an owner's plan allows
 * per calendar month (one item per owner and month, `pk=USER#<ownerId>`,
 * `sk=ALERT_USAGE#<YYYY-MM>`), and per workspace and month the attempts, successes and failures
 * of each channel kind (`pk=WS#<workspaceId>`, `sk=ALERT_STATS#<YYYY-MM>`). Both expire by TTL
 * a little over a year later.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ALERT_CHANNELS } from '@expiry-radar/shared/domain/alerts';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { epochSeconds, keys } from './keys';
import { batchGetAll, isConditionalCheckFailure, type TableItem } from './table-operations';

const COUNTER_RETENTION_SECONDS = 400 * 24 * 60 * 60;

export const alertUsageKey = (ownerId: string, month: string) => ({
  pk: keys.user(ownerId).pk,
  sk: `ALERT_USAGE#${month}`,
});

export const alertStatsKey = (workspaceId: string, month: string) => ({
  pk: keys.workspace(workspaceId).pk,
  sk: `ALERT_STATS#${month}`,
});

function ttlFor(month: string): number {
  return epochSeconds(new Date(`${month}-01T00:00:00Z`)) + COUNTER_RETENTION_SECONDS;
}

/** Counts one delivery against the owner's plan for the month; false when the limit is reached. */
export async function reserveDelivery(
  ownerId: string,
  plan: Plan,
  month: string,
): Promise<boolean> {
  const limit = PLAN_LIMITS[plan].alertDeliveriesPerMonth;
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: alertUsageKey(ownerId, month),
        UpdateExpression: 'ADD deliveries :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ...(limit === null
          ? {}
          : { ConditionExpression: 'attribute_not_exists(deliveries) OR deliveries < :limit' }),
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ttl': ttlFor(month),
          ...(limit === null ? {} : { ':limit': limit }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives back a reserved delivery whose send failed. */
export async function releaseDelivery(ownerId: string, month: string): Promise<void> {
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: alertUsageKey(ownerId, month),
        UpdateExpression: 'ADD deliveries :minusOne',
        ConditionExpression: 'deliveries > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

export async function countDeliveryOutcome(
  workspaceId: string,
  month: string,
  kind: string,
  outcome: 'success' | 'failure',
): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: alertStatsKey(workspaceId, month),
      UpdateExpression: 'ADD #attempts :one, #outcome :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: {
        '#attempts': `${kind}#attempts`,
        '#outcome': `${kind}#${outcome === 'success' ? 'successes' : 'failures'}`,
        '#ttl': 'ttl',
      },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttlFor(month) },
    }),
  );
}

/** Deliveries counted this month, per owner asked for (0 when none). */
export async function readDeliveriesThisMonth(
  ownerIds: readonly string[],
  month: string,
): Promise<Map<string, number>> {
  const items = await batchGetAll(ownerIds.map((ownerId) => alertUsageKey(ownerId, month)));
  const counts = new Map(ownerIds.map((ownerId) => [ownerId, 0]));
  for (const item of items) {
    const ownerId = String(item.pk).slice('USER#'.length);
    counts.set(ownerId, typeof item.deliveries === 'number' ? item.deliveries : 0);
  }
  return counts;
}

export interface ChannelStats {
  readonly channel: string;
  readonly attempts: number;
  readonly successes: number;
  readonly failures: number;
}

/** Per channel kind, summed over the workspaces asked for; every kind listed, zeros included. */
export async function readAlertStats(
  workspaceIds: readonly string[],
  month: string,
): Promise<ChannelStats[]> {
  const items: TableItem[] = await batchGetAll(
    workspaceIds.map((workspaceId) => alertStatsKey(workspaceId, month)),
  );
  const read = (item: TableItem, name: string) => (typeof item[name] === 'number' ? item[name] : 0);
  return ALERT_CHANNELS.map((channel) => ({
    channel,
    attempts: items.reduce((sum, item) => sum + read(item, `${channel}#attempts`), 0),
    successes: items.reduce((sum, item) => sum + read(item, `${channel}#successes`), 0),
    failures: items.reduce((sum, item) => sum + read(item, `${channel}#failures`), 0),
  }));
}
