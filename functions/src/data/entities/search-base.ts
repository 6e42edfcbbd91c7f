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
 * - `S0`: the shared texts and their signatures' counts per cell (domain/search-shared-texts);
 * - `H<category>.<chunk>`: a category's head, its first entries in expiry order (the order of the
 *   expiry sort's index), `chunk` five digits so that a Query reads them in order: ids, revisions
 *   and tokens as in `I<chunk>`, and the entry tuple (entities/search-entry-tuples.ts) of each id
 *   whose token the base does not have (null elsewhere).
 *
 * Reading: workspace, base and part come from the key; `data` must inflate to the part's shape.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import * as z from 'zod';
import { CATEGORIES, isCategory, type Category } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { LiveSearchEntry } from '../../domain/search-entries';
import type { SharedTextStats } from '../../domain/search-shared-texts';
import { keyParts, keys } from '../keys';
import { tokenFromFieldsItem } from './token';
import { MalformedItemError, parseItem, requireKeyPart, type EntityCodec } from './entity-codec';
import { entryOfTuple, tupleOfEntry } from './search-entry-tuples';

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

export interface SearchSharedTextsPart {
  readonly kind: 'shared';
  readonly stats: SharedTextStats;
}

export interface SearchHeadChunk {
  readonly kind: 'head';
  readonly category: Category;
  readonly chunk: number;
  readonly ids: readonly string[];
  readonly revs: readonly string[];
  /** Each id's token at its revision, or null where the base has none. */
  readonly tokens: readonly (Token | null)[];
  /**
   * Each id's entry where its token is null (what a search matches it on); a chunk being written
   * may hold them all, only those are stored.
   */
  readonly entries: readonly (LiveSearchEntry | null)[];
}

export type SearchBasePart =
  SearchGramBucket | SearchIdChunk | SearchSharedTextsPart | SearchHeadChunk;

export interface SearchBasePartRecord {
  readonly workspaceId: string;
  readonly baseId: string;
  readonly part: SearchBasePart;
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

const sharedDataSchema = z.object({
  texts: z.array(z.string()),
  cells: z.array(z.tuple([z.string(), z.string()])),
  signatures: z.array(
    z.object({
      texts: z.array(z.number().int().nonnegative()),
      counts: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().positive()])),
    }),
  ),
});
const headDataSchema = z.object({
  ids: z.array(z.string()),
  revs: z.array(z.string()),
  tokens: z.array(z.record(z.string(), z.unknown()).nullable()),
  entries: z.array(z.array(z.string()).nullable()),
});

/** Digits of a head chunk's number in its name: a Query of the head reads chunks in order. */
const HEAD_CHUNK_DIGITS = 5;

export type BasePartAddress =
  | { kind: 'grams'; bucket: number }
  | { kind: 'ids'; chunk: number }
  | { kind: 'shared' }
  | { kind: 'head'; category: Category; chunk: number };

/** The start of the names of a category's head chunks. */
export function headPartPrefix(category: Category): string {
  return `H${CATEGORIES.indexOf(category)}.`;
}

export function basePartName(part: BasePartAddress): string {
  switch (part.kind) {
    case 'grams':
      return `G${part.bucket}`;
    case 'ids':
      return `I${part.chunk}`;
    case 'shared':
      return 'S0';
    case 'head':
      return `${headPartPrefix(part.category)}${String(part.chunk).padStart(HEAD_CHUNK_DIGITS, '0')}`;
  }
}

function gapsOf(ordinals: readonly number[]): number[] {
  return ordinals.map((ordinal, at) => (at === 0 ? ordinal : ordinal - ordinals[at - 1]!));
}

function ordinalsOf(gaps: readonly number[]): number[] {
  let ordinal = 0;
  return gaps.map((gap) => (ordinal += gap));
}

function dataOf(part: SearchBasePart): unknown {
  if (part.kind === 'shared') {
    const { texts, cells, signatures } = part.stats;
    return {
      texts,
      cells: cells.map(({ category, sectionKey }) => [category, sectionKey]),
      signatures,
    };
  }
  if (part.kind === 'head') {
    return {
      ids: part.ids,
      revs: part.revs,
      tokens: part.tokens.map(storedFieldsOf),
      entries: part.entries.map((entry, at) =>
        entry && !part.tokens[at] ? tupleOfEntry(entry) : null,
      ),
    };
  }
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
  malformed: Malformed,
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

type Malformed = (detail: string) => MalformedItemError;

function decodeShared(data: unknown, malformed: Malformed): SearchSharedTextsPart {
  const shared = sharedDataSchema.safeParse(data);
  if (!shared.success) throw malformed('data: not shared texts');
  const { texts, cells, signatures } = shared.data;
  const stats = {
    texts,
    cells: cells.map(([category, sectionKey]) => {
      if (!isCategory(category)) throw malformed(`data: ${category} is not a category`);
      return { category, sectionKey };
    }),
    signatures,
  };
  for (const { texts: held, counts } of signatures) {
    if (held.some((at) => at >= texts.length) || counts.some(([cell]) => cell >= cells.length)) {
      throw malformed('data: a signature names a text or cell it does not hold');
    }
  }
  return { kind: 'shared', stats };
}

function decodeHead(
  data: unknown,
  workspaceId: string,
  name: string,
  malformed: Malformed,
): SearchHeadChunk {
  const match = /^H(\d)\.(\d+)$/.exec(name);
  const category = CATEGORIES[Number(match?.[1])];
  if (!match || !category) throw malformed('part: not H<category>.<chunk>');
  const head = headDataSchema.safeParse(data);
  if (!head.success) throw malformed('data: not a head chunk');
  const { ids, revs, tokens, entries } = head.data;
  if ([revs, tokens, entries].some((list) => list.length !== ids.length)) {
    throw malformed('data: not a revision, token and entry for each id');
  }
  return {
    kind: 'head',
    category,
    chunk: Number(match[2]),
    ids,
    revs,
    tokens: tokens.map(tokenAt(workspaceId, ids, revs, malformed)),
    entries: entries.map((tuple, at) => {
      if (tuple === null) return null;
      const entry = entryOfTuple(tuple);
      if (!entry || entry.deleted) throw malformed(`data: entry ${at} is not a live entry`);
      return entry;
    }),
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
  if (name === 'S0') return decodeShared(data, malformed);
  if (name.startsWith('H')) return decodeHead(data, workspaceId, name, malformed);
  const index = Number(name.slice(1));
  if (!Number.isInteger(index) || index < 0)
    throw malformed('part: not G<n>, I<n>, S0 or H<c>.<n>');
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
