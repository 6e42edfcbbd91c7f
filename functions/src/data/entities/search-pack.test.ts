import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { searchEntryArbitrary } from '../../../test-support/search-entry-arbitraries';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { searchPackCodec, type SearchPackRecord } from './search-pack';

const packArbitrary: fc.Arbitrary<SearchPackRecord> = fc.record({
  workspaceId: fc.uuid(),
  packId: fc.uuid(),
  entries: fc.array(searchEntryArbitrary, { maxLength: 30 }),
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

  it('deflates the entries: many similar tokens take a few dozen bytes each', () => {
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
    const item = searchPackCodec.toItem({ workspaceId: 'ws-1', packId: 'p-1', entries });
    expect(item.entryCount).toBe(2_000);
    expect(item.data.length / 2_000).toBeLessThan(40);
    expect(searchPackCodec.fromItem(item).entries).toEqual(entries);
  });

  it('refuses data that is not deflated JSON, a wrong count, or a malformed tuple', () => {
    const notDeflated = { ...packItem([], 0), data: Buffer.from('not deflated') };
    expect(() => searchPackCodec.fromItem(notDeflated)).toThrow(MalformedItemError);
    expect(() => searchPackCodec.fromItem(packItem([['a', 'b']], 2))).toThrow(MalformedItemError);
    expect(() => searchPackCodec.fromItem(packItem([['a', 1]], 1))).toThrow(MalformedItemError);
    expect(searchPackCodec.fromItem(packItem([['a', 'b']], 1)).entries).toEqual([
      { id: 'a', rev: 'b', deleted: true },
    ]);
  });
});
