/**
 * Monthly alert counters (ACCESS_PATTERNS.md rows 35–36; items of entities/alert-usage.ts): the
 * deliveries an owner's plan allows per calendar month, reserved before a send and released when
 * it failed, and per workspace and month the attempts, successes and failures of each channel
 * kind. Counters change with `ADD`, so concurrent workers never lose a count.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ALERT_CHANNELS } from '@expiry-radar/shared/domain/alerts';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  alertStatsAttribute,
  alertStatsCodec,
  alertUsageCodec,
  counterTtl,
  type AlertStatsCounter,
  type ChannelStats,
} from './entities/alert-usage';
import { keys } from './keys';
import { batchGetAll, conditionalWrite } from './table-operations';

/** Counts one delivery against the owner's plan for the month; false when the limit is reached. */
export async function reserveDelivery(
  ownerId: string,
  plan: Plan,
  month: string,
): Promise<boolean> {
  const limit = PLAN_LIMITS[plan].alertDeliveriesPerMonth;
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.alertUsage(ownerId, month),
        UpdateExpression: 'ADD deliveries :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ...(limit === null
          ? {}
          : { ConditionExpression: 'attribute_not_exists(deliveries) OR deliveries < :limit' }),
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ttl': counterTtl(month),
          ...(limit === null ? {} : { ':limit': limit }),
        },
      }),
    ),
  );
}

/** Gives back a reserved delivery whose send failed. */
export async function releaseDelivery(ownerId: string, month: string): Promise<void> {
  await conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.alertUsage(ownerId, month),
        UpdateExpression: 'ADD deliveries :minusOne',
        ConditionExpression: 'deliveries > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
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
      Key: keys.alertStats(workspaceId, month),
      UpdateExpression: 'ADD #attempts :one, #outcome :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: {
        '#attempts': alertStatsAttribute(kind, 'attempts'),
        '#outcome': alertStatsAttribute(kind, outcome === 'success' ? 'successes' : 'failures'),
        '#ttl': 'ttl',
      },
      ExpressionAttributeValues: { ':one': 1, ':ttl': counterTtl(month) },
    }),
  );
}

/** Deliveries counted this month, per owner asked for (0 when none). */
export async function readDeliveriesThisMonth(
  ownerIds: readonly string[],
  month: string,
): Promise<Map<string, number>> {
  const items = await batchGetAll(ownerIds.map((ownerId) => keys.alertUsage(ownerId, month)));
  const counts = new Map(ownerIds.map((ownerId) => [ownerId, 0]));
  for (const item of items) {
    const usage = alertUsageCodec.fromItem(item);
    counts.set(usage.ownerId, usage.deliveries);
  }
  return counts;
}

/** Per channel kind, summed over the workspaces asked for; every kind listed, zeros included. */
export async function readAlertStats(
  workspaceIds: readonly string[],
  month: string,
): Promise<ChannelStats[]> {
  const items = await batchGetAll(
    workspaceIds.map((workspaceId) => keys.alertStats(workspaceId, month)),
  );
  const perWorkspace = items.map((item) => alertStatsCodec.fromItem(item).channels);
  const sum = (channel: string, counter: AlertStatsCounter) =>
    perWorkspace.reduce(
      (total, channels) =>
        total + (channels.find((stats) => stats.channel === channel)?.[counter] ?? 0),
      0,
    );
  return ALERT_CHANNELS.map((channel) => ({
    channel,
    attempts: sum(channel, 'attempts'),
    successes: sum(channel, 'successes'),
    failures: sum(channel, 'failures'),
  }));
}
