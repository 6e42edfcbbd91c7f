/**
 * The tokens due for an alert (ACCESS_PATTERNS.md row 14): per shard of the sparse `due-alerts`
 * index (keys only), `nextAlertAt <= now`, then the token items by key. Never a Scan: the reads
 * grow with the due tokens, not with the inventory. A malformed token item is logged and left
 * out, so one bad item does not stop the alerts of every other workspace.
 */
import { ALL_DUE_SHARDS } from '../domain/alert-schedule';
import { findDueItems } from './due-index';
import { tokenCodec, type TokenRecord } from './entities/token';

export function findDueTokens(now: Date): Promise<TokenRecord[]> {
  return findDueItems({
    shards: ALL_DUE_SHARDS,
    now,
    decode: (item) => tokenCodec.fromItem(item),
    job: 'expiry-scan',
    malformedMessage: 'Due token left out of the expiry scan',
  });
}
