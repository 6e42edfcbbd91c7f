/**
 * `GET /api/tokens`: a page, its total and the facets (counts per category and per section).
 * Without a search: the page from the indexes (token-index-reader) and total and facets from the
 * workspace's counters.
 * With an id: that one token (GetItem), for the link of an alert.
 * With a search: the workspace's tokens read once (bounded by the plan's token limit), then
 * matched, counted, filtered, sorted and paged in memory in the same order the indexes give.
 */
import type {
  ListTokensQuery,
  ListTokensResponse,
} from '@expiry-radar/shared/api/token-api-schemas';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import {
  facetsFromCounters,
  facetsFromTokens,
  totalFromCounters,
  type CounterValues,
} from '../domain/token-counters';
import { matchesFilters, matchesSearch, sortByIndexKey } from '../domain/token-search';
import { tokenIndexSortKey } from './entities/token';
import { readIndexPage } from './token-index-reader';
import { findToken, listAllTokens } from './token-records';

export type TokenListRequest = Omit<ListTokensQuery, 'workspace_id'> & {
  readonly workspaceId: string;
  /** The workspace item's counters, as the access check read them. */
  readonly tokenCounters: CounterValues;
};

export interface TokenListResult extends ListTokensResponse {
  /** Token items DynamoDB read for the page (the workspace item not included). */
  readonly itemsRead: number;
}

async function listWithoutSearch(request: TokenListRequest): Promise<TokenListResult> {
  const categories = request.category ?? [...CATEGORIES];
  const counters = request.tokenCounters;
  const total = totalFromCounters(counters, categories, request.section);
  const page =
    request.offset >= total
      ? { items: [], itemsRead: 0 }
      : await readIndexPage({ ...request, categories });
  return {
    items: page.items,
    total,
    facets: facetsFromCounters(counters),
    itemsRead: page.itemsRead,
  };
}

async function listWithSearch(request: TokenListRequest, search: string): Promise<TokenListResult> {
  const records = await listAllTokens(request.workspaceId);
  const matches = records.map(({ token }) => token).filter((token) => matchesSearch(token, search));
  const filtered = matches.filter((token) =>
    matchesFilters(token, request.category, request.section),
  );
  const sorted = sortByIndexKey(
    filtered,
    (token) => tokenIndexSortKey(token, request.sort),
    request.sort,
  );
  return {
    items: sorted.slice(request.offset, request.offset + request.limit),
    total: filtered.length,
    facets: facetsFromTokens(matches),
    itemsRead: records.length,
  };
}

/** One token by id (GetItem under the workspace's key, so only its own), with the facets. */
async function listOne(request: TokenListRequest, tokenId: string): Promise<TokenListResult> {
  const token = await findToken(request.workspaceId, tokenId);
  const items = token ? [token] : [];
  return {
    items,
    total: items.length,
    facets: facetsFromCounters(request.tokenCounters),
    itemsRead: items.length,
  };
}

export function listTokens(request: TokenListRequest): Promise<TokenListResult> {
  if (request.id !== undefined) return listOne(request, request.id);
  return request.q === undefined ? listWithoutSearch(request) : listWithSearch(request, request.q);
}
