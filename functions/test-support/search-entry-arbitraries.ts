/** Search entries (domain/search-entries) for property tests of the search index's codecs. */
import fc from 'fast-check';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { SearchEntry } from '../src/domain/search-entries';
import type { ItemOrigin, OverlayItem } from '../src/domain/search-origins';
import { isoInstant } from './codec-properties';

export const searchEntryArbitrary: fc.Arbitrary<SearchEntry> = fc.oneof(
  fc.record({
    id: fc.string({ minLength: 1 }),
    rev: isoInstant,
    deleted: fc.constant(true as const),
  }),
  fc.record({
    id: fc.string({ minLength: 1 }),
    rev: isoInstant,
    deleted: fc.constant(false as const),
    category: fc.constantFrom(...CATEGORIES),
    sectionKey: fc.string(),
    expiresAt: fc.string(),
    name: fc.string(),
    texts: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 8 }),
  }),
);

/** An overlay item (domain/search-origins): an entry and an origin of its id. */
export const overlayItemArbitrary: fc.Arbitrary<OverlayItem> = searchEntryArbitrary.chain((entry) =>
  fc.record({
    entry: fc.constant(entry),
    origin: fc.oneof(
      fc.constantFrom<ItemOrigin>('self', 'absent', 'unknown'),
      searchEntryArbitrary.map((prior): ItemOrigin => ({ ...prior, id: entry.id })),
    ),
  }),
);

/** A live entry of a token named `name` (a certificate, no section), for example-based tests. */
export const liveEntry = (id: string, rev: string, name = 'token'): SearchEntry => ({
  id,
  rev,
  deleted: false,
  category: 'cert',
  sectionKey: '__none__',
  expiresAt: '2027-01-01',
  name,
  texts: [],
});

export const tombstoneEntry = (id: string, rev: string): SearchEntry => ({
  id,
  rev,
  deleted: true,
});
