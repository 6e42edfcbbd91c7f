/**
 * The base of a workspace's search index (ACCESS_PATTERNS.md row 13e; data/search-index.ts): a
 * trigram index over the entries of the packs it was built from, so that a search of three
 * characters or more reads a few small items instead of every pack.
 *
 * Entries get ordinals (their place in name order, then id); for each trigram of their searched
 * texts (domain/search-grams) the base keeps the ordinals of the entries holding it, in gram
 * buckets chosen by the gram's hash, and the ids (with their revisions and, where the base has them,
 * their tokens at those revisions: search-base-tokens.ts) of the ordinals in chunks. A gram of more than
 * `commonGramEntries` entries is only named as common: a search made only of common grams takes
 * the full read. The base is only ever a superset: the tokens holding every gram of a search
 * include those that match it; the caller reads those tokens and keeps those that match.
 *
 * Texts many entries share (a vendor, an issuer) are not in the trigrams: the base counts them
 * (domain/search-shared-texts: part `S0`), so that a search matching one is counted exactly
 * without reading its matches (data/search-base-answer.ts). For the page of such a search, each
 * category also has a *head*: its first `headEntries` entries in expiry order with their tokens,
 * the order of the expiry sort.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { entrySortKey, type LiveSearchEntry } from '../domain/search-entries';
import { entryGrams, searchGrams } from '../domain/search-grams';
import {
  sharedTextStats,
  type SharedTextLimits,
  type SharedTextStats,
} from '../domain/search-shared-texts';
import { compareUtf8 } from '../domain/token-search';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  basePartName,
  searchBasePartCodec,
  type SearchBasePart,
  type SearchHeadChunk,
} from './entities/search-base';
import type { SearchBaseHead, SearchBaseRef } from './entities/search-manifest';
import { epochSeconds, keys } from './keys';
import { batchGetAll, deleteItems } from './table-operations';

export interface SearchBaseLimits {
  /** A gram held by more entries than this is common: the base keeps no ordinals for it. */
  readonly commonGramEntries: number;
  readonly sharedTexts: SharedTextLimits;
  /** Entries in each category's head. */
  readonly headEntries: number;
}

/**
 * How a base is cut. A text of 500 entries or more is shared: its trigrams would each hold
 * hundreds of ordinals (or be common), while it costs one line of the shared texts. Heads of
 * 2,000 entries hold a page of 100 for a search that matches one in 20 of a category's tokens
 * (about 100 KB of chunks per category for the benchmark's tokens). Tests lower them.
 */
export const DEFAULT_BASE_LIMITS: SearchBaseLimits = {
  commonGramEntries: 2_000,
  sharedTexts: { leastEntries: 500, mostSignatures: 2_000 },
  headEntries: 2_000,
};
/** Ordinals per gram bucket, about (a few KB deflated: one read unit or less). */
const BUCKET_ORDINALS = 4_000;
/** Entries per chunk: with their tokens, about 2.5 KB for the benchmark's (under the 4 KB a read is charged at least). */
const CHUNK_SIZE = 50;
/** Base parts written at once. */
const WRITE_CONCURRENCY = 8;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** FNV-1a over the gram's UTF-16 units. */
function bucketOf(gram: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < gram.length; at += 1) {
    hash = Math.imul(hash ^ gram.charCodeAt(at), 0x01000193) >>> 0;
  }
  return hash % buckets;
}

/**
 * The parts of a base over `entries` (in any order) with the tokens it keeps (by id, each at its
 * entry's revision), and how many gram buckets it has.
 */
export function baseParts(
  entries: readonly LiveSearchEntry[],
  tokens: ReadonlyMap<string, Token>,
  limits: SearchBaseLimits = DEFAULT_BASE_LIMITS,
): {
  parts: SearchBasePart[];
  buckets: number;
  heads: SearchBaseHead[];
} {
  const shared = sharedTextStats(entries, limits.sharedTexts);
  const sharedTexts = new Set(shared.texts);
  // In name order: tokens that match a search together mostly share a name's part ("acme-prod-"),
  // so their ordinals are near and their ids in the same few chunks (a chunk read per candidate
  // in id order).
  const ordered = [...entries].sort(
    (a, b) => compareText(a.name, b.name) || compareText(a.id, b.id),
  );
  const postings = new Map<string, number[]>();
  ordered.forEach((entry, ordinal) => {
    for (const gram of entryGrams(entry, sharedTexts)) {
      const list = postings.get(gram);
      if (list) list.push(ordinal);
      else postings.set(gram, [ordinal]);
    }
  });
  let kept = 0;
  for (const list of postings.values()) {
    if (list.length <= limits.commonGramEntries) kept += list.length;
  }
  const buckets = Math.max(1, Math.ceil(kept / BUCKET_ORDINALS));
  const grams = Array.from({ length: buckets }, (_, bucket) => ({
    kind: 'grams' as const,
    bucket,
    common: [] as string[],
    postings: {} as Record<string, number[]>,
  }));
  for (const [gram, list] of postings) {
    const part = grams[bucketOf(gram, buckets)]!;
    if (list.length > limits.commonGramEntries) part.common.push(gram);
    else part.postings[gram] = list;
  }
  const chunks = Array.from({ length: Math.ceil(ordered.length / CHUNK_SIZE) }, (_, chunk) => {
    const inChunk = ordered.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE);
    return {
      kind: 'ids' as const,
      chunk,
      ids: inChunk.map(({ id }) => id),
      revs: inChunk.map(({ rev }) => rev),
      tokens: inChunk.map(({ id }) => tokens.get(id) ?? null),
    };
  });
  const { parts: headParts, heads } = headsOf(entries, tokens, limits.headEntries);
  return {
    parts: [...grams, ...chunks, { kind: 'shared', stats: shared }, ...headParts],
    buckets,
    heads,
  };
}

/** Each category's first `headEntries` entries in the expiry sort's order, in chunks. */
function headsOf(
  entries: readonly LiveSearchEntry[],
  tokens: ReadonlyMap<string, Token>,
  headEntries: number,
): { parts: SearchHeadChunk[]; heads: SearchBaseHead[] } {
  const parts: SearchHeadChunk[] = [];
  const heads: SearchBaseHead[] = [];
  for (const category of CATEGORIES) {
    const ofCategory = entries
      .filter((entry) => entry.category === category)
      .map((entry) => ({ entry, key: entrySortKey(entry, 'expiration_asc') }))
      .sort((a, b) => compareUtf8(a.key, b.key))
      .slice(0, headEntries + 1);
    const head = ofCategory.slice(0, headEntries).map(({ entry }) => entry);
    const chunks = Math.ceil(head.length / CHUNK_SIZE);
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const inChunk = head.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE);
      parts.push({
        kind: 'head',
        category,
        chunk,
        ids: inChunk.map(({ id }) => id),
        revs: inChunk.map(({ rev }) => rev),
        tokens: inChunk.map(({ id }) => tokens.get(id) ?? null),
        entries: inChunk,
      });
    }
    heads.push({ category, chunks, complete: ofCategory.length <= headEntries });
  }
  return { parts, heads };
}

function chunkPartNames(base: SearchBaseRef): string[] {
  return Array.from({ length: Math.ceil(base.entries / base.chunkSize) }, (_, chunk) =>
    basePartName({ kind: 'ids', chunk }),
  );
}

function headPartNames(base: SearchBaseRef): string[] {
  if (!base.heads) return [];
  return [
    basePartName({ kind: 'shared' }),
    ...base.heads.flatMap(({ category, chunks }) =>
      Array.from({ length: chunks }, (_, chunk) => basePartName({ kind: 'head', category, chunk })),
    ),
  ];
}

function partKeys(workspaceId: string, base: SearchBaseRef) {
  const names = [
    ...Array.from({ length: base.buckets }, (_, bucket) => basePartName({ kind: 'grams', bucket })),
    ...chunkPartNames(base),
    ...headPartNames(base),
  ];
  return names.map((name) => keys.searchBasePart(workspaceId, base.id, name));
}

export async function deleteSearchBase(workspaceId: string, base: SearchBaseRef): Promise<void> {
  await deleteItems(partKeys(workspaceId, base));
}

/**
 * How long a base's parts live (the table's TTL removes them, at no write cost): a base replaced
 * is left to expire instead of being deleted, which would cost as many write units as writing it
 * (half of what a rebuild wrote). The writes' compactions build a base again well before
 * (`BASE_REFRESH_BEFORE_EXPIRY`); a workspace with no token write for that long loses its base and
 * its searches read the packs, exact still, until its next write builds one.
 */
export const BASE_LIFETIME_DAYS = 30;
/** A base is due again this long before its parts expire. */
export const BASE_REFRESH_BEFORE_EXPIRY_DAYS = 10;

const DAY_MS = 86_400_000;

/** Whether the base's parts expire within the refresh window (a base written before: never). */
export function baseNearsExpiry(base: SearchBaseRef, now: Date): boolean {
  if (base.expiresAt === undefined) return false;
  return Date.parse(base.expiresAt) - now.getTime() <= BASE_REFRESH_BEFORE_EXPIRY_DAYS * DAY_MS;
}

/**
 * Retires a base the manifest no longer names: one written with a lifetime is left to expire
 * (a search still reading it reads a consistent, older index); one written before is deleted.
 */
export async function retireSearchBase(workspaceId: string, base: SearchBaseRef): Promise<void> {
  if (base.expiresAt === undefined) await deleteSearchBase(workspaceId, base);
}

/**
 * A chunk's item stays well under DynamoDB's 400 KB (and a search's read of it small): a chunk
 * whose tokens deflate to more leaves out its largest ones, which searches read by key.
 */
const CHUNK_MAX_BYTES = 64_000;

type BasePartItem = ReturnType<typeof searchBasePartCodec.toItem>;

/** The item of `part`, its tokens left out largest first while the item is over CHUNK_MAX_BYTES. */
function itemWithinLimit(workspaceId: string, baseId: string, part: SearchBasePart): BasePartItem {
  let current = part;
  let item = searchBasePartCodec.toItem({ workspaceId, baseId, part: current });
  // A head chunk stores the entry of a token it leaves out, so that searches still match it.
  while (
    (current.kind === 'ids' || current.kind === 'head') &&
    current.tokens &&
    item.data.length > CHUNK_MAX_BYTES
  ) {
    const sizes = current.tokens.map((token) => (token ? JSON.stringify(token).length : -1));
    const largest = sizes.indexOf(Math.max(...sizes));
    if (sizes[largest]! < 0) break;
    current = {
      ...current,
      tokens: current.tokens.map((token, at) => (at === largest ? null : token)),
    };
    item = searchBasePartCodec.toItem({ workspaceId, baseId, part: current });
  }
  return item;
}

/** The items of a base's parts (chunks over CHUNK_MAX_BYTES leave out their largest tokens). */
export function basePartItems(
  workspaceId: string,
  baseId: string,
  parts: readonly SearchBasePart[],
): BasePartItem[] {
  return parts.map((part) => itemWithinLimit(workspaceId, baseId, part));
}

/**
 * Writes a new base over `entries`, the live entries of the packs `packIds`, with the tokens it
 * keeps, before any manifest names it; its parts already written are deleted when a write fails.
 */
export async function writeSearchBase(
  workspaceId: string,
  entries: readonly LiveSearchEntry[],
  packIds: readonly string[],
  tokens: ReadonlyMap<string, Token>,
  limits: SearchBaseLimits = DEFAULT_BASE_LIMITS,
): Promise<SearchBaseRef> {
  const { parts, buckets, heads } = baseParts(entries, tokens, limits);
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + BASE_LIFETIME_DAYS * DAY_MS);
  const items = basePartItems(workspaceId, id, parts).map((item) => ({
    ...item,
    ttl: epochSeconds(expiresAt),
  }));
  const ref: SearchBaseRef = {
    id,
    packs: [...packIds],
    entries: entries.length,
    buckets,
    chunkSize: CHUNK_SIZE,
    bytes: items.reduce((sum, item) => sum + item.data.length, 0),
    // Those the build did not have (a later build reads them), not those left out for size.
    tokensMissing: entries.filter(({ id: tokenId }) => !tokens.has(tokenId)).length,
    heads,
    expiresAt: expiresAt.toISOString(),
  };
  try {
    for (let start = 0; start < items.length; start += WRITE_CONCURRENCY) {
      await Promise.all(
        items.slice(start, start + WRITE_CONCURRENCY).map((item) =>
          getDocumentClient().send(
            new PutCommand({
              TableName: getConfig().tableName,
              Item: item,
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        ),
      );
    }
  } catch (error) {
    await deleteSearchBase(workspaceId, ref).catch(() => {});
    throw error;
  }
  return ref;
}

function intersect(lists: readonly (readonly number[])[]): number[] {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  const sets = others.map((list) => new Set(list));
  return (shortest ?? []).filter((ordinal) => sets.every((set) => set.has(ordinal)));
}

async function readParts(
  workspaceId: string,
  base: SearchBaseRef,
  names: readonly string[],
): Promise<Map<string, SearchBasePart> | undefined> {
  const items = await batchGetAll(
    names.map((name) => keys.searchBasePart(workspaceId, base.id, name)),
  );
  if (items.length < names.length) return undefined;
  const parts = items.map((item) => searchBasePartCodec.fromItem(item).part);
  return new Map(parts.map((part) => [basePartName(part), part]));
}

/**
 * The tokens a base keeps, by id, each at its entry's revision (none from a base written before
 * tokens were kept), or undefined when a part is missing (the base was replaced meanwhile).
 */
export async function readBaseTokens(
  workspaceId: string,
  base: SearchBaseRef,
): Promise<Map<string, Token> | undefined> {
  const chunks = await readParts(workspaceId, base, chunkPartNames(base));
  if (!chunks) return undefined;
  const tokens = new Map<string, Token>();
  for (const chunk of chunks.values()) {
    if (chunk.kind !== 'ids') continue;
    for (const token of chunk.tokens ?? []) if (token) tokens.set(token.id, token);
  }
  return tokens;
}

/** What the base gives for a search: the tokens that may match, and the items read. */
export interface BaseCandidates {
  readonly ids: string[];
  /** The revision of each id's entry in the base (none for a base written before revisions). */
  readonly revs: ReadonlyMap<string, string>;
  /** The token of each id the base keeps, at that revision. */
  readonly tokens: ReadonlyMap<string, Token>;
  readonly itemsRead: number;
  /**
   * The base's shared texts (none in a base written before them). When one contains the search,
   * `ids` are only the candidates among the texts that are not shared: the matches through a
   * shared text are counted (data/search-base-answer.ts), not listed.
   */
  readonly shared: SharedTextStats | undefined;
}

/**
 * The ids of the base's entries that hold every gram of `search` that is not common, or
 * undefined when the base cannot narrow it to at most `most`: a search shorter than a gram or
 * made of common grams only, more candidates than that, or a part missing (the base was replaced
 * since the manifest was read).
 */
export async function readBaseCandidates(
  workspaceId: string,
  base: SearchBaseRef,
  search: string,
  most: number,
): Promise<BaseCandidates | undefined> {
  const grams = searchGrams(search);
  if (grams.length === 0) return undefined;
  const bucketNames = [
    ...new Set(
      grams.map((gram) => basePartName({ kind: 'grams', bucket: bucketOf(gram, base.buckets) })),
    ),
  ];
  const sharedName = basePartName({ kind: 'shared' });
  const buckets = await readParts(workspaceId, base, [
    ...bucketNames,
    ...(base.heads ? [sharedName] : []),
  ]);
  if (!buckets) return undefined;
  const sharedPart = buckets.get(sharedName);
  const shared = sharedPart?.kind === 'shared' ? sharedPart.stats : undefined;
  const lists: (readonly number[])[] = [];
  for (const gram of grams) {
    const part = buckets.get(basePartName({ kind: 'grams', bucket: bucketOf(gram, base.buckets) }));
    if (part?.kind !== 'grams' || part.common.includes(gram)) continue;
    lists.push(Object.hasOwn(part.postings, gram) ? part.postings[gram]! : []);
  }
  if (lists.length === 0) return undefined;
  const ordinals = intersect(lists);
  if (ordinals.length > most) return undefined;
  const chunkNames = [
    ...new Set(
      ordinals.map((ordinal) =>
        basePartName({ kind: 'ids', chunk: Math.floor(ordinal / base.chunkSize) }),
      ),
    ),
  ];
  const chunks =
    chunkNames.length > 0
      ? await readParts(workspaceId, base, chunkNames)
      : new Map<string, SearchBasePart>();
  if (!chunks) return undefined;
  const ids: string[] = [];
  const revs = new Map<string, string>();
  const tokens = new Map<string, Token>();
  for (const ordinal of ordinals) {
    const chunk = chunks.get(
      basePartName({ kind: 'ids', chunk: Math.floor(ordinal / base.chunkSize) }),
    );
    if (chunk?.kind !== 'ids') return undefined;
    const at = ordinal % base.chunkSize;
    const id = chunk.ids[at];
    if (id === undefined) return undefined;
    ids.push(id);
    const rev = chunk.revs?.[at];
    if (rev !== undefined) revs.set(id, rev);
    const token = chunk.tokens?.[at];
    if (token) tokens.set(id, token);
  }
  return {
    ids,
    revs,
    tokens,
    itemsRead: bucketNames.length + (shared ? 1 : 0) + chunkNames.length,
    shared,
  };
}
