/**
 * The shared texts of a search index's base (data/search-base.ts): texts held by many entries
 * (a vendor, an issuer, a team in "used by"), counted instead of indexed.
 *
 * A trigram of a text that hundreds of tokens share is held by all of them, so a search for it
 * ("acme" in a vendor "Acme Corporation") narrows nothing and its exact total and facets need
 * every match's category and section. The base therefore keeps each shared text once, and for
 * each *signature* (the set of shared texts one entry holds) how many entries of each cell
 * (category and section) hold exactly that set. A search's matches through shared texts are
 * then counted exactly from the signatures with a text that contains it, without reading an
 * entry; the base's trigrams cover only the texts that are not shared, whose matches a search
 * reads as candidates.
 */
import type { Category } from '@expiry-radar/shared/domain/categories';
import { searchedTextsOf, type LiveSearchEntry } from './search-entries';

/** A category and section key (domain/token-counters `sectionKey`) pair, as facets count them. */
export interface SearchCell {
  readonly category: Category;
  readonly sectionKey: string;
}

export interface SharedTextSignature {
  /** Its shared texts, as indexes into `SharedTextStats.texts`, ascending. */
  readonly texts: readonly number[];
  /** `[cell index, entries]` pairs: how many entries of each cell hold exactly these texts. */
  readonly counts: readonly (readonly [number, number])[];
}

export interface SharedTextStats {
  readonly texts: readonly string[];
  readonly cells: readonly SearchCell[];
  readonly signatures: readonly SharedTextSignature[];
}

export interface SharedTextLimits {
  /** A text is shared from this many entries on. */
  readonly leastEntries: number;
  /** At most this many signatures: the rarest shared texts are dropped until they fit. */
  readonly mostSignatures: number;
}

export const NO_SHARED_TEXTS: SharedTextStats = { texts: [], cells: [], signatures: [] };

function entryTexts(entry: LiveSearchEntry): Set<string> {
  return new Set(searchedTextsOf(entry));
}

function cellName({ category, sectionKey }: SearchCell): string {
  return `${category}\u0000${sectionKey}`;
}

/** The stats over `entries` of the given shared texts (ordered as they are to be stored). */
function statsOf(entries: readonly LiveSearchEntry[], texts: readonly string[]): SharedTextStats {
  const textIndex = new Map(texts.map((text, at) => [text, at]));
  const cells: SearchCell[] = [];
  const cellIndex = new Map<string, number>();
  const bySignature = new Map<string, { texts: number[]; counts: Map<number, number> }>();
  for (const entry of entries) {
    const held: number[] = [];
    for (const text of entryTexts(entry)) {
      const at = textIndex.get(text);
      if (at !== undefined) held.push(at);
    }
    if (held.length === 0) continue;
    held.sort((a, b) => a - b);
    const key = held.join(',');
    let signature = bySignature.get(key);
    if (!signature) {
      signature = { texts: held, counts: new Map() };
      bySignature.set(key, signature);
    }
    const cell = { category: entry.category, sectionKey: entry.sectionKey };
    let at = cellIndex.get(cellName(cell));
    if (at === undefined) {
      at = cells.length;
      cells.push(cell);
      cellIndex.set(cellName(cell), at);
    }
    signature.counts.set(at, (signature.counts.get(at) ?? 0) + 1);
  }
  const signatures = [...bySignature.values()].map(({ texts: held, counts }) => ({
    texts: held,
    counts: [...counts].sort(([a], [b]) => a - b),
  }));
  return { texts, cells, signatures };
}

/**
 * The shared texts of `entries` (held by at least `leastEntries` of them, most held first) and
 * their signatures' counts; while there are more signatures than `mostSignatures`, the rarest
 * tenth of the shared texts is left to the trigrams instead.
 */
export function sharedTextStats(
  entries: readonly LiveSearchEntry[],
  limits: SharedTextLimits,
): SharedTextStats {
  const holders = new Map<string, number>();
  for (const entry of entries) {
    for (const text of entryTexts(entry)) holders.set(text, (holders.get(text) ?? 0) + 1);
  }
  let texts = [...holders]
    .filter(([, count]) => count >= limits.leastEntries)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .map(([text]) => text);
  for (;;) {
    const stats = statsOf(entries, texts);
    if (stats.signatures.length <= limits.mostSignatures || texts.length === 0) return stats;
    texts = texts.slice(0, texts.length - Math.ceil(texts.length / 10));
  }
}

/**
 * How many entries of each cell hold a shared text that contains `search` (lower-cased), from
 * the signatures; cells with none are left out.
 */
export function sharedMatchCounts(
  stats: SharedTextStats,
  search: string,
): { cell: SearchCell; count: number }[] {
  const needle = search.toLowerCase();
  const matching = new Set<number>();
  stats.texts.forEach((text, at) => {
    if (text.includes(needle)) matching.add(at);
  });
  const counts = new Map<number, number>();
  if (matching.size === 0) return [];
  for (const signature of stats.signatures) {
    if (!signature.texts.some((at) => matching.has(at))) continue;
    for (const [cell, count] of signature.counts) counts.set(cell, (counts.get(cell) ?? 0) + count);
  }
  return [...counts].map(([cell, count]) => ({ cell: stats.cells[cell]!, count }));
}

/** Whether a shared text of the stats contains `search` (lower-cased). */
export function sharedTextMatches(stats: SharedTextStats, search: string): boolean {
  const needle = search.toLowerCase();
  return stats.texts.some((text) => text.includes(needle));
}

/** Whether the entry holds a shared text (one of `shared`) that contains `search`. */
export function entryMatchesSharedText(
  entry: LiveSearchEntry,
  shared: ReadonlySet<string>,
  search: string,
): boolean {
  const needle = search.toLowerCase();
  for (const text of entryTexts(entry)) {
    if (shared.has(text) && text.includes(needle)) return true;
  }
  return false;
}
