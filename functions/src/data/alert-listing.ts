/**
 * The alert queue's list (ACCESS_PATTERNS.md row 15): the alert records of one or several
 * workspaces, newest queued first (`createdAt`: when the scan queued the alert, the time the
 * bell shows beside it). The records' own keys order them by window, not by when they were
 * queued, so each workspace is read from its alerts-by-time index partition (`gsi2`, every
 * attribute projected): a Query descending reads the first `count`; several workspaces are merged
 * by that index's sort key. The API's view of a record is built in
 * services/alerts/alert-queue-view.ts.
 */
import { indexOlderAlerts } from './alert-time-indexing';
import { alertCodec, alertTimeIndexAttributes, type StoredAlertRecord } from './entities/alert';
import { isAlertTimeIndexMarker } from './entities/alert-time-index';
import { alertTimeIndexKeys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryFirst, type TableItem } from './table-operations';

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

async function listWorkspaceAlerts(
  workspaceId: string,
  count: number,
  now: Date,
): Promise<StoredAlertRecord[]> {
  let items = await readTimeIndex(workspaceId, count);
  if (!items[0] || !isAlertTimeIndexMarker(items[0])) {
    // Unfinished, the records given their entries so far are listed: the ones left are older than
    // every record written with its entry.
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
