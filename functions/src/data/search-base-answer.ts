/**
 * A search that matches a shared text of the base (domain/search-shared-texts), answered from
 * the base without reading its matches one by one (data/search-index.ts): exact total and facets
 * from counts, the page from the heads of the categories it lists (data/search-base.ts).
 *
 * Counting: the base's matches are those holding a shared text that contains the search (the
 * signatures' counts) and those matching through other texts only (among the trigram
 * candidates, read). The overlay (ids written since the base, each with its latest entry and
 * what the base holds of it: domain/search-origins) corrects them: an id's base entry that
 * matched through a shared text leaves the counts, its latest entry that matches joins them
 * (trigram candidates of the overlay are left to it).
 *
 * The page (expiry order only, the order the heads keep): the matches among the heads' entries
 * the overlay does not hold, with the overlay's matches, up to the first key not read yet of any
 * category listed; more chunks are read until the page is full. Undefined (the caller reads every
 * pack) when the answer cannot be exact: an origin not known, another sort, a head too short.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import type { TokenFacets } from '@expiry-radar/shared/api/token-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import {
  entryMatches,
  entrySortKey,
  searchEntryOf,
  type LiveSearchEntry,
} from '../domain/search-entries';
import type { OverlayState } from '../domain/search-origins';
import {
  entryMatchesSharedText,
  sharedMatchCounts,
  type SearchCell,
  type SharedTextStats,
} from '../domain/search-shared-texts';
import { facetsOfCells, inCategories, inSection, type CountedCell } from '../domain/token-counters';
import { compareUtf8 } from '../domain/token-search';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { basePartName, searchBasePartCodec, type SearchHeadChunk } from './entities/search-base';
import type { SearchBaseRef } from './entities/search-manifest';
import { keys } from './keys';

/** What the search asks for: its filters, sort and window. */
export interface SearchPageRequest {
  readonly category?: readonly Category[] | undefined;
  readonly section?: string | undefined;
  readonly sort: TokenSort;
  readonly offset: number;
  readonly limit: number;
}

/** A token wanted by id, no older than `rev` (data/token-listing.ts reads them). */
export type ReadTokens = (
  wanted: readonly { id: string; rev: string }[],
) => Promise<{ byId: ReadonlyMap<string, Token>; keysRead: number }>;

export interface BaseAnswerInput {
  readonly workspaceId: string;
  readonly base: SearchBaseRef;
  readonly search: string;
  readonly request: SearchPageRequest;
  readonly shared: SharedTextStats;
  /** The base's trigram candidates: the matches through texts that are not shared are among them. */
  readonly candidates: {
    readonly ids: readonly string[];
    readonly revs: ReadonlyMap<string, string>;
    readonly tokens: ReadonlyMap<string, Token>;
  };
  readonly overlay: ReadonlyMap<string, OverlayState>;
  readonly readTokens: ReadTokens;
}

export interface BaseAnswer {
  readonly items: Token[];
  readonly total: number;
  readonly facets: TokenFacets;
  /** Items read here: head chunks and tokens (the caller counts the index's own). */
  readonly itemsRead: number;
}

/** Chunks of a head read by the first Query of a category; each next Query reads twice as many. */
const FIRST_HEAD_CHUNKS = 2;

class CellCounts {
  private readonly counts = new Map<string, CountedCell>();

  add(cell: SearchCell, count: number) {
    const name = `${cell.category}\u0000${cell.sectionKey}`;
    const known = this.counts.get(name);
    this.counts.set(name, { ...cell, count: (known?.count ?? 0) + count });
  }

  cells(): CountedCell[] {
    return [...this.counts.values()];
  }
}

/** A match the page may show: its key in the expiry order, and its token where at hand. */
interface PageCandidate {
  readonly key: string;
  readonly id: string;
  readonly rev: string;
  readonly token: Token | null;
}

/** The counts of the search's matches per cell (every origin known), or undefined when not exact. */
async function countMatches(
  input: BaseAnswerInput,
): Promise<{ cells: CountedCell[]; keysRead: number } | undefined> {
  const { search, shared, candidates, overlay } = input;
  const counts = new CellCounts();
  for (const { cell, count } of sharedMatchCounts(shared, search)) counts.add(cell, count);
  const sharedTexts = new Set(shared.texts);
  const unchanged = candidates.ids.filter((id) => !overlay.has(id));
  const unread = unchanged.filter((id) => !candidates.tokens.has(id));
  const { byId, keysRead } = await input.readTokens(
    unread.flatMap((id) => {
      const rev = candidates.revs.get(id);
      return rev === undefined ? [] : [{ id, rev }];
    }),
  );
  for (const id of unchanged) {
    const token = candidates.tokens.get(id) ?? byId.get(id);
    if (!token) continue;
    const entry = searchEntryOf(token);
    if (entryMatches(entry, search) && !entryMatchesSharedText(entry, sharedTexts, search)) {
      counts.add(entry, 1);
    }
  }
  for (const { latest, origin } of overlay.values()) {
    if (origin !== 'absent' && origin !== 'unknown' && !origin.deleted) {
      if (entryMatchesSharedText(origin, sharedTexts, search)) counts.add(origin, -1);
    }
    if (!latest.deleted && entryMatches(latest, search)) counts.add(latest, 1);
  }
  const cells = counts.cells();
  // A negative count means the overlay does not say what the base holds: not exact.
  if (cells.some(({ count }) => count < 0)) return undefined;
  return { cells: cells.filter(({ count }) => count > 0), keysRead };
}

/** One category's head as read so far. */
interface HeadRead {
  readonly category: Category;
  readonly chunks: number;
  readonly complete: boolean;
  chunksRead: number;
  /** The key of the last entry read (none yet: nothing of the category is known). */
  lastKey: string | undefined;
  readonly matches: PageCandidate[];
}

async function readHeadChunks(
  workspaceId: string,
  base: SearchBaseRef,
  head: HeadRead,
  count: number,
): Promise<SearchHeadChunk[]> {
  const first = head.chunksRead;
  const last = Math.min(head.chunks, first + count) - 1;
  const { pk } = keys.searchBasePart(workspaceId, base.id, '');
  const keyOf = (chunk: number) =>
    keys.searchBasePart(
      workspaceId,
      base.id,
      basePartName({ kind: 'head', category: head.category, chunk }),
    ).sk;
  const { Items = [] } = await getDocumentClient().send(
    new QueryCommand({
      TableName: getConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: { ':pk': pk, ':first': keyOf(first), ':last': keyOf(last) },
    }),
  );
  const chunks = Items.map((item) => searchBasePartCodec.fromItem(item).part).filter(
    (part): part is SearchHeadChunk => part.kind === 'head',
  );
  if (chunks.length !== last - first + 1) throw new BaseReplacedError();
  return chunks;
}

/** A part of the base is gone: it was replaced while read (the caller reads the packs). */
class BaseReplacedError extends Error {}

/** Adds a chunk's entries to the head: the matches among those the overlay does not hold. */
function takeChunk(input: BaseAnswerInput, head: HeadRead, chunk: SearchHeadChunk) {
  chunk.ids.forEach((id, at) => {
    const token = chunk.tokens[at] ?? null;
    const entry: LiveSearchEntry | null = chunk.entries[at] ?? (token && searchEntryOf(token));
    if (!entry) return;
    const key = entrySortKey(entry, 'expiration_asc');
    head.lastKey = key;
    if (input.overlay.has(id)) return;
    if (!entryMatches(entry, input.search) || !inSection(entry.sectionKey, input.request)) return;
    head.matches.push({ key, id, rev: chunk.revs[at]!, token });
  });
  head.chunksRead += 1;
}

function isFullyRead(head: HeadRead): boolean {
  return head.complete && head.chunksRead >= head.chunks;
}

/** The overlay's matches the page may show (latest entries, under the filters). */
function overlayMatches(input: BaseAnswerInput): PageCandidate[] {
  const matches: PageCandidate[] = [];
  for (const { latest } of input.overlay.values()) {
    if (latest.deleted || !entryMatches(latest, input.search)) continue;
    if (!inCategories(latest.category, input.request)) continue;
    if (!inSection(latest.sectionKey, input.request)) continue;
    matches.push({
      key: entrySortKey(latest, 'expiration_asc'),
      id: latest.id,
      rev: latest.rev,
      token: null,
    });
  }
  return matches;
}

/**
 * The first `needed` matches in expiry order, reading heads until they are known, or undefined
 * when a head ends before them (its category has more entries than the head holds).
 */
async function firstMatches(
  input: BaseAnswerInput,
  needed: number,
): Promise<{ matches: PageCandidate[]; chunksRead: number } | undefined> {
  const listed = input.request.category ?? CATEGORIES;
  const heads: HeadRead[] = (input.base.heads ?? [])
    .filter(({ category }) => listed.includes(category))
    .map((head) => ({ ...head, chunksRead: 0, lastKey: undefined, matches: [] }));
  const fromOverlay = overlayMatches(input);
  let chunksRead = 0;
  const readMore = async (head: HeadRead) => {
    const count = Math.max(FIRST_HEAD_CHUNKS, head.chunksRead);
    const chunks = await readHeadChunks(input.workspaceId, input.base, head, count);
    for (const chunk of chunks) takeChunk(input, head, chunk);
    chunksRead += chunks.length;
  };
  await Promise.all(heads.filter((head) => head.chunks > 0).map(readMore));
  for (;;) {
    // Every entry up to the smallest key not read yet of any head is known.
    const open = heads.filter((head) => !isFullyRead(head));
    const bound = open.reduce<string | null>((least, head) => {
      const key = head.lastKey ?? '';
      return least === null || compareUtf8(key, least) < 0 ? key : least;
    }, null);
    const known = [...heads.flatMap(({ matches }) => matches), ...fromOverlay]
      .filter(({ key }) => bound === null || compareUtf8(key, bound) <= 0)
      .sort((a, b) => compareUtf8(a.key, b.key));
    if (known.length >= needed || open.length === 0) {
      return { matches: known.slice(0, needed), chunksRead };
    }
    const limiting = open.find((head) => (head.lastKey ?? '') === bound)!;
    if (limiting.chunksRead >= limiting.chunks) return undefined;
    await readMore(limiting);
  }
}

/** The search's answer from the base, or undefined when it cannot be exact (see above). */
export async function answerFromBase(input: BaseAnswerInput): Promise<BaseAnswer | undefined> {
  if (input.request.sort !== 'expiration_asc' || !input.base.heads) return undefined;
  for (const { origin } of input.overlay.values()) if (origin === 'unknown') return undefined;
  const counted = await countMatches(input);
  if (!counted) return undefined;
  const { request } = input;
  const total = counted.cells
    .filter((cell) => inCategories(cell.category, request) && inSection(cell.sectionKey, request))
    .reduce((sum, { count }) => sum + count, 0);
  const facets = facetsOfCells(counted.cells, request);
  if (request.offset >= total) {
    return { items: [], total, facets, itemsRead: counted.keysRead };
  }
  let first: Awaited<ReturnType<typeof firstMatches>>;
  try {
    first = await firstMatches(input, Math.min(total, request.offset + request.limit));
  } catch (error) {
    if (error instanceof BaseReplacedError) return undefined;
    throw error;
  }
  if (!first) return undefined;
  const page = first.matches.slice(request.offset);
  const { byId, keysRead } = await input.readTokens(
    page.filter(({ token }) => !token).map(({ id, rev }) => ({ id, rev })),
  );
  const items = page.flatMap(({ id, token }) => token ?? byId.get(id) ?? []);
  return {
    items,
    total,
    facets,
    itemsRead: counted.keysRead + first.chunksRead + keysRead,
  };
}
