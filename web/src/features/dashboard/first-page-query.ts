import type { Category } from '@expiry-radar/shared/domain/categories';
import { tokenListQueryOptions } from '../tokens';
import { DEFAULT_SORT, requestSort } from './token-sort-state';

/**
 * The query of a category card's list as the dashboard opens: no search, the default sort, the
 * section of the URL. The page's first reads and its prefetch fill it; the card then reads it.
 */
export function firstPageQueryOptions(workspaceId: string, category: Category, section: string) {
  return tokenListQueryOptions(workspaceId, {
    category,
    q: '',
    sort: requestSort(DEFAULT_SORT),
    section,
  });
}
