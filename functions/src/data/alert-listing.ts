/**
 * The alert queue's list (ACCESS_PATTERNS.md row 15): the alert records of one or several
 * workspaces, newest window first. Per workspace a Query `sk begins_with ALERT#` descending
 * reads the first `count`; several workspaces are merged by sort key. The API's view of a record
 * is built in services/alerts/alert-queue-view.ts.
 */
import { alertCodec, type StoredAlertRecord } from './entities/alert';
import { ALERT_SORT_PREFIX, keys } from './keys';
import { queryFirst } from './table-operations';

async function listWorkspaceAlerts(
  workspaceId: string,
  count: number,
): Promise<StoredAlertRecord[]> {
  const items = await queryFirst(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.workspace(workspaceId).pk,
        ':prefix': ALERT_SORT_PREFIX,
      },
      ScanIndexForward: false,
    },
    count,
  );
  return items.map((item) => alertCodec.fromItem(item));
}

/** The newest `count` alerts of the workspaces together, newest window first. */
export async function listAlertRecords(
  workspaceIds: readonly string[],
  count: number,
): Promise<StoredAlertRecord[]> {
  const perWorkspace = await Promise.all(
    workspaceIds.map((workspaceId) => listWorkspaceAlerts(workspaceId, count)),
  );
  const sortKey = (record: StoredAlertRecord) => alertCodec.keyOf(record).sk;
  return perWorkspace
    .flat()
    .map((record) => ({ record, sk: sortKey(record) }))
    .sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0))
    .slice(0, count)
    .map(({ record }) => record);
}
