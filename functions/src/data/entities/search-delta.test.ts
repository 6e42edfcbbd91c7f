import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { searchEntryArbitrary } from '../../../test-support/search-entry-arbitraries';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { searchDeltaCodec, type SearchDeltaRecord } from './search-delta';

const deltaArbitrary: fc.Arbitrary<SearchDeltaRecord> = fc.record({
  workspaceId: fc.uuid(),
  deltaId: fc.uuid(),
  entries: fc.array(searchEntryArbitrary, { maxLength: 20 }),
});

describe('search delta codec', () => {
  it('reads back every delta it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(searchDeltaCodec, deltaArbitrary);
  });

  it('stores a token as one tuple and a tombstone as id and revision', () => {
    const item = searchDeltaCodec.toItem({
      workspaceId: 'ws-1',
      deltaId: 'd-1',
      entries: [
        {
          id: 'ws-1.a',
          rev: '2026-01-01T00:00:00.000Z',
          deleted: false,
          category: 'cert',
          sectionKey: '__none__',
          expiresAt: '2027-01-01',
          name: 'acme cert',
          texts: ['acme corp'],
        },
        { id: 'ws-1.b', rev: '2026-01-02T00:00:00.000Z', deleted: true },
      ],
    });
    expect(item).toEqual({
      ...keys.searchDelta('ws-1', 'd-1'),
      entity: 'SEARCH_DELTA',
      entries: [
        [
          'ws-1.a',
          '2026-01-01T00:00:00.000Z',
          'cert',
          '__none__',
          '2027-01-01',
          'acme cert',
          'acme corp',
        ],
        ['ws-1.b', '2026-01-02T00:00:00.000Z'],
      ],
    });
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
