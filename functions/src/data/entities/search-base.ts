/**
 * The parts of a search index's base (ACCESS_PATTERNS.md row 13e; data/search-base.ts; codec
 * pattern: entity-codec.ts): `pk=WS#<workspaceId>`, `sk=SEARCH#BASE#<baseId>#<part>`, written once
 * and never changed, `data` deflated JSON:
 *
 * - `G<bucket>`: the grams whose hash falls in the bucket: for each gram of at most a few
 *   thousand entries the ordinals of those entries (ascending, each stored as its distance from the
 *   one before), and the grams of more entries than that, named as common;
 * - `I<chunk>`: the token ids of ordinals `chunk * chunkSize` onwards, with their entries'
 *   revisions (a base written before revisions were kept has the ids alone) and each token's API
 *   fields at that revision without the id, revision and workspace (the chunk and its key hold
 *   them), or null where the base has none (a base written before tokens were kept has no
 *   `tokens`).
 *
 * Reading: workspace, base and part come from the key; `data` must inflate to the part's shape.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import * as z from 'zod';
import type { Token } from '@expiry-radar/shared/domain/token';
import { keyParts, keys } from '../keys';
import { tokenFromFieldsItem } from './token';
import { MalformedItemError, parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface SearchGramBucket {
  readonly kind: 'grams';
  readonly bucket: number;
  /** Grams of more entries than the base keeps ordinals for. */
  readonly common: readonly string[];
  /** Each other gram's ordinals, ascending. */
  readonly postings: Readonly<Record<string, readonly number[]>>;
}

export interface SearchIdChunk {
  readonly kind: 'ids';
  readonly chunk: number;
  readonly ids: readonly string[];
  /** The revision of each id's entry, by position; absent in a base written before. */
  readonly revs?: readonly string[];
  /**
   * Each id's token at its entry's revision, by position (null: the base has none of it), so a
   * search answers from the chunk without reading the token; absent in a base written before.
   */
  readonly tokens?: readonly (Token | null)[];
}

export interface SearchBasePartRecord {
  readonly workspaceId: string;
  readonly baseId: string;
  readonly part: SearchGramBucket | SearchIdChunk;
}

export const searchBasePartItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SEARCH_BASE_PART'),
  data: z.instanceof(Uint8Array),
});

export type SearchBasePartItem = z.output<typeof searchBasePartItemSchema>;

const bucketDataSchema = z.object({
  common: z.array(z.string()),
  gaps: z.record(z.string(), z.array(z.number().int().nonnegative())),
});
const idsDataSchema = z.union([
  z.object({
    ids: z.array(z.string()),
    revs: z.array(z.string()),
    tokens: z.array(z.record(z.string(), z.unknown()).nullable()).optional(),
  }),
  z.array(z.string()),
]);

export function basePartName(
  part: { kind: 'grams'; bucket: number } | { kind: 'ids'; chunk: number },
) {
  return part.kind === 'grams' ? `G${part.bucket}` : `I${part.chunk}`;
}

function gapsOf(ordinals: readonly number[]): number[] {
  return ordinals.map((ordinal, at) => (at === 0 ? ordinal : ordinal - ordinals[at - 1]!));
}

function ordinalsOf(gaps: readonly number[]): number[] {
  let ordinal = 0;
  return gaps.map((gap) => (ordinal += gap));
}

function dataOf(part: SearchBasePartRecord['part']): unknown {
  if (part.kind === 'ids') {
    if (!part.revs) return part.ids;
    return part.tokens
      ? { ids: part.ids, revs: part.revs, tokens: part.tokens.map(storedFieldsOf) }
      : { ids: part.ids, revs: part.revs };
  }
  const gaps: Record<string, number[]> = {};
  for (const [gram, ordinals] of Object.entries(part.postings)) gaps[gram] = gapsOf(ordinals);
  return { common: part.common, gaps };
}

/** What a chunk stores of a token: all but what the chunk and its key already hold. */
function storedFieldsOf(token: Token | null) {
  if (token === null) return null;
  const { id: _id, updated_at: _updatedAt, workspace_id: _workspaceId, ...stored } = token;
  return stored;
}

/** Reads a chunk's stored token: the token of the id and revision at its place. */
function tokenAt(
  workspaceId: string,
  ids: readonly string[],
  revs: readonly string[],
  malformed: (detail: string) => MalformedItemError,
) {
  return (stored: Record<string, unknown> | null, at: number): Token | null => {
    if (stored === null) return null;
    try {
      return tokenFromFieldsItem({
        ...stored,
        id: ids[at],
        updated_at: revs[at],
        workspace_id: workspaceId,
      });
    } catch {
      throw malformed(`data: token ${at} is not a token`);
    }
  };
}

function decode(
  item: SearchBasePartItem,
  workspaceId: string,
  name: string,
): SearchBasePartRecord['part'] {
  const malformed = (detail: string) =>
    new MalformedItemError('SEARCH_BASE_PART', `${item.pk} ${item.sk}`, detail);
  let data: unknown;
  try {
    data = JSON.parse(inflateRawSync(item.data).toString('utf8'));
  } catch {
    throw malformed('data: not deflated JSON');
  }
  const index = Number(name.slice(1));
  if (!Number.isInteger(index) || index < 0) throw malformed('part: not G<n> or I<n>');
  if (name.startsWith('I')) {
    const chunk = idsDataSchema.safeParse(data);
    if (!chunk.success) throw malformed('data: not a list of ids');
    if (Array.isArray(chunk.data)) return { kind: 'ids', chunk: index, ids: chunk.data };
    const { ids, revs, tokens } = chunk.data;
    if (revs.length !== ids.length) throw malformed('data: not a revision for each id');
    if (!tokens) return { kind: 'ids', chunk: index, ids, revs };
    if (tokens.length !== ids.length) throw malformed('data: not a token or null for each id');
    return {
      kind: 'ids',
      chunk: index,
      ids,
      revs,
      tokens: tokens.map(tokenAt(workspaceId, ids, revs, malformed)),
    };
  }
  const bucket = bucketDataSchema.safeParse(data);
  if (!name.startsWith('G') || !bucket.success) throw malformed('data: not a gram bucket');
  const postings: Record<string, number[]> = {};
  for (const [gram, gaps] of Object.entries(bucket.data.gaps)) postings[gram] = ordinalsOf(gaps);
  return { kind: 'grams', bucket: index, common: bucket.data.common, postings };
}

export const searchBasePartCodec = {
  entity: 'SEARCH_BASE_PART',
  itemSchema: searchBasePartItemSchema,
  keyOf: ({ workspaceId, baseId, part }) =>
    keys.searchBasePart(workspaceId, baseId, basePartName(part)),
  toItem: ({ workspaceId, baseId, part }) => ({
    ...keys.searchBasePart(workspaceId, baseId, basePartName(part)),
    entity: 'SEARCH_BASE_PART',
    data: deflateRawSync(Buffer.from(JSON.stringify(dataOf(part)), 'utf8')),
  }),
  fromItem(item) {
    const parsed = parseItem('SEARCH_BASE_PART', searchBasePartItemSchema, item);
    const basePart = requireKeyPart(
      'SEARCH_BASE_PART',
      item,
      keyParts.searchBasePart(parsed.sk),
      'base part',
    );
    const separator = basePart.lastIndexOf('#');
    const workspaceId = requireKeyPart(
      'SEARCH_BASE_PART',
      item,
      keyParts.workspaceId(parsed.pk),
      'workspace id',
    );
    return {
      workspaceId,
      baseId: basePart.slice(0, Math.max(0, separator)),
      part: decode(parsed, workspaceId, basePart.slice(separator + 1)),
    };
  },
} satisfies EntityCodec<SearchBasePartRecord, SearchBasePartItem>;
