/**
 * The tokens due for an alert (ACCESS_PATTERNS.md row 14): per shard of the sparse `due-alerts`
 * index (keys only), `nextAlertAt <= now`, then the token items by key. Never a Scan: the reads
 * grow with the due tokens, not with the inventory. A malformed token item is logged and left
 * out, so one bad item does not stop the alerts of every other workspace.
 */
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { logger } from '../platform/logger';
import { MalformedItemError } from './entities/entity-codec';
import { tokenCodec, type TokenRecord } from './entities/token';
import { INDEX_NAMES } from './table-definition';
import { batchGetAll, keyOf, queryAll } from './table-operations';

export async function findDueTokens(now: Date): Promise<TokenRecord[]> {
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
  const items = await batchGetAll(dueKeys, { consistentRead: true });
  return items.flatMap((item) => {
    try {
      return [tokenCodec.fromItem(item)];
    } catch (error) {
      if (!(error instanceof MalformedItemError)) throw error;
      logger.error('Due token left out of the expiry scan', { error: error.message });
      return [];
    }
  });
}
