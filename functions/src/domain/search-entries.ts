/**
 * What the search index keeps of a token (data/search-index.ts): its id, its revision, and what a
 * search matches, counts, filters and sorts on: category, section key, expiry, the lower-cased
 * name and the other searched texts, lower-cased. A deleted token leaves a tombstone (id and
 * revision) until no older entry of it can be read.
 *
 * Revisions order the writes of one token: its `updated_at`, which every write makes later than
 * the one before (`nextRevision`), and for a deletion a revision later still. Of all entries of
 * one id, the one with the latest revision is the token's state, wherever it was read.
 */
import type { Category } from '@expiry-radar/shared/domain/categories';
import { searchedDomainForms } from '@expiry-radar/shared/domain/domain-names';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { sectionKey } from './token-counters';
import { SEARCHED_TEXT_FIELDS, usesNameIndex } from './token-search';

export interface LiveSearchEntry {
  readonly id: string;
  readonly rev: string;
  readonly deleted: false;
  readonly category: Category;
  /** The section, or `__none__` (domain/token-counters `sectionKey`). */
  readonly sectionKey: string;
  readonly expiresAt: string;
  /** The name, lower-cased (also the name sort's key). */
  readonly name: string;
  /** The other searched texts that are not null, lower-cased. */
  readonly texts: readonly string[];
}

export interface SearchTombstone {
  readonly id: string;
  readonly rev: string;
  readonly deleted: true;
}

export type SearchEntry = LiveSearchEntry | SearchTombstone;

/**
 * The revision of a write that follows one at `previous`: now, or one millisecond after
 * `previous` when the clock has not passed it (two writes in one millisecond, a clock behind
 * another machine's), so a token's revisions only ever increase.
 */
export function nextRevision(previous: string, now: Date): string {
  const before = Date.parse(previous);
  const at = Number.isNaN(before) ? now.getTime() : Math.max(now.getTime(), before + 1);
  return new Date(at).toISOString();
}

/** Orders revisions (ISO instants); equal instants by their text, so the order is total. */
export function compareRevisions(a: string, b: string): number {
  const difference = Date.parse(a) - Date.parse(b);
  if (difference !== 0 && !Number.isNaN(difference)) return difference;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A token's owner rides in its entry's texts behind a prefix no search can type (a NUL), so an
 * owner filter reads the same index as a search, packs written before owners need no new format,
 * and a search never matches it.
 */
const OWNER_TEXT_PREFIX = '\u0000owner:';

/** The owner's user id an entry carries, or null. */
export function entryOwnerId(entry: LiveSearchEntry): string | null {
  const text = entry.texts.find((candidate) => candidate.startsWith(OWNER_TEXT_PREFIX));
  return text === undefined ? null : text.slice(OWNER_TEXT_PREFIX.length);
}

/** The texts a search looks in: the name and the searched texts, never the owner. */
export function searchedTextsOf(entry: LiveSearchEntry): string[] {
  return [entry.name, ...entry.texts.filter((text) => !text.startsWith(OWNER_TEXT_PREFIX))];
}

export function searchEntryOf(token: Token): LiveSearchEntry {
  const texts: string[] = [];
  for (const field of SEARCHED_TEXT_FIELDS) {
    if (field === 'name') continue;
    const value = token[field];
    if (value !== null) texts.push(value.toLowerCase());
  }
  for (const domain of searchedDomainForms(token.domains)) texts.push(domain.toLowerCase());
  if (token.owner_id) texts.push(`${OWNER_TEXT_PREFIX}${token.owner_id}`);
  return {
    id: token.id,
    rev: token.updated_at,
    deleted: false,
    category: token.category,
    sectionKey: sectionKey(token.section),
    expiresAt: token.expiresAt,
    name: token.name.toLowerCase(),
    texts,
  };
}

/** The tombstone of a token deleted (or moved out) at `now`. */
export function searchTombstoneOf(token: Pick<Token, 'id' | 'updated_at'>, now: Date) {
  return { id: token.id, rev: nextRevision(token.updated_at, now), deleted: true } as const;
}

/**
 * The latest entry of each id among `entries` (in any order, duplicates allowed), tombstones
 * included.
 */
export function latestEntries(entries: Iterable<SearchEntry>): Map<string, SearchEntry> {
  const latest = new Map<string, SearchEntry>();
  for (const entry of entries) {
    const known = latest.get(entry.id);
    if (!known || compareRevisions(entry.rev, known.rev) > 0) latest.set(entry.id, entry);
  }
  return latest;
}

/** Whether the entry matches the search text, as domain/token-search `matchesSearch` does. */
export function entryMatches(entry: LiveSearchEntry, search: string): boolean {
  const needle = search.toLowerCase();
  return (
    entry.name.includes(needle) ||
    entry.texts.some((text) => !text.startsWith(OWNER_TEXT_PREFIX) && text.includes(needle))
  );
}

/** The entry's index sort key for a sort, as data/entities/token `tokenIndexSortKey` builds it. */
export function entrySortKey(entry: LiveSearchEntry, sort: TokenSort): string {
  return usesNameIndex(sort) ? `${entry.name}#${entry.id}` : `${entry.expiresAt}#${entry.id}`;
}
