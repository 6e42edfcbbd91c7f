/**
 * What a search of the token list must answer, computed the naive way (every token filtered,
 * sorted and counted by the rules of domain/token-search), and the check that `listTokens`
 * answers the same: the search index's property tests compare the two.
 */
import type { Category } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { tokenIndexSortKey } from '../src/data/entities/token';
import { listTokens } from '../src/data/token-listing';
import { readTokenCounters } from '../src/data/token-records';
import { facetsFromTokens } from '../src/domain/token-counters';
import { matchesFilters, matchesSearch, sortByIndexKey } from '../src/domain/token-search';

export interface NaiveQuery {
  readonly q: string;
  readonly sort: TokenSort;
  readonly category: Category[] | undefined;
  readonly section: string | undefined;
  readonly offset: number;
  readonly limit: number;
}

/** The page's ids, the total and the facets the naive filter gives. */
export function naiveSearch(tokens: readonly Token[], query: NaiveQuery) {
  const matches = tokens.filter((token) => matchesSearch(token, query.q));
  const filtered = matches.filter((token) => matchesFilters(token, query.category, query.section));
  const sorted = sortByIndexKey(
    filtered,
    (token) => tokenIndexSortKey(token, query.sort),
    query.sort,
  );
  return {
    ids: sorted.slice(query.offset, query.offset + query.limit).map(({ id }) => id),
    total: filtered.length,
    // Each facet leaves out only its own filter.
    facets: {
      category: facetsFromTokens(
        matches.filter((token) => matchesFilters(token, undefined, query.section)),
        {},
      ).category,
      section: facetsFromTokens(
        matches.filter((token) => matchesFilters(token, query.category, undefined)),
        {},
      ).section,
    },
  };
}

/** Each query's answer from `listTokens` equals the naive one, its tokens as they are. */
export async function expectSearchesMatch(
  workspaceId: string,
  tokens: ReadonlyMap<string, Token>,
  queries: readonly NaiveQuery[],
) {
  const counters = await readTokenCounters(workspaceId);
  for (const query of queries) {
    const answer = await listTokens({ ...query, workspaceId, tokenCounters: counters });
    expect({
      ids: answer.items.map(({ id }) => id),
      total: answer.total,
      facets: answer.facets,
    }).toEqual(naiveSearch([...tokens.values()], query));
    for (const item of answer.items) expect(item).toEqual(tokens.get(item.id));
  }
}
