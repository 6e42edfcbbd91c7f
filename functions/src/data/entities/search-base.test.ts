import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { buildToken } from '../../../test-support/token-seeding';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import { searchEntryOf } from '../../domain/search-entries';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { searchBasePartCodec, type SearchBasePartRecord } from './search-base';

const ordinals = fc
  .uniqueArray(fc.nat({ max: 100_000 }), { maxLength: 20 })
  .map((list) => list.sort((a, b) => a - b));

const chunkKeepingTokens = (workspaceId: string) =>
  fc
    .array(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.boolean()), { maxLength: 8 })
    .chain((rows) => {
      const tokens = rows.map(([name, kept]) => (kept ? buildToken(workspaceId, { name }) : null));
      return fc.record({
        kind: fc.constant('ids' as const),
        chunk: fc.nat({ max: 5_000 }),
        ids: fc.constant(tokens.map((token, at) => token?.id ?? `missing-${at}`)),
        revs: fc.constant(tokens.map((token) => token?.updated_at ?? '2026-01-01T00:00:00.000Z')),
        tokens: fc.constant(tokens),
      });
    });

/** A head chunk: each id's token, or null and then its entry (what a search matches it on). */
const headChunk = (workspaceId: string) =>
  fc
    .array(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.boolean()), { maxLength: 8 })
    .chain((rows) => {
      const tokens = rows.map(([name]) => buildToken(workspaceId, { name }));
      return fc.record({
        kind: fc.constant('head' as const),
        category: fc.constantFrom(...CATEGORIES),
        chunk: fc.nat({ max: 99_999 }),
        ids: fc.constant(tokens.map(({ id }) => id)),
        revs: fc.constant(tokens.map(({ updated_at }) => updated_at)),
        tokens: fc.constant(tokens.map((token, at) => (rows[at]![1] ? token : null))),
        entries: fc.constant(
          tokens.map((token, at) => (rows[at]![1] ? null : searchEntryOf(token))),
        ),
      });
    });

const sharedTexts = fc
  .record({
    texts: fc.array(fc.string(), { minLength: 1, maxLength: 5 }),
    cells: fc.array(
      fc.record({ category: fc.constantFrom(...CATEGORIES), sectionKey: fc.string() }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .chain(({ texts, cells }) =>
    fc.record({
      kind: fc.constant('shared' as const),
      stats: fc.record({
        texts: fc.constant(texts),
        cells: fc.constant(cells),
        signatures: fc.array(
          fc.record({
            texts: fc
              .uniqueArray(fc.nat({ max: texts.length - 1 }), { minLength: 1 })
              .map((list) => list.sort((a, b) => a - b)),
            counts: fc.array(
              fc.tuple(fc.nat({ max: cells.length - 1 }), fc.integer({ min: 1, max: 1_000 })),
            ),
          }),
          { maxLength: 6 },
        ),
      }),
    }),
  );

const partArbitrary: fc.Arbitrary<SearchBasePartRecord> = fc
  .tuple(fc.uuid(), fc.uuid())
  .chain(([workspaceId, baseId]) =>
    fc.record({
      workspaceId: fc.constant(workspaceId),
      baseId: fc.constant(baseId),
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
        // Chunks that keep tokens: each the token of its id at its revision, or null.
        chunkKeepingTokens(workspaceId),
        headChunk(workspaceId),
        sharedTexts,
      ),
    }),
  );

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
    // A chunk's tokens, one for each id or null, stored without what the chunk and key hold.
    const token = buildToken('ws-1');
    const { id: _id, updated_at: _updatedAt, workspace_id: _workspaceId, ...stored } = token;
    const chunkOf = (tokens: unknown[]) =>
      partItem('I0', { ids: [token.id], revs: [token.updated_at], tokens });
    expect(searchBasePartCodec.fromItem(chunkOf([stored])).part).toEqual({
      kind: 'ids',
      chunk: 0,
      ids: [token.id],
      revs: [token.updated_at],
      tokens: [token],
    });
    expect(() => searchBasePartCodec.fromItem(chunkOf([]))).toThrow(MalformedItemError);
    expect(() => searchBasePartCodec.fromItem(chunkOf([{ name: 'No category' }]))).toThrow(
      MalformedItemError,
    );
    expect(() => searchBasePartCodec.fromItem(partItem('G0', { gaps: {} }))).toThrow(
      MalformedItemError,
    );
    // Shared texts whose signatures name only texts and cells they hold.
    const shared = { texts: ['acme'], cells: [['cert', '__none__']], signatures: [] };
    const signature = (texts: number[], counts: number[][]) => ({
      ...shared,
      signatures: [{ texts, counts }],
    });
    expect(searchBasePartCodec.fromItem(partItem('S0', signature([0], [[0, 3]]))).part).toEqual({
      kind: 'shared',
      stats: {
        texts: ['acme'],
        cells: [{ category: 'cert', sectionKey: '__none__' }],
        signatures: [{ texts: [0], counts: [[0, 3]] }],
      },
    });
    for (const wrong of [signature([1], [[0, 3]]), signature([0], [[1, 3]])]) {
      expect(() => searchBasePartCodec.fromItem(partItem('S0', wrong))).toThrow(MalformedItemError);
    }
    expect(() =>
      searchBasePartCodec.fromItem(partItem('S0', { ...shared, cells: [['nope', 'x']] })),
    ).toThrow(MalformedItemError);
    // A head chunk: a revision, token and entry for each id, under a category's number.
    const head = { ids: [token.id], revs: [token.updated_at], tokens: [stored], entries: [null] };
    expect(searchBasePartCodec.fromItem(partItem('H0.00003', head)).part).toMatchObject({
      kind: 'head',
      category: CATEGORIES[0],
      chunk: 3,
      tokens: [token],
    });
    expect(() => searchBasePartCodec.fromItem(partItem('H9.00003', head))).toThrow(
      MalformedItemError,
    );
    expect(() =>
      searchBasePartCodec.fromItem(partItem('H0.00003', { ...head, entries: [] })),
    ).toThrow(MalformedItemError);
    expect(
      searchBasePartCodec.fromItem(partItem('G2', { common: ['abc'], gaps: { xyz: [3, 2] } })),
    ).toEqual({
      workspaceId: 'ws-1',
      baseId: 'b-1',
      part: { kind: 'grams', bucket: 2, common: ['abc'], postings: { xyz: [3, 5] } },
    });
  });
});
