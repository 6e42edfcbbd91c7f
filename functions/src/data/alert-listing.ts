/**
 * The alert queue's list (ACCESS_PATTERNS.md row 15): the alert records of one or several
 * workspaces, newest queued first (`createdAt`: when the scan queued the alert, the time the
 * bell shows beside it). The records' own keys order them by window, not by when they were
 * queued, so each workspace is read from its alerts-by-time index partition (`gsi2`, every
 * attribute projected): a Query descending reads the first `count`; several workspaces are merged
 * by that index's sort key. The API's view of a record is built in
 * services/alerts/alert-queue-view.ts.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forEachLimited } from '../platform/concurrency';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  alertCodec,
  alertItemSchema,
  alertTimeIndexAttributes,
  type StoredAlertRecord,
} from './entities/alert';
import { alertTimeIndexMarkerCodec, isAlertTimeIndexMarker } from './entities/alert-time-index';
import { parseItem } from './entities/entity-codec';
import { ALERT_SORT_PREFIX, alertTimeIndexKeys, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import {
  isConditionalCheckFailure,
  queryAll,
  queryFirst,
  type TableItem,
} from './table-operations';

/** Index writes at once while a workspace's older records get their entries. */
const INDEXING_CONCURRENCY = 8;

/** The marker (first, when there is one) and the newest `count` records of the index partition. */
function readTimeIndex(workspaceId: string, count: number): Promise<TableItem[]> {
  return queryFirst(
    {
      IndexName: INDEX_NAMES.alertsByTime,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': alertTimeIndexKeys.partition(workspaceId) },
      ScanIndexForward: false,
    },
    count + 1,
  );
}

const unindexedAlertSchema = alertItemSchema.pick({
  pk: true,
  sk: true,
  entity: true,
  id: true,
  createdAt: true,
  gsi2pk: true,
});

/**
 * Gives the workspace's records stored before the alerts-by-time index their entries, then writes
 * the marker. Records the scan writes meanwhile carry their entry already; a record removed by its
 * TTL meanwhile is not brought back (the update's condition).
 */
async function indexOlderAlerts(workspaceId: string, now: Date): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspace(workspaceId).pk,
      ':prefix': ALERT_SORT_PREFIX,
    },
    ProjectionExpression: 'pk, sk, entity, id, createdAt, gsi2pk',
  });
  const unindexed = items
    .map((item) => parseItem('ALERT', unindexedAlertSchema, item))
    .filter((item) => item.gsi2pk === undefined);
  await forEachLimited(unindexed, INDEXING_CONCURRENCY, async (item) => {
    const entry = alertTimeIndexAttributes(item.id, item.createdAt);
    try {
      await getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':pk': entry.gsi2pk, ':sk': entry.gsi2sk },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  });
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: alertTimeIndexMarkerCodec.toItem({ workspaceId, indexedAt: now.toISOString() }),
    }),
  );
}

async function listWorkspaceAlerts(
  workspaceId: string,
  count: number,
  now: Date,
): Promise<StoredAlertRecord[]> {
  let items = await readTimeIndex(workspaceId, count);
  if (!items[0] || !isAlertTimeIndexMarker(items[0])) {
    await indexOlderAlerts(workspaceId, now);
    items = await readTimeIndex(workspaceId, count);
  }
  return items
    .filter((item) => !isAlertTimeIndexMarker(item))
    .slice(0, count)
    .map((item) => alertCodec.fromItem(item));
}

/** The newest `count` alerts of the workspaces together, newest queued first. */
export async function listAlertRecords(
  workspaceIds: readonly string[],
  count: number,
  now: Date,
): Promise<StoredAlertRecord[]> {
  const perWorkspace = await Promise.all(
    workspaceIds.map((workspaceId) => listWorkspaceAlerts(workspaceId, count, now)),
  );
  const sortKey = (record: StoredAlertRecord) =>
    alertTimeIndexAttributes(record.alertId, record.createdAt).gsi2sk;
  return perWorkspace
    .flat()
    .map((record) => ({ record, sk: sortKey(record) }))
    .sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0))
    .slice(0, count)
    .map(({ record }) => record);
}
