import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { searchManifestCodec, type SearchManifestRecord } from './search-manifest';

const manifestArbitrary: fc.Arbitrary<SearchManifestRecord> = fc.record({
  workspaceId: fc.uuid(),
  version: fc.nat(),
  packs: fc.array(fc.record({ id: fc.uuid(), entries: fc.nat(), bytes: fc.nat() }), {
    maxLength: 10,
  }),
  folded: fc.array(fc.uuid(), { maxLength: 10 }),
  retired: fc.array(fc.uuid(), { maxLength: 10 }),
  leaseUntil: fc.option(isoInstant, { nil: null }),
  base: fc.option(
    fc.record({
      id: fc.uuid(),
      packs: fc.array(fc.uuid(), { maxLength: 5 }),
      entries: fc.nat(),
      buckets: fc.integer({ min: 1, max: 1_000 }),
      chunkSize: fc.integer({ min: 1, max: 1_000 }),
      bytes: fc.nat(),
    }),
    { nil: null },
  ),
});

describe('search manifest codec', () => {
  it('reads back every manifest it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(searchManifestCodec, manifestArbitrary);
  });

  it('reads missing lists as empty and a missing lease as none', () => {
    const item = { ...keys.searchManifest('ws-1'), entity: 'SEARCH_MANIFEST', version: 3 };
    expect(searchManifestCodec.fromItem(item)).toEqual({
      workspaceId: 'ws-1',
      version: 3,
      packs: [],
      folded: [],
      retired: [],
      base: null,
      leaseUntil: null,
    });
  });

  it('refuses a manifest without a version', () => {
    const item = { ...keys.searchManifest('ws-1'), entity: 'SEARCH_MANIFEST' };
    expect(() => searchManifestCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
