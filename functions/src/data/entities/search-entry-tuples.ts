/**
 * How search delta and search pack items store entries (domain/search-entries): one array of
 * strings per entry, `[id, rev]` for a tombstone and `[id, rev, category, sectionKey, expiresAt,
 * name, ...texts]` for a token, so that thousands of them fit an item with no attribute names.
 */
import { isCategory } from '@expiry-radar/shared/domain/categories';
import type { SearchEntry } from '../../domain/search-entries';

export type SearchEntryTuple = readonly string[];

const LIVE_MIN_LENGTH = 6;

export function tupleOfEntry(entry: SearchEntry): string[] {
  if (entry.deleted) return [entry.id, entry.rev];
  return [
    entry.id,
    entry.rev,
    entry.category,
    entry.sectionKey,
    entry.expiresAt,
    entry.name,
    ...entry.texts,
  ];
}

/** The entry a tuple holds, or undefined when it is not one (wrong length, types or category). */
export function entryOfTuple(tuple: unknown): SearchEntry | undefined {
  if (!Array.isArray(tuple)) return undefined;
  for (const part of tuple) if (typeof part !== 'string') return undefined;
  const parts = tuple as string[];
  if (parts.length === 2) return { id: parts[0]!, rev: parts[1]!, deleted: true };
  if (parts.length < LIVE_MIN_LENGTH) return undefined;
  const [id, rev, category, sectionKey, expiresAt, name, ...texts] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  if (!isCategory(category)) return undefined;
  return { id, rev, deleted: false, category, sectionKey, expiresAt, name, texts };
}
