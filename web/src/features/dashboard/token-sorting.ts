/**
 * Per-category sorting: a column header toggles the sort key and direction; dates
 * compare as dates, lists joined by comma, anything else as case-insensitive text.
 */
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import { TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import { parseDate } from '@expiry-radar/shared/domain/calendar-date';
import type { Token } from '@expiry-radar/shared/domain/token';
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

/** Dates compare as instants; an invalid or missing date sorts after every valid one. */
function compareDates(a: string, b: string): number {
  const left = parseDate(a)?.getTime() ?? Number.POSITIVE_INFINITY;
  const right = parseDate(b)?.getTime() ?? Number.POSITIVE_INFINITY;
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

export function compareTokens(a: Token, b: Token, { key, direction }: TokenSortState): number {
  const order = DATE_KEYS.has(key)
    ? compareDates(sortText(a, key), sortText(b, key))
    : compareNames(sortText(a, key), sortText(b, key));
  const tieBreak = order === 0 ? compareNames(a.name, b.name) : order;
  return direction === 'asc' ? tieBreak : -tieBreak;
}

/**
 * A sorted copy, in the order of `compareTokens`; each token's sort value (text, or a date's
 * instant) is worked out once rather than at every comparison.
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
      time: byDate ? (parseDate(text)?.getTime() ?? Number.POSITIVE_INFINITY) : 0,
    };
  });
  entries.sort((a, b) => {
    let order: number;
    if (byDate) order = a.time === b.time ? 0 : a.time < b.time ? -1 : 1;
    else order = compareNames(a.text, b.text);
    if (order === 0) order = compareNames(a.token.name, b.token.name);
    return sign * order;
  });
  return entries.map((entry) => entry.token);
}
