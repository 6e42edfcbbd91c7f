/** Token list requests: sort options. The page size is in constants/paging. */
import * as z from 'zod';

export const TOKEN_SORT_OPTIONS = [
  'expiration_asc',
  'expiration_desc',
  'name_asc',
  'name_desc',
] as const;
export type TokenSort = (typeof TOKEN_SORT_OPTIONS)[number];
export const DEFAULT_TOKEN_SORT: TokenSort = 'expiration_asc';
export const tokenSortSchema = z.enum(TOKEN_SORT_OPTIONS);

/** The longest search text a list request accepts. */
export const TOKEN_SEARCH_MAX_LENGTH = 200;
