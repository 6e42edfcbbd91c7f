import fc from 'fast-check';
import { TOKEN_SORT_OPTIONS, type TokenSort } from '@expiry-radar/shared/domain/token-list';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  compareRevisions,
  entryMatches,
  latestEntries,
  nextRevision,
  searchEntryOf,
  searchTombstoneOf,
  type SearchEntry,
} from './search-entries';
import { compareUtf8, firstInIndexOrder, matchesSearch, sortByIndexKey } from './token-search';

const text = fc.option(fc.string({ unit: 'binary', maxLength: 12 }), { nil: null });

const tokenArbitrary: fc.Arbitrary<Token> = fc.record({
  id: fc.uuid(),
  name: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  type: fc.constant('api_key' as const),
  category: fc.constant('key_secret' as const),
  expiresAt: fc.constant('2030-01-01'),
  section: text,
  domains: fc.array(fc.string({ unit: 'binary', maxLength: 10 }), { maxLength: 3 }),
  location: text,
  used_by: text,
  contact_group_id: text,
  issuer: text,
  serial_number: text,
  subject: text,
  key_size: fc.constant(null),
  algorithm: text,
  license_type: text,
  vendor: text,
  cost: fc.constant(null),
  renewal_url: text,
  renewal_date: fc.constant(null),
  contacts: text,
  description: text,
  notes: text,
  created_at: fc.constant('2026-01-01T00:00:00.000Z'),
  updated_at: fc.constant('2026-01-01T00:00:00.000Z'),
  workspace_id: fc.constant('ws'),
});

describe('search entries', () => {
  it('match a search exactly when the token does', () => {
    fc.assert(
      fc.property(
        tokenArbitrary,
        fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
        (token, search) => {
          expect(entryMatches(searchEntryOf(token), search)).toBe(matchesSearch(token, search));
        },
      ),
    );
  });

  it('find a kept A-label domain by its Unicode form too', () => {
    const token = fc.sample(tokenArbitrary, { numRuns: 1, seed: 1 })[0]!;
    const withDomain = { ...token, domains: ['xn--bcher-kva.de'] };
    for (const search of ['bücher', 'xn--bcher']) {
      expect(matchesSearch(withDomain, search)).toBe(true);
      expect(entryMatches(searchEntryOf(withDomain), search)).toBe(true);
    }
  });

  it('give each write of a token a later revision, whatever the clock says', () => {
    fc.assert(
      // Clocks a server can show: the extremes of Date's range have no millisecond beyond them.
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        fc.integer({ min: -5, max: 5 }),
        (at, skew) => {
          const previous = at.toISOString();
          const next = nextRevision(previous, new Date(at.getTime() + skew));
          expect(compareRevisions(next, previous)).toBeGreaterThan(0);
          expect(
            compareRevisions(searchTombstoneOf({ id: 'a', updated_at: next }, at).rev, next),
          ).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('keep the latest entry of each id, in any order', () => {
    const entry = (id: string, rev: string): SearchEntry => ({ id, rev, deleted: true });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 20 }))),
        (pairs) => {
          const entries = pairs.map(([id, at]) => entry(id, new Date(at * 1000).toISOString()));
          const latest = latestEntries(entries);
          for (const [id, kept] of latest) {
            const revisions = entries.filter((candidate) => candidate.id === id);
            expect(Date.parse(kept.rev)).toBe(
              Math.max(...revisions.map(({ rev }) => Date.parse(rev))),
            );
          }
          expect(latest.size).toBe(new Set(pairs.map(([id]) => id)).size);
        },
      ),
    );
  });
});

describe('index order', () => {
  it('compares strings in UTF-8 byte order without encoding them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(Math.sign(compareUtf8(a, b))).toBe(
          Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))),
        );
      }),
    );
  });

  it('gives the first items of the full sort, for any count', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'binary' }), { maxLength: 60 }),
        fc.constantFrom<TokenSort>(...TOKEN_SORT_OPTIONS),
        fc.nat({ max: 70 }),
        (keys, sort, count) => {
          const identity = (key: string) => key;
          expect(firstInIndexOrder(keys, identity, sort, count)).toEqual(
            sortByIndexKey(keys, identity, sort).slice(0, count),
          );
        },
      ),
    );
  });
});
