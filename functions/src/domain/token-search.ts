/**
 * The list rules applied in memory when a search reads the whole workspace: matching the search
 * text, the category and section filters, and the order of each sort, which is exactly the
 * order of the indexes a list without search reads (byte order of the index sort keys).
 */
import type { Category } from '@expiry-radar/shared/domain/categories';
import { searchedDomainForms } from '@expiry-radar/shared/domain/domain-names';
import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { compareUtf8 } from '@expiry-radar/shared/domain/token-list-order';
import { sectionKey } from './token-counters';

export { compareUtf8 };

export const SEARCHED_TEXT_FIELDS = [
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
  const texts = [
    ...SEARCHED_TEXT_FIELDS.map((field) => token[field]),
    ...searchedDomainForms(token.domains),
  ];
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
  return sort === 'name_asc' || sort === 'name_desc';
}

/** Whether a sort reads its index backwards (ScanIndexForward false), last key first. */
export function isDescending(sort: TokenSort): boolean {
  return sort === 'expiration_desc' || sort === 'name_desc';
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

/**
 * The first `count` items in the order of their index sort keys (as `sortByIndexKey` orders
 * them), without sorting all of them when `count` is much smaller: a bounded heap.
 */
export function firstInIndexOrder<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  sort: TokenSort,
  count: number,
): T[] {
  const sign = isDescending(sort) ? -1 : 1;
  const keyed = items.map((item) => ({ item, key: keyOf(item) }));
  const before = (a: { key: string }, b: { key: string }) => sign * compareUtf8(a.key, b.key);
  if (count <= 0) return [];
  if (count * 4 >= keyed.length) {
    return keyed
      .sort(before)
      .slice(0, count)
      .map(({ item }) => item);
  }
  // A max-heap (by `before`) of the `count` first seen so far.
  const heap: typeof keyed = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j]!, heap[i]!];
  };
  const up = (start: number) => {
    for (let i = start; i > 0;) {
      const parent = (i - 1) >> 1;
      if (before(heap[i]!, heap[parent]!) <= 0) return;
      swap(i, parent);
      i = parent;
    }
  };
  const down = () => {
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && before(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && before(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === i) return;
      swap(i, largest);
      i = largest;
    }
  };
  for (const entry of keyed) {
    if (heap.length < count) {
      heap.push(entry);
      up(heap.length - 1);
    } else if (before(entry, heap[0]!) < 0) {
      heap[0] = entry;
      down();
    }
  }
  return heap.sort(before).map(({ item }) => item);
}
