/**
 * A card's sort (its key and direction) and the server's order for its pages. Without zod: the
 * dashboard's first reads, asked for as the app starts, send the default (token-sorting.ts has
 * the rest of the sorting).
 */
import type { CategoryField } from '@expiry-radar/shared/domain/categories';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';

export type SortKey = 'name' | 'type' | 'expiresAt' | 'created_at' | CategoryField;
export type SortDirection = 'asc' | 'desc';

export interface TokenSortState {
  readonly key: SortKey;
  readonly direction: SortDirection;
}

export const DEFAULT_SORT: TokenSortState = { key: 'expiresAt', direction: 'asc' };

/**
 * The server's order for a card's pages (expiration_asc, expiration_desc, name_asc,
 * name_desc), so that "Load more" continues the order shown; other keys are sorted within what
 * is loaded.
 */
export function requestSort({ key, direction }: TokenSortState): TokenSort {
  if (key === 'expiresAt') return direction === 'asc' ? 'expiration_asc' : 'expiration_desc';
  if (key === 'name') return direction === 'asc' ? 'name_asc' : 'name_desc';
  return 'expiration_asc';
}
