import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { overlayItemArbitrary } from '../../../test-support/search-entry-arbitraries';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { entryOfTuple } from './search-entry-tuples';
import { searchPackCodec, type SearchPackRecord } from './search-pack';

const packArbitrary: fc.Arbitrary<SearchPackRecord> = fc.record({
  workspaceId: fc.uuid(),
  packId: fc.uuid(),
  items: fc.array(overlayItemArbitrary, { maxLength: 30 }),
});

const packItem = (data: unknown, entryCount: number) => ({
  ...keys.searchPack('ws-1', 'p-1'),
  entity: 'SEARCH_PACK',
  entryCount,
  data: deflateRawSync(Buffer.from(JSON.stringify(data))),
});

describe('search pack codec', () => {
  it('reads back every pack it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(searchPackCodec, packArbitrary);
  });

  it('deflates the entries and their origins: many similar tokens take a few dozen bytes each', () => {
    const entries = Array.from({ length: 2_000 }, (_, index) => ({
      id: `ws-1.${String(index).padStart(36, '0')}`,
      rev: '2026-01-01T00:00:00.000Z',
      deleted: false as const,
      category: 'cert' as const,
      sectionKey: 'platform',
      expiresAt: '2027-01-01',
      name: `token ${index}`,
      texts: ['acme corporation', `seeded for a test (#${index})`],
    }));
    // Every other token changed since the base: its origin is its entry before (another name).
    const items = entries.map((entry, index) => ({
      entry,
      origin:
        index % 2 === 0
          ? ('self' as const)
          : { ...entry, rev: '2025-12-01T00:00:00.000Z', name: `old token ${index}` },
    }));
    const item = searchPackCodec.toItem({ workspaceId: 'ws-1', packId: 'p-1', items });
    expect(item.entryCount).toBe(2_000);
    expect(item.data.length / 2_000).toBeLessThan(40);
    expect(searchPackCodec.fromItem(item).items).toEqual(items);
  });

  it('appends the origin to its entry, and reads a pack from before origins as unknown', () => {
    const live = ['ws-1.a', '2026-01-02T00:00:00.000Z', 'cert', '__none__', '2027-01-01', 'a'];
    const before = ['ws-1.a', '2026-01-01T00:00:00.000Z', 'cert', '__none__', '2027-01-01', 'b'];
    const item = searchPackCodec.toItem({
      workspaceId: 'ws-1',
      packId: 'p-1',
      items: [
        { entry: { id: 'ws-1.a', rev: '2026-01-03T00:00:00.000Z', deleted: true }, origin: 'self' },
        {
          entry: { id: 'ws-1.b', rev: '2026-01-03T00:00:00.000Z', deleted: true },
          origin: 'absent',
        },
        {
          entry: { id: 'ws-1.c', rev: '2026-01-03T00:00:00.000Z', deleted: true },
          origin: 'unknown',
        },
      ],
    });
    expect(JSON.parse(inflateRawSync(item.data).toString('utf8'))).toEqual([
      ['ws-1.a', '2026-01-03T00:00:00.000Z', 0],
      ['ws-1.b', '2026-01-03T00:00:00.000Z', 1],
      ['ws-1.c', '2026-01-03T00:00:00.000Z'],
    ]);
    expect(searchPackCodec.fromItem(packItem([live, [...live, before]], 2)).items).toEqual([
      { entry: entryOfTuple(live), origin: 'unknown' },
      { entry: entryOfTuple(live), origin: entryOfTuple(before) },
    ]);
  });

  it('refuses data that is not deflated JSON, a wrong count, a malformed tuple or origin', () => {
    const notDeflated = { ...packItem([], 0), data: Buffer.from('not deflated') };
    expect(() => searchPackCodec.fromItem(notDeflated)).toThrow(MalformedItemError);
    expect(() => searchPackCodec.fromItem(packItem([['a', 'b']], 2))).toThrow(MalformedItemError);
    expect(() => searchPackCodec.fromItem(packItem([['a', 1]], 1))).toThrow(MalformedItemError);
    expect(() => searchPackCodec.fromItem(packItem([['a', 'b', 3]], 1))).toThrow(
      MalformedItemError,
    );
    // An origin of another token.
    expect(() => searchPackCodec.fromItem(packItem([['a', 'b', ['c', 'd']]], 1))).toThrow(
      MalformedItemError,
    );
    expect(searchPackCodec.fromItem(packItem([['a', 'b']], 1)).items).toEqual([
      { entry: { id: 'a', rev: 'b', deleted: true }, origin: 'unknown' },
    ]);
  });
});
