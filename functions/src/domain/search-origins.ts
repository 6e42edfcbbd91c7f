/**
 * Origins: what a workspace's search base (data/search-base.ts) holds of each id the overlay
 * holds (the packs the base does not cover and the deltas not folded yet, data/search-index.ts),
 * so that a search can count the base and correct it by the overlay exactly.
 *
 * A token's writes are ordered by revision (each is conditioned on the one before), and deltas
 * are read consistently, so the base covers a prefix of each token's writes and the overlay the
 * rest: what the base holds of an id is the prior state of its earliest write in the overlay.
 * Every write carries its prior (the token's entry before it, or nothing for a new token); a
 * compaction keeps, for each id it merges, the origin of its earliest item.
 */
import { compareRevisions, type SearchEntry } from './search-entries';

/**
 * What the base holds of an id: its entry there (a tombstone: the base does not count it),
 * nothing (`absent`: created since), or not known (`unknown`: written before origins were kept).
 */
export type SearchOrigin = SearchEntry | 'absent' | 'unknown';

/** The origin an overlay item carries: `self` = its own entry is what the base holds. */
export type ItemOrigin = SearchOrigin | 'self';

export interface OverlayItem {
  readonly entry: SearchEntry;
  readonly origin: ItemOrigin;
}

export interface OverlayState {
  /** The entry of the latest revision. */
  readonly latest: SearchEntry;
  /** What the base holds of the id. */
  readonly origin: SearchOrigin;
}

/** The origin an item gives its id, `self` resolved to the item's own entry. */
export function resolvedOrigin({ entry, origin }: OverlayItem): SearchOrigin {
  return origin === 'self' ? entry : origin;
}

/**
 * Per id: the latest entry (highest revision) and the origin of its earliest item (lowest
 * revision), `self` resolved to that item's entry. Of items of one id at the same revision (a
 * delta read before it was folded into a pack), the first counts: pass packs before deltas.
 */
export function overlayOf(items: Iterable<OverlayItem>): Map<string, OverlayState> {
  const latest = new Map<string, SearchEntry>();
  const earliest = new Map<string, OverlayItem>();
  for (const item of items) {
    const { id, rev } = item.entry;
    const newest = latest.get(id);
    if (!newest || compareRevisions(rev, newest.rev) > 0) latest.set(id, item.entry);
    const oldest = earliest.get(id);
    if (!oldest || compareRevisions(rev, oldest.entry.rev) < 0) earliest.set(id, item);
  }
  const overlay = new Map<string, OverlayState>();
  for (const [id, entry] of latest) {
    overlay.set(id, { latest: entry, origin: resolvedOrigin(earliest.get(id)!) });
  }
  return overlay;
}
