/**
 * `GET /api/tokens`: a page, its total and the facets (counts per category and per section; each
 * leaves out only its own filter: the category facet counts under the section filter, the section
 * facet under the category filter, both under a search and an owner filter).
 * Without a search: the page from the indexes (token-index-reader) and total and facets from the
 * workspace's counters.
 * With an id: that one token (GetItem), for the link of an alert.
 * With a search or an owner filter: the workspace's search index (data/search-index: a few packs of many tokens'
 * entries and the deltas not folded yet), matched, counted, filtered, sorted and paged in memory
 * in the same order the indexes give; then only the page's tokens are read. When the index's
 * base narrows a search to a few candidates, they are matched instead, their tokens mostly
 * from the base's chunks; when the search matches a text many tokens share, the base answers it
 * from its counts and heads (data/search-base-answer.ts).
 */
import type {
  ListTokensQuery,
  ListTokensResponse,
} from '@expiry-radar/shared/api/token-api-schemas';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import { SECTION_FILTER_NONE } from '@expiry-radar/shared/domain/section-filter';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  facetsFromCounters,
  facetsFromTokens,
  inCategories,
  inSection,
  totalFromCounters,
  type CounterValues,
} from '../domain/token-counters';
import {
  compareRevisions,
  entryMatches,
  entryOwnerId,
  entrySortKey,
  searchEntryOf,
  type LiveSearchEntry,
} from '../domain/search-entries';
import { firstInIndexOrder } from '../domain/token-search';
import { tokenCodec } from './entities/token';
import { keys } from './keys';
import { readSearchIndex, readSearchIndexFor } from './search-index';
import { batchGetAtOnce } from './table-operations';
import { readIndexPage, type IndexPage } from './token-index-reader';
import { findToken } from './token-records';

export type TokenPageRequest = Omit<ListTokensQuery, 'workspace_id'> & {
  readonly workspaceId: string;
};

export type TokenListRequest = TokenPageRequest & {
  /** The workspace item's counters, as the access check read them. */
  readonly tokenCounters: CounterValues;
  /** This request's page, read ahead by `readPageAhead` (for a request without a search). */
  readonly pageReadAhead?: Promise<IndexPage> | undefined;
};

export interface TokenListResult extends ListTokensResponse {
  /**
   * Items DynamoDB read for the page (the workspace item not included): the index's tokens, or
   * for a search the index's deltas, manifest and packs and the page's tokens.
   */
  readonly itemsRead: number;
}

function categoriesOf(request: TokenPageRequest): readonly Category[] {
  return request.category ?? [...CATEGORIES];
}

/**
 * Starts reading the page of a request without a search or an id (the indexes' page, as
 * `listTokens` would read it), for a caller whose access is still being checked: the list route
 * reads it while the session is read, instead of after. Undefined when the request needs another
 * read.
 */
export function readPageAhead(request: TokenPageRequest): Promise<IndexPage> | undefined {
  if (request.id !== undefined || request.q !== undefined || request.owner_id !== undefined) {
    return undefined;
  }
  return readIndexPage({ ...request, categories: categoriesOf(request) });
}

async function listWithoutSearch(request: TokenListRequest): Promise<TokenListResult> {
  const categories = categoriesOf(request);
  const counters = request.tokenCounters;
  const total = totalFromCounters(counters, request);
  const page =
    request.offset >= total
      ? { items: [], itemsRead: 0 }
      : await (request.pageReadAhead ?? readIndexPage({ ...request, categories }));
  return {
    items: page.items,
    total,
    facets: facetsFromCounters(counters, request),
    itemsRead: page.itemsRead,
  };
}

/** A token to read, and the latest revision the index knows of it (none: read it consistently). */
interface WantedToken {
  readonly id: string;
  readonly rev: string | undefined;
}

/**
 * The tokens whose eventually consistent read gave older than the revision the index knows, or
 * not at all (written just now, or deleted since the index was read), or whose revision the
 * index does not know: to read again consistently.
 */
export function entriesToReadAgain<Wanted extends WantedToken>(
  wanted: readonly Wanted[],
  read: ReadonlyMap<string, Pick<Token, 'updated_at'>>,
): Wanted[] {
  return wanted.filter(({ id, rev }) => {
    const token = read.get(id);
    return token === undefined || rev === undefined || compareRevisions(token.updated_at, rev) < 0;
  });
}

/** Tokens by id, in requests sent at once (a search's candidates can be hundreds). */
async function readTokensById(
  workspaceId: string,
  ids: readonly string[],
  consistentRead: boolean,
): Promise<Map<string, Token>> {
  const items = await batchGetAtOnce(
    ids.map((id) => keys.token(workspaceId, id)),
    { consistentRead },
  );
  const tokens = items.map((item) => tokenCodec.fromItem(item).token);
  return new Map(tokens.map((token) => [token.id, token]));
}

/**
 * Tokens by id, none older than the index that named them: read eventually consistent (half the
 * read units of a consistent read: a search's tokens are most of its units), and again
 * consistently those that read gave older than their revision or not at all (a token deleted
 * since the index was read is left out), and those whose revision the index does not know.
 */
async function readTokensNoOlderThanIndex(
  workspaceId: string,
  wanted: readonly WantedToken[],
): Promise<{ byId: Map<string, Token>; keysRead: number }> {
  // Those whose revision the index does not know are read consistently at once.
  const known = wanted.filter(({ rev }) => rev !== undefined);
  const byId = await readTokensById(
    workspaceId,
    known.map(({ id }) => id),
    false,
  );
  const again = [
    ...entriesToReadAgain(known, byId),
    ...wanted.filter(({ rev }) => rev === undefined),
  ];
  if (again.length > 0) {
    const reread = await readTokensById(
      workspaceId,
      again.map(({ id }) => id),
      true,
    );
    for (const { id } of again) {
      const token = reread.get(id);
      if (token) byId.set(id, token);
      else byId.delete(id);
    }
  }
  return { byId, keysRead: known.length + again.length };
}

/** The page's tokens, in the page's order (as readTokensNoOlderThanIndex), and the keys asked for. */
async function readTokens(
  workspaceId: string,
  page: readonly LiveSearchEntry[],
): Promise<{ tokens: Token[]; keysRead: number }> {
  const { byId, keysRead } = await readTokensNoOlderThanIndex(workspaceId, page);
  return { tokens: page.flatMap(({ id }) => byId.get(id) ?? []), keysRead };
}

/** A search's answer from the live entries (or the tokens read) it looked at: page, total, facets. */
function answerOf(
  request: TokenListRequest,
  search: string,
  entries: readonly LiveSearchEntry[],
): { page: LiveSearchEntry[]; total: number; facets: TokenListResult['facets'] } {
  const owner = request.owner_id;
  // The owner filter narrows what is counted, like the search: facets count the owner's tokens
  // (and, each leaving out its own filter, those under the category or the section filter).
  const matches = entries.filter(
    (entry) =>
      entryMatches(entry, search) && (owner === undefined || entryOwnerId(entry) === owner),
  );
  const filtered = matches.filter(
    (entry) => inCategories(entry.category, request) && inSection(entry.sectionKey, request),
  );
  const first = firstInIndexOrder(
    filtered,
    (entry) => entrySortKey(entry, request.sort),
    request.sort,
    request.offset + request.limit,
  );
  return {
    page: first.slice(request.offset),
    total: filtered.length,
    facets: facetsFromTokens(
      matches.map(({ category, sectionKey }) => ({
        category,
        section: sectionKey === SECTION_FILTER_NONE ? null : sectionKey,
      })),
      request,
    ),
  };
}

async function listWithSearch(request: TokenListRequest, search: string): Promise<TokenListResult> {
  const index =
    request.q === undefined
      ? await readSearchIndex(request.workspaceId)
      : await readSearchIndexFor(request.workspaceId, {
          text: search,
          ownerId: request.owner_id,
          page: request,
          readTokens: (wanted) => readTokensNoOlderThanIndex(request.workspaceId, wanted),
        });
  if ('answer' in index) {
    const { items, total, facets } = index.answer;
    return { items, total, facets, itemsRead: index.itemsRead };
  }
  if ('candidates' in index) {
    // The candidates' tokens, none older than the index, are the answer's truth: each is matched
    // again (the index gives no more candidates than cost less to read than its packs). Those the
    // base keeps at the latest revision the index knows need no read.
    const { byId: tokens, keysRead } = await readTokensNoOlderThanIndex(
      request.workspaceId,
      index.candidates
        .filter((id) => !index.tokens.has(id))
        .map((id) => ({ id, rev: index.revisions.get(id) })),
    );
    for (const [id, token] of index.tokens) tokens.set(id, token);
    const { page, total, facets } = answerOf(
      request,
      search,
      [...tokens.values()].map(searchEntryOf),
    );
    return {
      items: page.map(({ id }) => tokens.get(id)!),
      total,
      facets,
      itemsRead: index.itemsRead + keysRead,
    };
  }
  const { page, total, facets } = answerOf(request, search, index.entries);
  const { tokens: items, keysRead } =
    page.length > 0 ? await readTokens(request.workspaceId, page) : { tokens: [], keysRead: 0 };
  return { items, total, facets, itemsRead: index.itemsRead + keysRead };
}

/** One token by id (GetItem under the workspace's key, so only its own), with the facets. */
async function listOne(request: TokenListRequest, tokenId: string): Promise<TokenListResult> {
  const token = await findToken(request.workspaceId, tokenId);
  const items = token ? [token] : [];
  return {
    items,
    total: items.length,
    facets: facetsFromCounters(request.tokenCounters, request),
    itemsRead: items.length,
  };
}

export function listTokens(request: TokenListRequest): Promise<TokenListResult> {
  if (request.id !== undefined) return listOne(request, request.id);
  if (request.q === undefined && request.owner_id === undefined) return listWithoutSearch(request);
  return listWithSearch(request, request.q ?? '');
}
