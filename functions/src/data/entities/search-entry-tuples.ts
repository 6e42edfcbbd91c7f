/**
 * How search delta and search pack items store entries (domain/search-entries): one array of
 * strings per entry, `[id, rev]` for a tombstone and `[id, rev, category, sectionKey, expiresAt,
 * name, ...texts]` for a token, so that thousands of them fit an item with no attribute names.
 *
 * Packs and deltas store their items (entries with their origins, domain/search-origins) as the
 * deflated JSON array of their packed forms (`packedItem`): the entry's tuple with its origin's
 * code appended, `0` for `self`, `1` for `absent` or the tuple of the entry the base holds, and
 * nothing for `unknown`.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { isCategory } from '@expiry-radar/shared/domain/categories';
import type { SearchEntry } from '../../domain/search-entries';
import type { ItemOrigin, OverlayItem } from '../../domain/search-origins';

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

type OriginCode = 0 | 1 | string[];

function codeOfOrigin(origin: Exclude<ItemOrigin, 'unknown'>): OriginCode {
  if (origin === 'self') return 0;
  if (origin === 'absent') return 1;
  return tupleOfEntry(origin);
}

/** The origin a code holds for an entry of `id`, or undefined when it is not one of `id`. */
function originOfCode(code: unknown, id: string): ItemOrigin | undefined {
  if (code === 0) return 'self';
  if (code === 1) return 'absent';
  const entry = entryOfTuple(code);
  return entry?.id === id ? entry : undefined;
}

/**
 * An item as packs and deltas store it: its entry's tuple with its origin's code appended (next
 * to the entry's strings, which deflate then refers back to), or the bare tuple when unknown.
 */
function packedItem({ entry, origin }: OverlayItem): (string | OriginCode)[] {
  const tuple: (string | OriginCode)[] = tupleOfEntry(entry);
  if (origin !== 'unknown') tuple.push(codeOfOrigin(origin));
  return tuple;
}

/**
 * The item a packed value holds, or undefined when it is not one. A tuple of strings only (an
 * item from before origins) has the origin `unknown`.
 */
function itemOfPacked(value: unknown): OverlayItem | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const last: unknown = value[value.length - 1];
  if (typeof last === 'string') {
    const entry = entryOfTuple(value);
    return entry && { entry, origin: 'unknown' };
  }
  const entry = entryOfTuple(value.slice(0, -1));
  if (!entry) return undefined;
  const origin = originOfCode(last, entry.id);
  return origin === undefined ? undefined : { entry, origin };
}

/** Items as the deflated JSON array of their packed forms. */
export function deflateItems(items: readonly OverlayItem[]): Buffer<ArrayBuffer> {
  return deflateRawSync(Buffer.from(JSON.stringify(items.map(packedItem)), 'utf8'));
}

/**
 * The `count` items deflated `data` holds; `malformed` gives the error to throw when it does not
 * hold them (with what is wrong, from the attribute `data` on).
 */
export function inflateItems(
  data: Uint8Array,
  count: number,
  malformed: (detail: string) => Error,
): OverlayItem[] {
  let packed: unknown;
  try {
    packed = JSON.parse(inflateRawSync(data).toString('utf8'));
  } catch {
    throw malformed('data: not deflated JSON');
  }
  if (!Array.isArray(packed) || packed.length !== count) {
    throw malformed(`data: not an array of ${count} entries`);
  }
  return packed.map((value, index) => {
    const item = itemOfPacked(value);
    if (!item) throw malformed(`data.${index}`);
    return item;
  });
}
