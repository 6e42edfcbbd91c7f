import fc from 'fast-check';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import { entryMatches, searchedTextsOf, type LiveSearchEntry } from './search-entries';
import {
  entryMatchesSharedText,
  sharedMatchCounts,
  sharedTextStats,
  type SharedTextLimits,
} from './search-shared-texts';

const entryOf = (
  id: string,
  fields: Partial<Pick<LiveSearchEntry, 'name' | 'texts' | 'category' | 'sectionKey'>>,
): LiveSearchEntry => ({
  id,
  rev: '2026-01-01T00:00:00.000Z',
  deleted: false,
  category: 'cert',
  sectionKey: '__none__',
  expiresAt: '2027-01-01',
  name: `token ${id}`,
  texts: [],
  ...fields,
});

const limits: SharedTextLimits = { leastEntries: 2, mostSignatures: 100 };

describe('shared texts of a search base', () => {
  it('keeps texts held by enough entries, most held first, and counts each signature per cell', () => {
    const entries = [
      entryOf('1', { texts: ['acme corporation', 'ops team'] }),
      entryOf('2', { texts: ['acme corporation'], category: 'license' }),
      entryOf('3', { texts: ['acme corporation', 'ops team'], sectionKey: 'prod' }),
      entryOf('4', { texts: ['globex'] }),
    ];
    const stats = sharedTextStats(entries, limits);
    expect(stats.texts).toEqual(['acme corporation', 'ops team']);
    expect(sharedMatchCounts(stats, 'ACME')).toEqual(
      expect.arrayContaining([
        { cell: { category: 'cert', sectionKey: '__none__' }, count: 1 },
        { cell: { category: 'license', sectionKey: '__none__' }, count: 1 },
        { cell: { category: 'cert', sectionKey: 'prod' }, count: 1 },
      ]),
    );
    // An entry holding two texts that match is counted once.
    expect(sharedMatchCounts(stats, 'o').reduce((sum, { count }) => sum + count, 0)).toBe(3);
    expect(sharedMatchCounts(stats, 'globex')).toEqual([]);
  });

  it('leaves the rarest shared texts to the trigrams while the signatures are too many', () => {
    const entries = Array.from({ length: 40 }, (_, at) =>
      entryOf(String(at), { texts: ['common', `pair ${at % 8}`, `rare ${at % 20}`] }),
    );
    const stats = sharedTextStats(entries, { leastEntries: 2, mostSignatures: 8 });
    expect(stats.signatures.length).toBeLessThanOrEqual(8);
    expect(stats.texts[0]).toBe('common');
    expect(stats.texts.some((text) => text.startsWith('rare'))).toBe(false);
  });

  it('counts exactly the entries holding a shared text that contains the search', () => {
    const word = fc.constantFrom('acme', 'acme corp', 'globex', 'ops', 'a', 'corp ops');
    const entryArbitrary = fc.record({
      name: word,
      texts: fc.uniqueArray(word, { maxLength: 3 }),
      category: fc.constantFrom(...CATEGORIES),
      sectionKey: fc.constantFrom('__none__', 'prod'),
    });
    fc.assert(
      fc.property(
        fc.array(entryArbitrary, { maxLength: 30 }),
        fc.constantFrom('acme', 'corp', 'ops', 'a', 'x', 'globex'),
        fc.integer({ min: 1, max: 4 }),
        (rows, search, leastEntries) => {
          const entries = rows.map((row, at) => entryOf(String(at), row));
          const stats = sharedTextStats(entries, { leastEntries, mostSignatures: 1_000 });
          const shared = new Set(stats.texts);
          const expected = entries.filter((entry) => entryMatchesSharedText(entry, shared, search));
          const counted = sharedMatchCounts(stats, search).reduce(
            (sum, { count }) => sum + count,
            0,
          );
          expect(counted).toBe(expected.length);
          for (const entry of expected) expect(entryMatches(entry, search)).toBe(true);
          // Shared texts are the searched texts held by at least `leastEntries` entries.
          for (const text of stats.texts) {
            const holders = entries.filter((entry) => searchedTextsOf(entry).includes(text));
            expect(holders.length).toBeGreaterThanOrEqual(leastEntries);
          }
        },
      ),
    );
  });
});
