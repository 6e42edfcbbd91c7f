/**
 * What the scheduled jobs find due on the sparse `due-alerts` index: token alerts, endpoint
 * checks, integration syncs and weekly summaries each keep their next time in `nextAlertAt`
 * under shards of their own `dueShard`. Never a Scan: the reads grow with what is due, not with
 * the table.
 */
import { logger } from '../platform/logger';
import { MalformedItemError } from './entities/entity-codec';
import { INDEX_NAMES } from './table-definition';
import {
  reportWorkspaceFailure,
  unreadableItemReporter,
  workspaceOfKey,
  type WorkspaceJob,
} from '../platform/workspace-failures';
import { batchGetReadable, keyOf, queryAll, type TableItem } from './table-operations';

export interface DueItemsQuery<DueRecord> {
  /** The `dueShard` values to read, all of one kind of record. */
  readonly shards: readonly string[];
  readonly now: Date;
  readonly decode: (item: TableItem) => DueRecord;
  /**
   * Whether a record read is still due at `now` (ISO): the index is eventually consistent, so an item changed
   * since (turned off, moved to a later time) can still be listed under its old time.
   */
  readonly isDue?: (record: DueRecord, now: string) => boolean;
  /** The job reading them, which a failure of one workspace's item is reported for. */
  readonly job: WorkspaceJob;
  /** Logged, with the codec's error, for an item that does not decode. */
  readonly malformedMessage: string;
}

/**
 * The records due at `now` (`nextAlertAt <= now`): the keys per shard of the index, then the
 * items themselves by key, strongly consistent. An item that cannot be read or does not decode is
 * reported for its workspace (platform/workspace-failures) and left out, so one bad item does not
 * stop the job for every other workspace; still due, it is tried again at the next run.
 */
export async function findDueItems<DueRecord>(
  query: DueItemsQuery<DueRecord>,
): Promise<DueRecord[]> {
  const now = query.now.toISOString();
  const perShard = await Promise.all(
    query.shards.map((shard) =>
      queryAll({
        IndexName: INDEX_NAMES.dueAlerts,
        KeyConditionExpression: 'dueShard = :shard AND nextAlertAt <= :now',
        ExpressionAttributeValues: { ':shard': shard, ':now': now },
      }),
    ),
  );
  const items = await batchGetReadable(
    perShard.flat().map(keyOf),
    unreadableItemReporter(query.job),
    { consistentRead: true },
  );
  return items.flatMap((item) => {
    try {
      const record = query.decode(item);
      return !query.isDue || query.isDue(record, now) ? [record] : [];
    } catch (error) {
      if (!(error instanceof MalformedItemError)) throw error;
      logger.error(query.malformedMessage, { error: error.message });
      reportWorkspaceFailure(query.job, workspaceOfKey(keyOf(item)), error);
      return [];
    }
  });
}
