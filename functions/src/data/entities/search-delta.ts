/**
 * The search delta entity (ACCESS_PATTERNS.md row 13; data/search-index.ts; codec pattern:
 * entity-codec.ts): `pk=WS#<workspaceId>`, `sk=SEARCH#DELTA#<deltaId>`, written by every token
 * transaction (create, edit, renewal, deletion, transfer, import batch) in that transaction, with
 * the search entries of the tokens it wrote (tombstones for those it deleted or moved out) and
 * each token's prior, its entry before the write (domain/search-origins; `absent` for a token
 * created). Folded into search packs, then deleted.
 *
 * Stored as a pack stores its items (entities/search-entry-tuples.ts `deflateItems`, the prior
 * as the entry's origin): `data`, deflated, and `entryCount`, so that a batch of 98 tokens with
 * their priors stays under DynamoDB's 400 KB. A delta from before priors holds `entries`, a
 * list of tuples: each prior reads as `unknown`.
 *
 * Reading: workspace and delta id come from the key; `data` must inflate to `entryCount`
 * well-formed packed items, or every one of `entries` must be a well-formed tuple.
 */
import * as z from 'zod';
import type { SearchEntry } from '../../domain/search-entries';
import type { ItemOrigin } from '../../domain/search-origins';
import { keyParts, keys } from '../keys';
import { MalformedItemError, parseItem, requireKeyPart, type EntityCodec } from './entity-codec';
import { deflateItems, entryOfTuple, inflateItems } from './search-entry-tuples';

export interface SearchDeltaRecord {
  readonly workspaceId: string;
  readonly deltaId: string;
  readonly entries: readonly SearchEntry[];
  /** Aligned with `entries`: what each token was before the write. */
  readonly priors: readonly ItemOrigin[];
}

export const searchDeltaItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SEARCH_DELTA'),
  entryCount: z.number().int().nonnegative().optional(),
  data: z.instanceof(Uint8Array).optional(),
  /** A delta from before priors. */
  entries: z.array(z.array(z.string())).optional(),
});

export type SearchDeltaItem = z.output<typeof searchDeltaItemSchema>;

function entriesAndPriors(item: SearchDeltaItem): Pick<SearchDeltaRecord, 'entries' | 'priors'> {
  const malformed = (detail: string) =>
    new MalformedItemError('SEARCH_DELTA', `${item.pk} ${item.sk}`, detail);
  if (item.data !== undefined && item.entryCount !== undefined) {
    const items = inflateItems(item.data, item.entryCount, malformed);
    return { entries: items.map(({ entry }) => entry), priors: items.map(({ origin }) => origin) };
  }
  if (!item.entries) throw malformed('neither data and entryCount nor entries');
  const entries = item.entries.map((tuple, index) => {
    const entry = entryOfTuple(tuple);
    if (!entry) throw malformed(`entries.${index}`);
    return entry;
  });
  return { entries, priors: entries.map(() => 'unknown') };
}

export const searchDeltaCodec = {
  entity: 'SEARCH_DELTA',
  itemSchema: searchDeltaItemSchema,
  keyOf: ({ workspaceId, deltaId }) => keys.searchDelta(workspaceId, deltaId),
  toItem: ({ workspaceId, deltaId, entries, priors }) => ({
    ...keys.searchDelta(workspaceId, deltaId),
    entity: 'SEARCH_DELTA',
    entryCount: entries.length,
    data: deflateItems(
      entries.map((entry, index) => ({ entry, origin: priors[index] ?? 'unknown' })),
    ),
  }),
  fromItem(item) {
    const parsed = parseItem('SEARCH_DELTA', searchDeltaItemSchema, item);
    return {
      workspaceId: requireKeyPart(
        'SEARCH_DELTA',
        item,
        keyParts.workspaceId(parsed.pk),
        'workspace id',
      ),
      deltaId: requireKeyPart('SEARCH_DELTA', item, keyParts.searchDeltaId(parsed.sk), 'delta id'),
      ...entriesAndPriors(parsed),
    };
  },
} satisfies EntityCodec<SearchDeltaRecord, SearchDeltaItem>;
