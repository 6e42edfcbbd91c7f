import type { Category } from '@expiry-radar/shared/domain/categories';
import { tokenListQueryOptions } from '../tokens';
import { DEFAULT_SORT, requestSort } from './token-sort-state';

/**
 * The query of a category card's list as the dashboard opens: no search, the default sort, the
 * section of the URL (and "Assigned to me" when it is on). The page's first reads and its
 * prefetch fill it; the card then reads it.
 */
export function firstPageQueryOptions(
  workspaceId: string,
  category: Category,
  section: string,
  assignedToMe = false,
) {
  return tokenListQueryOptions(workspaceId, {
    category,
    q: '',
    sort: requestSort(DEFAULT_SORT),
    section,
    // As the card asks: the key has no `assignedToMe` when it is off.
    ...(assignedToMe ? { assignedToMe } : {}),
  });
}
