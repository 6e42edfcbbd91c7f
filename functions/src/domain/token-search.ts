/**
 * The list rules applied in memory when a search reads the whole workspace: matching the search
 * text, the category and section filters, and the order of each sort, which is exactly the
 * order of the indexes a list without search reads (byte order of the index sort keys).
 */
import type { Category } from '@expiry-radar/shared/domain/categories';
import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { sectionKey } from './token-counters';

const SEARCHED_TEXT_FIELDS = [
  'name',
  'location',
  'used_by',
  'issuer',
  'subject',
  'vendor',
  'description',
] as const satisfies readonly (keyof Token)[];

/** Whether the token matches the search text, without regard to case. */
export function matchesSearch(token: Token, search: string): boolean {
  const needle = search.toLowerCase();
  const texts = [...SEARCHED_TEXT_FIELDS.map((field) => token[field]), ...token.domains];
  return texts.some((text) => text !== null && text.toLowerCase().includes(needle));
}

/** Whether the token passes the category filter (none given: all) and the section filter. */
export function matchesFilters(
  token: Pick<Token, 'category' | 'section'>,
  categories: readonly Category[] | undefined,
  section: string | undefined,
): boolean {
  if (categories && !categories.includes(token.category)) return false;
  if (section === undefined || section === SECTION_FILTER_ALL) return true;
  return sectionKey(token.section) === section;
}

/** The sort key of the index a sort reads: gsi3 for names, gsi2 for expiry. */
export function usesNameIndex(sort: TokenSort): boolean {
  return sort === 'name_asc';
}

export function isDescending(sort: TokenSort): boolean {
  return sort === 'expiration_desc';
}

/** DynamoDB orders string sort keys by their UTF-8 bytes. */
export function compareIndexKeys(a: string, b: string, descending: boolean): number {
  const order = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  return descending ? -order : order;
}

/** Sorts items by their index sort key the way a Query of that index returns them. */
export function sortByIndexKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  sort: TokenSort,
) {
  const descending = isDescending(sort);
  return items
    .map((item) => ({ item, key: Buffer.from(keyOf(item), 'utf8') }))
    .sort((a, b) => (descending ? -1 : 1) * Buffer.compare(a.key, b.key))
    .map(({ item }) => item);
}
