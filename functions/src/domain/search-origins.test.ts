import fc from 'fast-check';
import {
  liveEntry,
  overlayItemArbitrary,
  tombstoneEntry,
} from '../../test-support/search-entry-arbitraries';
import { compareRevisions, latestEntries } from './search-entries';
import { overlayOf, type OverlayItem } from './search-origins';

const live = (rev: string, name?: string) => liveEntry('a', rev, name);
const tombstone = (rev: string) => tombstoneEntry('a', rev);
const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`;

describe('overlayOf', () => {
  it('gives the latest entry and the origin of the earliest item, in any order', () => {
    const items: OverlayItem[] = [
      { entry: live(at(3), 'third'), origin: live(at(2), 'second') },
      { entry: tombstone(at(4)), origin: live(at(3), 'third') },
      { entry: live(at(2), 'second'), origin: live(at(1), 'first') },
    ];
    expect(overlayOf(items).get('a')).toEqual({
      latest: tombstone(at(4)),
      origin: live(at(1), 'first'),
    });
  });

  it("resolves the earliest item's self to its own entry", () => {
    const items: OverlayItem[] = [
      { entry: tombstone(at(2)), origin: live(at(1)) },
      { entry: live(at(1)), origin: 'self' },
    ];
    expect(overlayOf(items).get('a')).toEqual({ latest: tombstone(at(2)), origin: live(at(1)) });
    expect(overlayOf([{ entry: live(at(1)), origin: 'self' }]).get('a')).toEqual({
      latest: live(at(1)),
      origin: live(at(1)),
    });
  });

  it('keeps absent and unknown only when the earliest item has them', () => {
    expect(
      overlayOf([
        { entry: live(at(2)), origin: 'unknown' },
        { entry: live(at(1)), origin: 'absent' },
      ]).get('a')?.origin,
    ).toBe('absent');
    expect(
      overlayOf([
        { entry: live(at(2)), origin: 'absent' },
        { entry: live(at(1)), origin: 'unknown' },
      ]).get('a')?.origin,
    ).toBe('unknown');
  });

  it('takes the first of items at the same revision (packs before deltas)', () => {
    const state = overlayOf([
      { entry: live(at(1)), origin: 'self' },
      { entry: live(at(1)), origin: 'absent' },
    ]).get('a');
    expect(state?.origin).toEqual(live(at(1)));
  });

  it('gives each id the latest entry latestEntries gives, and an earliest item origin', () => {
    fc.assert(
      fc.property(fc.array(overlayItemArbitrary, { maxLength: 30 }), (items) => {
        const overlay = overlayOf(items);
        const latest = latestEntries(items.map(({ entry }) => entry));
        expect([...overlay.keys()]).toEqual([...latest.keys()]);
        for (const [id, { latest: entry, origin }] of overlay) {
          expect(entry).toEqual(latest.get(id));
          const ofId = items.filter((item) => item.entry.id === id);
          const earliest = ofId.reduce((first, item) =>
            compareRevisions(item.entry.rev, first.entry.rev) < 0 ? item : first,
          );
          expect(origin).toEqual(earliest.origin === 'self' ? earliest.entry : earliest.origin);
        }
      }),
    );
  });
});
