/**
 * Per-category sorting: a column header toggles the sort key and direction; names and expiry
 * dates in the server's order, other dates as dates, lists joined by comma, anything else as
 * case-insensitive text.
 */
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import { TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import { parseDate } from '@expiry-radar/shared/domain/calendar-date';
import type { Token } from '@expiry-radar/shared/domain/token';
import { compareUtf8, tokenNameIndexKey } from '@expiry-radar/shared/domain/token-list-order';
import { compareNames } from '../../lib/compare-names';
import type { SortKey, TokenSortState } from './token-sort-state';

export {
  DEFAULT_SORT,
  requestSort,
  type SortDirection,
  type SortKey,
  type TokenSortState,
} from './token-sort-state';

const DATE_KEYS: ReadonlySet<SortKey> = new Set(['expiresAt', 'created_at']);

export interface SortColumn {
  readonly key: SortKey;
  readonly label: string;
}

/** A category's sortable columns, in the table's order: Name, Type, its own, Expiration. */
export function sortColumns(definition: CategoryDefinition): SortColumn[] {
  return [
    { key: 'name', label: 'Name' },
    { key: 'type', label: 'Type' },
    ...definition.columns.map((column) => ({ key: column.field, label: column.label })),
    { key: 'expiresAt', label: 'Expiration' },
  ];
}

export interface SortOption {
  /** `key:direction`, the value of the cards' sort select. */
  readonly value: string;
  readonly label: string;
  readonly sort: TokenSortState;
}

/**
 * The cards' sort select (phones have no column headers): each sortable column in both
 * directions, worded by its kind ("Expiration, soonest first", "Name, A to Z").
 */
export function sortOptions(definition: CategoryDefinition): SortOption[] {
  return sortColumns(definition).flatMap(({ key, label }) => {
    const [ascending, descending] = DATE_KEYS.has(key)
      ? ['soonest first', 'latest first']
      : ['A to Z', 'Z to A'];
    return (['asc', 'desc'] as const).map((direction) => ({
      value: sortValue({ key, direction }),
      label: `${label}, ${direction === 'asc' ? ascending : descending}`,
      sort: { key, direction },
    }));
  });
}

export function sortValue({ key, direction }: TokenSortState): string {
  return `${key}:${direction}`;
}

/** Clicking a header: the same key flips the direction, another key sorts by it ascending. */
export function toggleSort(current: TokenSortState, key: SortKey): TokenSortState {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: 'asc' };
}

function sortText(token: Token, key: SortKey): string {
  if (key === 'type') return TYPE_LABELS[token.type];
  const value = token[key];
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'number' ? String(value) : value;
}

/**
 * A sorted copy. The orders the server pages in (`requestSort`) are the server's own, so the rows
 * "Load more" brings always fall after the rows already shown: names by the tokens-by-name
 * index's key (lower-cased name, then token id, in UTF-8 byte order: "key 10" before "key 9"),
 * expiry dates as instants, then by token id (the tokens-by-expiry index's key). The other
 * columns, sorted within what is loaded, compare as people read them (`compareNames`: numbers by
 * value), dates as dates, and equal values by the name order. An invalid or missing date sorts
 * after every valid one. Each token's sort value is worked out once rather than at every
 * comparison.
 */
export function sortTokens(tokens: readonly Token[], sort: TokenSortState): Token[] {
  const { key, direction } = sort;
  const byDate = DATE_KEYS.has(key);
  const sign = direction === 'asc' ? 1 : -1;
  const entries = tokens.map((token) => {
    const text = sortText(token, key);
    return {
      token,
      text,
      nameKey: tokenNameIndexKey(token.name, token.id),
      time: byDate ? (parseDate(text)?.getTime() ?? Number.POSITIVE_INFINITY) : 0,
    };
  });
  type Entry = (typeof entries)[number];
  const compare = (a: Entry, b: Entry): number => {
    if (key === 'name') return compareUtf8(a.nameKey, b.nameKey);
    let order: number;
    if (byDate) order = a.time === b.time ? 0 : a.time < b.time ? -1 : 1;
    else order = compareNames(a.text, b.text);
    if (order !== 0) return order;
    return key === 'expiresAt'
      ? compareUtf8(a.token.id, b.token.id)
      : compareUtf8(a.nameKey, b.nameKey);
  };
  entries.sort((a, b) => sign * compare(a, b));
  return entries.map((entry) => entry.token);
}
