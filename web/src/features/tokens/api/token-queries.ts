import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AlertSettings } from '@expiry-radar/shared/api/alert-api-schemas';
import type { TokenFacets } from '@expiry-radar/shared/api/token-api-schemas';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/category-values';
import { categoryPageQuery, tokenSummaryQuery } from '@expiry-radar/shared/api/token-list-request';
import { MEMBER_LIST_PAGE_SIZE, TOKEN_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { alertSettingsQueryOptions } from '../../../lib/alert-settings-query';
import { call } from '../../../lib/api-call';
import { callAtStartUp } from '../../../lib/start-up-calls';
import type { TokenListFilters } from './token-keys';
import { tokenKeys } from './token-keys';

/**
 * One category card's tokens, 100 per request, with "Load more" as further pages (route table:
 * listTokens with workspace_id, category[], limit, offset, q, sort and section).
 */
export function tokenListQueryOptions(workspaceId: string, filters: TokenListFilters) {
  return infiniteQueryOptions({
    queryKey: tokenKeys.list(workspaceId, filters),
    queryFn: ({ pageParam, signal }) =>
      callAtStartUp(
        'listTokens',
        { query: categoryPageQuery({ workspaceId, ...filters, offset: pageParam }) },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages, lastOffset) => {
      const loaded = lastOffset + last.items.length;
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    staleTime: CLIENT_CACHE_MS.tokens,
  });
}

/** A workspace's tokens by name, 100 per page, to choose what to transfer. */
/** The workspace's tokens by name for a transfer, those matching `search` when one is given. */
export function transferableTokensQueryOptions(workspaceId: string, search = '') {
  return infiniteQueryOptions({
    queryKey: [...tokenKeys.transferable(workspaceId), search] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        'listTokens',
        {
          query: {
            workspace_id: workspaceId,
            limit: TOKEN_PAGE_SIZE,
            offset: pageParam,
            sort: 'name_asc',
            ...(search ? { q: search } : {}),
          },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

/** One token of the workspace by id (an alert email's link opens its details); null if none. */
export function tokenByIdQueryOptions(workspaceId: string, tokenId: string) {
  return queryOptions({
    queryKey: tokenKeys.byId(workspaceId, tokenId),
    queryFn: ({ signal }) =>
      call(
        'listTokens',
        { query: { workspace_id: workspaceId, id: tokenId, limit: 1 } },
        { signal },
      ),
    select: ({ items }) => items[0] ?? null,
  });
}

/**
 * The workspace's token total and its facets per category and section, with no filter: whether
 * it is empty, the section names the forms suggest, the filter chips until the cards answer.
 */
export interface TokenSummary {
  readonly total: number;
  readonly facets: TokenFacets;
}

/** Section facets added together: each section's count is the sum of its counts in `lists`. */
export function sumSectionFacets(lists: readonly TokenFacets['section'][]): TokenFacets['section'] {
  const counts = new Map<string | null, number>();
  for (const list of lists) {
    for (const { section, count } of list) counts.set(section, (counts.get(section) ?? 0) + count);
  }
  return [...counts].map(([section, count]) => ({ section, count }));
}

/**
 * The whole workspace's summary from one list answer of each category without a search or an
 * owner filter (the dashboard's first pages): a facet leaves out only its own filter, so each
 * answer's section facet counts its category's tokens in every section, whatever section the
 * page was filtered by, and together they count every token once. The dashboard's first reads
 * take it from those pages instead of asking for it.
 */
export function tokenSummaryFromCategoryPages(
  pages: readonly { readonly category: Category; readonly facets: TokenFacets }[],
): TokenSummary {
  const sum = (list: TokenFacets['section']) => list.reduce((total, { count }) => total + count, 0);
  const category = Object.fromEntries(
    CATEGORIES.map((value) => [
      value,
      sum(pages.find((page) => page.category === value)?.facets.section ?? []),
    ]),
  );
  const section = sumSectionFacets(pages.map(({ facets }) => facets.section));
  return { total: sum(section), facets: { category, section } };
}

/** The workspace's token summary: a one-token list answer's total and facets. */
export function tokenSummaryQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: tokenKeys.summary(workspaceId),
    queryFn: async ({ signal }): Promise<TokenSummary> => {
      const { total, facets } = await callAtStartUp(
        'listTokens',
        { query: tokenSummaryQuery(workspaceId) },
        { signal },
      );
      return { total, facets };
    },
    staleTime: CLIENT_CACHE_MS.tokens,
  });
}

export interface ContactGroupOption {
  readonly id: string;
  readonly name: string;
}

function contactGroupOptions(settings: AlertSettings): ContactGroupOption[] {
  return settings.contact_groups.map(({ id, name }) => ({ id, name }));
}

/**
 * The workspace's contact groups (pro, team and enterprise workspaces; editors only): the groups'
 * ids and names from the alert settings, the same query (and request) as the dashboard's
 * alerts-disabled notice and the preferences page.
 */
export function contactGroupsQueryOptions(workspaceId: string) {
  return queryOptions({
    ...alertSettingsQueryOptions(workspaceId),
    select: contactGroupOptions,
    retry: false,
  });
}

/** A member a token may be assigned to. */
export interface OwnerOption {
  readonly id: string;
  readonly label: string;
}

/** The workspace's active members (not invitations), offered as a token's owner. */
export function ownerOptionsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: tokenKeys.members(workspaceId),
    queryFn: async ({ signal }): Promise<OwnerOption[]> => {
      const members = await call(
        'listMembers',
        { params: { id: workspaceId }, query: { limit: MEMBER_LIST_PAGE_SIZE, offset: 0 } },
        { silent: true, signal },
      );
      return members.items
        .filter((member) => member.status === 'active')
        .map((member) => ({
          id: member.user_id,
          label: member.display_name ? `${member.display_name} (${member.email})` : member.email,
        }));
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** The address of the workspace's admin (its owner), where alerts go without contact groups. */
export function workspaceAdminEmailQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: tokenKeys.adminEmail(workspaceId),
    queryFn: async ({ signal }): Promise<string | null> => {
      const members = await call(
        'listMembers',
        { params: { id: workspaceId }, query: { limit: MEMBER_LIST_PAGE_SIZE, offset: 0 } },
        { silent: true, signal },
      );
      return members.items.find((member) => member.role === 'admin')?.email ?? null;
    },
    staleTime: 60_000,
    retry: false,
  });
}
