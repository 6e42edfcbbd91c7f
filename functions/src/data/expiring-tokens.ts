/**
 * The tokens of a workspace whose expiry date falls between two days (ACCESS_PATTERNS.md row 47:
 * the weekly summary): per category, a Query of its gsi2 (expiry) partition with `gsi2sk BETWEEN`
 * the two days, ordered by expiry. A malformed token item is left out, as the expiry scan does.
 */
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { logger } from '../platform/logger';
import { MalformedItemError } from './entities/entity-codec';
import { tokenCodec } from './entities/token';
import { tokenIndexKeys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryAll } from './table-operations';

/** Tokens expiring from day `from` to day `to` (`YYYY-MM-DD`, both included), soonest first. */
export async function listTokensExpiringBetween(
  workspaceId: string,
  from: string,
  to: string,
): Promise<Token[]> {
  const perCategory = await Promise.all(
    CATEGORIES.map((category) =>
      queryAll({
        IndexName: INDEX_NAMES.tokensByExpiry,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': tokenIndexKeys.partition(workspaceId, category),
          ':from': from,
          // Every expiry of day `to`, with or without a time, and any token id.
          ':to': `${to}\uffff`,
        },
      }),
    ),
  );
  return perCategory
    .flat()
    .flatMap((item) => {
      try {
        return [tokenCodec.fromItem(item).token];
      } catch (error) {
        if (!(error instanceof MalformedItemError)) throw error;
        logger.error('Token left out of the weekly summary', { error: error.message });
        return [];
      }
    })
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
}
