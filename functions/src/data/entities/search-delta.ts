/**
 * The search delta entity (ACCESS_PATTERNS.md row 13; data/search-index.ts; codec pattern:
 * entity-codec.ts): `pk=WS#<workspaceId>`, `sk=SEARCH#DELTA#<deltaId>`, written by every token
 * transaction (create, edit, renewal, deletion, transfer, import batch) in that transaction, with
 * the search entries of the tokens it wrote (tombstones for those it deleted or moved out).
 * Folded into search packs, then deleted.
 *
 * Reading: workspace and delta id come from the key; every entry must be a well-formed tuple
 * (entities/search-entry-tuples.ts).
 */
import * as z from 'zod';
import type { SearchEntry } from '../../domain/search-entries';
import { keyParts, keys } from '../keys';
import { MalformedItemError, parseItem, requireKeyPart, type EntityCodec } from './entity-codec';
import { entryOfTuple, tupleOfEntry } from './search-entry-tuples';

export interface SearchDeltaRecord {
  readonly workspaceId: string;
  readonly deltaId: string;
  readonly entries: readonly SearchEntry[];
}

export const searchDeltaItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SEARCH_DELTA'),
  entries: z.array(z.array(z.string())),
});

export type SearchDeltaItem = z.output<typeof searchDeltaItemSchema>;

export const searchDeltaCodec = {
  entity: 'SEARCH_DELTA',
  itemSchema: searchDeltaItemSchema,
  keyOf: ({ workspaceId, deltaId }) => keys.searchDelta(workspaceId, deltaId),
  toItem: ({ workspaceId, deltaId, entries }) => ({
    ...keys.searchDelta(workspaceId, deltaId),
    entity: 'SEARCH_DELTA',
    entries: entries.map(tupleOfEntry),
  }),
  fromItem(item) {
    const { pk, sk, entries } = parseItem('SEARCH_DELTA', searchDeltaItemSchema, item);
    return {
      workspaceId: requireKeyPart('SEARCH_DELTA', item, keyParts.workspaceId(pk), 'workspace id'),
      deltaId: requireKeyPart('SEARCH_DELTA', item, keyParts.searchDeltaId(sk), 'delta id'),
      entries: entries.map((tuple, index) => {
        const entry = entryOfTuple(tuple);
        if (!entry) throw new MalformedItemError('SEARCH_DELTA', `${pk} ${sk}`, `entries.${index}`);
        return entry;
      }),
    };
  },
} satisfies EntityCodec<SearchDeltaRecord, SearchDeltaItem>;
