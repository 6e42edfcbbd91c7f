/**
 * The search pack entity (ACCESS_PATTERNS.md row 13; data/search-index.ts; codec pattern:
 * entity-codec.ts): `pk=WS#<workspaceId>`, `sk=SEARCH#PACK#<packId>`, the search entries of up
 * to thousands of tokens with their origins (domain/search-origins), written once and never
 * changed: `data` is the JSON array of their packed items (entities/search-entry-tuples.ts
 * `deflateItems`: each entry's tuple with its origin's code appended), deflated, at most
 * PACK_MAX_BYTES so the item stays well under DynamoDB's 400 KB; `entryCount` is how many it
 * holds. A pack from before origins holds bare tuples: their origins are `unknown`.
 *
 * Reading: workspace and pack id come from the key; `data` must inflate to an array of
 * well-formed packed items, as many as `entryCount` says.
 */
import * as z from 'zod';
import type { OverlayItem } from '../../domain/search-origins';
import { keyParts, keys } from '../keys';
import { MalformedItemError, parseItem, requireKeyPart, type EntityCodec } from './entity-codec';
import { deflateItems, inflateItems } from './search-entry-tuples';

/** The most a pack's `data` holds: the item stays under 400 KB with its key and attributes. */
export const PACK_MAX_BYTES = 300_000;

export interface SearchPackRecord {
  readonly workspaceId: string;
  readonly packId: string;
  readonly items: readonly OverlayItem[];
}

export const searchPackItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SEARCH_PACK'),
  entryCount: z.number().int().nonnegative(),
  data: z.instanceof(Uint8Array),
});

export type SearchPackItem = z.output<typeof searchPackItemSchema>;

export const searchPackCodec = {
  entity: 'SEARCH_PACK',
  itemSchema: searchPackItemSchema,
  keyOf: ({ workspaceId, packId }) => keys.searchPack(workspaceId, packId),
  toItem: ({ workspaceId, packId, items }) => ({
    ...keys.searchPack(workspaceId, packId),
    entity: 'SEARCH_PACK',
    entryCount: items.length,
    data: deflateItems(items),
  }),
  fromItem(item) {
    const parsed = parseItem('SEARCH_PACK', searchPackItemSchema, item);
    return {
      workspaceId: requireKeyPart(
        'SEARCH_PACK',
        item,
        keyParts.workspaceId(parsed.pk),
        'workspace id',
      ),
      packId: requireKeyPart('SEARCH_PACK', item, keyParts.searchPackId(parsed.sk), 'pack id'),
      items: inflateItems(
        parsed.data,
        parsed.entryCount,
        (detail) => new MalformedItemError('SEARCH_PACK', `${parsed.pk} ${parsed.sk}`, detail),
      ),
    };
  },
} satisfies EntityCodec<SearchPackRecord, SearchPackItem>;
