/**
 * The tokens due for an alert (ACCESS_PATTERNS.md row 14): per shard of the sparse `due-alerts`
 * index (keys only), `nextAlertAt <= now`, then the token items by key. Never a Scan: the reads
 * grow with the due tokens, not with the inventory.
 */
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { INDEX_NAMES } from './table-definition';
import { batchGetAll, keyOf, queryAll, type TableItem } from './table-operations';

export async function findDueTokenItems(now: Date): Promise<TableItem[]> {
  const perShard = await Promise.all(
    ALL_DUE_SHARDS.map((shard) =>
      queryAll({
        IndexName: INDEX_NAMES.dueAlerts,
        KeyConditionExpression: 'dueShard = :shard AND nextAlertAt <= :now',
        ExpressionAttributeValues: { ':shard': shard, ':now': now.toISOString() },
      }),
    ),
  );
  const dueKeys = perShard.flat().map(keyOf);
  // The index is eventually consistent: read the items themselves, strongly.
  return batchGetAll(dueKeys, { consistentRead: true });
}
