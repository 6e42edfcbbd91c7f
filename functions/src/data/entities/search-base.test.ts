import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { searchBasePartCodec, type SearchBasePartRecord } from './search-base';

const ordinals = fc
  .uniqueArray(fc.nat({ max: 100_000 }), { maxLength: 20 })
  .map((list) => list.sort((a, b) => a - b));

const partArbitrary: fc.Arbitrary<SearchBasePartRecord> = fc.record({
  workspaceId: fc.uuid(),
  baseId: fc.uuid(),
  part: fc.oneof(
    fc.record({
      kind: fc.constant('grams' as const),
      bucket: fc.nat({ max: 5_000 }),
      common: fc.array(fc.string({ minLength: 3, maxLength: 3 }), { maxLength: 5 }),
      postings: fc.dictionary(fc.string({ minLength: 3, maxLength: 3 }), ordinals),
    }),
    fc.record({
      kind: fc.constant('ids' as const),
      chunk: fc.nat({ max: 5_000 }),
      ids: fc.array(fc.uuid(), { maxLength: 20 }),
    }),
    fc
      .array(fc.tuple(fc.uuid(), fc.date({ noInvalidDate: true })), { maxLength: 20 })
      .chain((entries) =>
        fc.record({
          kind: fc.constant('ids' as const),
          chunk: fc.nat({ max: 5_000 }),
          ids: fc.constant(entries.map(([id]) => id)),
          revs: fc.constant(entries.map(([, at]) => at.toISOString())),
        }),
      ),
  ),
});

const partItem = (part: string, data: unknown) => ({
  ...keys.searchBasePart('ws-1', 'b-1', part),
  entity: 'SEARCH_BASE_PART',
  data: deflateRawSync(Buffer.from(JSON.stringify(data))),
});

describe('search base part codec', () => {
  it('reads back every part it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(searchBasePartCodec, partArbitrary);
  });

  it('refuses data that is not deflated JSON, a part name it does not know, or a wrong shape', () => {
    const notDeflated = { ...partItem('I0', []), data: Buffer.from('not deflated') };
    expect(() => searchBasePartCodec.fromItem(notDeflated)).toThrow(MalformedItemError);
    expect(() => searchBasePartCodec.fromItem(partItem('X0', []))).toThrow(MalformedItemError);
    expect(() => searchBasePartCodec.fromItem(partItem('I0', [1]))).toThrow(MalformedItemError);
    // A chunk's revisions, one for each id.
    expect(() =>
      searchBasePartCodec.fromItem(partItem('I0', { ids: ['a', 'b'], revs: ['2026-01-01'] })),
    ).toThrow(MalformedItemError);
    expect(() => searchBasePartCodec.fromItem(partItem('G0', { gaps: {} }))).toThrow(
      MalformedItemError,
    );
    expect(
      searchBasePartCodec.fromItem(partItem('G2', { common: ['abc'], gaps: { xyz: [3, 2] } })),
    ).toEqual({
      workspaceId: 'ws-1',
      baseId: 'b-1',
      part: { kind: 'grams', bucket: 2, common: ['abc'], postings: { xyz: [3, 5] } },
    });
  });
});
