/**
 * The query of `GET /api/tokens` for one page of one category as the web sends it: the dashboard's
 * cards, and the first pages its route asks for ahead of them (the same query, so the same URL).
 * No zod here: the route's loader builds it before the route table's schemas have loaded.
 */
import { TOKEN_PAGE_SIZE } from '../constants/paging';
import type { Category } from '../domain/category-values';
import { SECTION_FILTER_ALL } from '../domain/section-filter';
import type { TokenSort } from '../domain/token-list';

export interface CategoryPageRequest {
  readonly workspaceId: string;
  readonly category: Category;
  /** Tokens before this page (0 for the first). */
  readonly offset: number;
  /** The search text ('' for none). */
  readonly q: string;
  readonly sort: TokenSort;
  /** A section's name, `__none__`, or `__all__` for every section. */
  readonly section: string;
  /** Only the caller's own tokens (`owner_id=me`). */
  readonly assignedToMe?: boolean;
}

export function categoryPageQuery(request: CategoryPageRequest) {
  return {
    workspace_id: request.workspaceId,
    'category[]': [request.category],
    limit: TOKEN_PAGE_SIZE,
    offset: request.offset,
    q: request.q || undefined,
    sort: request.sort,
    section: request.section === SECTION_FILTER_ALL ? undefined : request.section,
    owner_id: request.assignedToMe ? 'me' : undefined,
  };
}

/** The query of the dashboard's summary: the total and the facets, with one token. */
export function tokenSummaryQuery(workspaceId: string) {
  return { workspace_id: workspaceId, limit: 1 };
}
