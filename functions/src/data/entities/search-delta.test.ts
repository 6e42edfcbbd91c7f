import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { overlayItemArbitrary } from '../../../test-support/search-entry-arbitraries';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { searchDeltaCodec, type SearchDeltaRecord } from './search-delta';

const deltaArbitrary: fc.Arbitrary<SearchDeltaRecord> = fc
  .record({
    workspaceId: fc.uuid(),
    deltaId: fc.uuid(),
    items: fc.array(overlayItemArbitrary, { maxLength: 20 }),
  })
  .map(({ items, ...delta }) => ({
    ...delta,
    entries: items.map(({ entry }) => entry),
    priors: items.map(({ origin }) => origin),
  }));

const liveEntry = {
  id: 'ws-1.a',
  rev: '2026-01-01T00:00:00.000Z',
  deleted: false,
  category: 'cert',
  sectionKey: '__none__',
  expiresAt: '2027-01-01',
  name: 'acme cert',
  texts: ['acme corp'],
} as const;
const liveTuple = [
  'ws-1.a',
  '2026-01-01T00:00:00.000Z',
  'cert',
  '__none__',
  '2027-01-01',
  'acme cert',
  'acme corp',
];

describe('search delta codec', () => {
  it('reads back every delta it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(searchDeltaCodec, deltaArbitrary);
  });

  it('stores its entries with their priors deflated, each prior after its entry', () => {
    const item = searchDeltaCodec.toItem({
      workspaceId: 'ws-1',
      deltaId: 'd-1',
      entries: [
        liveEntry,
        { id: 'ws-1.b', rev: '2026-01-02T00:00:00.000Z', deleted: true },
        { id: 'ws-1.a', rev: '2026-01-03T00:00:00.000Z', deleted: true },
      ],
      priors: ['absent', 'unknown', liveEntry],
    });
    const { data, ...rest } = item;
    expect(rest).toEqual({
      ...keys.searchDelta('ws-1', 'd-1'),
      entity: 'SEARCH_DELTA',
      entryCount: 3,
    });
    expect(data).toBeInstanceOf(Uint8Array);
    expect(JSON.parse(inflateRawSync(item.data).toString('utf8'))).toEqual([
      [...liveTuple, 1],
      ['ws-1.b', '2026-01-02T00:00:00.000Z'],
      ['ws-1.a', '2026-01-03T00:00:00.000Z', liveTuple],
    ]);
  });

  it('keeps a full import batch with priors under 400 KB, every searched text changed to its longest', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789.-';
    const random = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
    const entryOf = (id: string, rev: string) => ({
      ...liveEntry,
      id,
      rev,
      sectionKey: random(120),
      name: random(100),
      // Location, used by, issuer, subject, vendor, description; the domains in two forms.
      texts: [200, 200, 100, 300, 100, 300, 500, 500].map(random),
    });
    const ids = Array.from({ length: 98 }, (_, index) => `ws-1.${random(36)}${index}`);
    const item = searchDeltaCodec.toItem({
      workspaceId: 'ws-1',
      deltaId: 'd-1',
      entries: ids.map((id) => entryOf(id, '2026-01-02T00:00:00.000Z')),
      priors: ids.map((id) => entryOf(id, '2026-01-01T00:00:00.000Z')),
    });
    // Random texts deflate least; texts kept by an edit take a few bytes in the prior.
    expect(item.data.length).toBeLessThan(350_000);
  });

  it('reads a delta from before priors (a list of tuples) with every prior unknown', () => {
    const record = searchDeltaCodec.fromItem({
      ...keys.searchDelta('ws-1', 'd-1'),
      entity: 'SEARCH_DELTA',
      entries: [liveTuple, ['ws-1.b', '2026-01-02T00:00:00.000Z']],
    });
    expect(record.entries).toEqual([
      liveEntry,
      { id: 'ws-1.b', rev: '2026-01-02T00:00:00.000Z', deleted: true },
    ]);
    expect(record.priors).toEqual(['unknown', 'unknown']);
  });

  it.each([
    [[[...liveTuple, 7]], 1],
    [[[...liveTuple, ['ws-1.other', '2026-01-01T00:00:00.000Z']]], 1],
    [[[...liveTuple, 1]], 2],
  ])(
    'refuses data that is not its count of entries with priors of their own (%j, %d)',
    (data, count) => {
      const item = {
        ...keys.searchDelta('ws-1', 'd-1'),
        entity: 'SEARCH_DELTA',
        entryCount: count,
        data: deflateRawSync(Buffer.from(JSON.stringify(data))),
      };
      expect(() => searchDeltaCodec.fromItem(item)).toThrow(MalformedItemError);
    },
  );

  it('refuses an item with neither data nor entries', () => {
    const item = { ...keys.searchDelta('ws-1', 'd-1'), entity: 'SEARCH_DELTA' };
    expect(() => searchDeltaCodec.fromItem(item)).toThrow(MalformedItemError);
  });

  it.each([
    [['only-an-id']],
    [['id', 'rev', 'not-a-category', '__none__', '2027-01-01', 'name']],
    [['id', 'rev', 'cert']],
  ])('refuses an entry that is no tuple of the index (%j)', (tuple) => {
    const item = { ...keys.searchDelta('ws-1', 'd-1'), entity: 'SEARCH_DELTA', entries: [tuple] };
    expect(() => searchDeltaCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
