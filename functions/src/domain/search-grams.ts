/**
 * The trigrams of the search index's base (data/search-base.ts): every three consecutive UTF-16
 * units of a searched text, lower-cased as entries and searches are (domain/search-entries
 * `entryMatches`). A token whose texts contain a search contain each of the search's trigrams, so
 * the tokens holding all of them are a superset of the matches.
 */
import { searchedTextsOf, type LiveSearchEntry } from './search-entries';

export const GRAM_LENGTH = 3;

function addGrams(text: string, into: Set<string>): void {
  for (let at = 0; at + GRAM_LENGTH <= text.length; at += 1) {
    into.add(text.slice(at, at + GRAM_LENGTH));
  }
}

/** The distinct trigrams of a search (none for a search shorter than a trigram). */
export function searchGrams(search: string): string[] {
  const grams = new Set<string>();
  addGrams(search.toLowerCase(), grams);
  return [...grams];
}

/**
 * The distinct trigrams of an entry's name and searched texts (not its owner, never searched),
 * but those of the texts in `except` (the base's shared texts, counted instead: search-shared-texts).
 */
export function entryGrams(
  entry: LiveSearchEntry,
  except: ReadonlySet<string> = new Set(),
): Set<string> {
  const grams = new Set<string>();
  for (const text of searchedTextsOf(entry)) if (!except.has(text)) addGrams(text, grams);
  return grams;
}
