/**
 * The search pack entity (ACCESS_PATTERNS.md row 13; data/search-index.ts; codec pattern:
 * entity-codec.ts): `pk=WS#<workspaceId>`, `sk=SEARCH#PACK#<packId>`, the search entries of up
 * to thousands of tokens, written once and never changed: `data` is the JSON array of their
 * tuples (entities/search-entry-tuples.ts), deflated, at most PACK_MAX_BYTES so the item stays
 * well under DynamoDB's 400 KB; `entryCount` is how many it holds.
 *
 * Reading: workspace and pack id come from the key; `data` must inflate to an array of
 * well-formed tuples, as many as `entryCount` says.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import * as z from 'zod';
import type { SearchEntry } from '../../domain/search-entries';
import { keyParts, keys } from '../keys';
import { MalformedItemError, parseItem, requireKeyPart, type EntityCodec } from './entity-codec';
import { entryOfTuple, tupleOfEntry } from './search-entry-tuples';

/** The most a pack's `data` holds: the item stays under 400 KB with its key and attributes. */
export const PACK_MAX_BYTES = 300_000;

export interface SearchPackRecord {
  readonly workspaceId: string;
  readonly packId: string;
  readonly entries: readonly SearchEntry[];
}

export const searchPackItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SEARCH_PACK'),
  entryCount: z.number().int().nonnegative(),
  data: z.instanceof(Uint8Array),
});

export type SearchPackItem = z.output<typeof searchPackItemSchema>;

function malformed(item: { pk: string; sk: string }, detail: string): MalformedItemError {
  return new MalformedItemError('SEARCH_PACK', `${item.pk} ${item.sk}`, detail);
}

function decode(item: SearchPackItem): SearchEntry[] {
  let tuples: unknown;
  try {
    tuples = JSON.parse(inflateRawSync(item.data).toString('utf8'));
  } catch {
    throw malformed(item, 'data: not deflated JSON');
  }
  if (!Array.isArray(tuples) || tuples.length !== item.entryCount) {
    throw malformed(item, `data: not an array of ${item.entryCount} entries`);
  }
  return tuples.map((tuple, index) => {
    const entry = entryOfTuple(tuple);
    if (!entry) throw malformed(item, `data.${index}`);
    return entry;
  });
}

export const searchPackCodec = {
  entity: 'SEARCH_PACK',
  itemSchema: searchPackItemSchema,
  keyOf: ({ workspaceId, packId }) => keys.searchPack(workspaceId, packId),
  toItem: ({ workspaceId, packId, entries }) => ({
    ...keys.searchPack(workspaceId, packId),
    entity: 'SEARCH_PACK',
    entryCount: entries.length,
    data: deflateRawSync(Buffer.from(JSON.stringify(entries.map(tupleOfEntry)), 'utf8')),
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
      entries: decode(parsed),
    };
  },
} satisfies EntityCodec<SearchPackRecord, SearchPackItem>;
