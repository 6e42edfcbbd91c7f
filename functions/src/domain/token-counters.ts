/**
 * Facet counters kept on the workspace item, changed in the same transaction as the token write.
 * One counter per category and section pair (`tc#<category>#<section>`, `__none__` for tokens
 * without a section) plus `tokenCount`, the total the plan limit is checked against. Sums of the
 * pairs give the category facets and the section facets under any category and section filter,
 * and the total of any such filter, so a list page without a search needs no token reads to count.
 */
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import {
  SECTION_FILTER_ALL,
  SECTION_FILTER_NONE,
} from '@expiry-radar/shared/domain/section-filter';
import type { TokenFacets } from '@expiry-radar/shared/api/token-api-schemas';

export const TOKEN_COUNT_ATTRIBUTE = 'tokenCount';
const CELL_PREFIX = 'tc#';

/** A token's place in the counters. */
export interface CounterCell {
  readonly category: Category;
  readonly section: string | null;
}

/** Counter values read from the workspace item: cell attribute name -> count. */
export type CounterValues = ReadonlyMap<string, number>;

/** `section` names cannot be `__none__` (reserved), so the marker never collides with a name. */
export function sectionKey(section: string | null): string {
  return section ?? SECTION_FILTER_NONE;
}

export function cellAttribute({ category, section }: CounterCell): string {
  return `${CELL_PREFIX}${category}#${sectionKey(section)}`;
}

/** Sums changes per cell attribute: `+1` for a token added to a cell, `-1` for one removed. */
export function cellDeltas(
  changes: readonly { readonly cell: CounterCell; readonly delta: number }[],
): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const { cell, delta } of changes) {
    const name = cellAttribute(cell);
    deltas.set(name, (deltas.get(name) ?? 0) + delta);
  }
  for (const [name, delta] of deltas) if (delta === 0) deltas.delete(name);
  return deltas;
}

/** The counter cells of a workspace item's attributes. */
export function readCounterValues(item: Readonly<Record<string, unknown>>): CounterValues {
  const values = new Map<string, number>();
  for (const [name, value] of Object.entries(item)) {
    if (name.startsWith(CELL_PREFIX) && typeof value === 'number' && value > 0) {
      values.set(name, value);
    }
  }
  return values;
}

function parseCell(name: string): { category: Category; sectionKey: string } | undefined {
  const rest = name.slice(CELL_PREFIX.length);
  const category = CATEGORIES.find((candidate) => rest.startsWith(`${candidate}#`));
  return category ? { category, sectionKey: rest.slice(category.length + 1) } : undefined;
}

/**
 * The category and section filters of a list request, in its names: `category` undefined for
 * every category; `section` a name, `__none__`, or `__all__`/undefined for every section.
 */
export interface CellFilters {
  readonly category?: readonly Category[] | undefined;
  readonly section?: string | undefined;
}

export function inCategories(category: Category, filters: CellFilters): boolean {
  return filters.category === undefined || filters.category.includes(category);
}

export function inSection(key: string, filters: CellFilters): boolean {
  const { section } = filters;
  return section === undefined || section === SECTION_FILTER_ALL || section === key;
}

interface FacetCounts {
  readonly category: ReadonlyMap<Category, number>;
  readonly section: ReadonlyMap<string, number>;
}

/** By name; tokens without a section after named sections of the same count. */
function compareSectionNames(a: string | null, b: string | null): number {
  if (a === null || b === null) return Number(a === null) - Number(b === null);
  return a.localeCompare(b);
}

/** Facets in the answer's shape: every category (0 included); sections by count, then name. */
export function facetsOf(counts: FacetCounts): TokenFacets {
  const category = Object.fromEntries(
    CATEGORIES.map((value) => [value, counts.category.get(value) ?? 0]),
  );
  const section = [...counts.section]
    .filter(([, count]) => count > 0)
    .map(([key, count]) => ({ section: key === SECTION_FILTER_NONE ? null : key, count }))
    .sort((a, b) => b.count - a.count || compareSectionNames(a.section, b.section));
  return { category, section };
}

function addTo<K>(map: Map<K, number>, key: K, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

export interface CountedCell {
  readonly category: Category;
  readonly sectionKey: string;
  readonly count: number;
}

/**
 * Each facet leaves out only its own filter: a category's count is what choosing that category
 * would list with the section filter on, a section's what choosing that section would list with
 * the category filter on (the dashboard's chips).
 */
export function facetsOfCells(cells: Iterable<CountedCell>, filters: CellFilters): TokenFacets {
  const category = new Map<Category, number>();
  const section = new Map<string, number>();
  for (const cell of cells) {
    if (inSection(cell.sectionKey, filters)) addTo(category, cell.category, cell.count);
    if (inCategories(cell.category, filters)) addTo(section, cell.sectionKey, cell.count);
  }
  return facetsOf({ category, section });
}

function* countedCells(values: CounterValues): Generator<CountedCell> {
  for (const [name, count] of values) {
    const cell = parseCell(name);
    if (cell) yield { ...cell, count };
  }
}

/** A workspace's facets under a category and section filter, from its counters. */
export function facetsFromCounters(values: CounterValues, filters: CellFilters): TokenFacets {
  return facetsOfCells(countedCells(values), filters);
}

/** The facets of a set of tokens (a search's or an owner's matches) under the same filters. */
export function facetsFromTokens(
  tokens: readonly CounterCell[],
  filters: CellFilters,
): TokenFacets {
  return facetsOfCells(
    tokens.map((token) => ({
      category: token.category,
      sectionKey: sectionKey(token.section),
      count: 1,
    })),
    filters,
  );
}

/** How many tokens a category and section filter matches, from the counters. */
export function totalFromCounters(values: CounterValues, filters: CellFilters): number {
  let total = 0;
  for (const cell of countedCells(values)) {
    if (inCategories(cell.category, filters) && inSection(cell.sectionKey, filters)) {
      total += cell.count;
    }
  }
  return total;
}
