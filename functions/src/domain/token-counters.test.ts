import {
  cellAttribute,
  cellDeltas,
  facetsFromCounters,
  facetsFromTokens,
  readCounterValues,
  totalFromCounters,
} from './token-counters';

const counters = readCounterValues({
  pk: 'WS#1',
  tokenCount: 6,
  [cellAttribute({ category: 'cert', section: 'prod' })]: 2,
  [cellAttribute({ category: 'cert', section: null })]: 1,
  [cellAttribute({ category: 'license', section: 'a#b' })]: 2,
  [cellAttribute({ category: 'general', section: 'prod' })]: 1,
  [cellAttribute({ category: 'general', section: 'gone' })]: 0,
});

describe('token counters', () => {
  it('sums category and section facets, skipping empty cells', () => {
    expect(facetsFromCounters(counters, {})).toEqual({
      category: { cert: 3, key_secret: 0, license: 2, general: 1 },
      section: [
        { section: 'prod', count: 3 },
        { section: 'a#b', count: 2 },
        { section: null, count: 1 },
      ],
    });
  });

  it('counts each facet under the other filter: categories in the section, sections in the categories', () => {
    expect(facetsFromCounters(counters, { section: 'prod' })).toEqual({
      category: { cert: 2, key_secret: 0, license: 0, general: 1 },
      section: [
        { section: 'prod', count: 3 },
        { section: 'a#b', count: 2 },
        { section: null, count: 1 },
      ],
    });
    expect(facetsFromCounters(counters, { category: ['cert'], section: '__none__' })).toEqual({
      category: { cert: 1, key_secret: 0, license: 0, general: 0 },
      section: [
        { section: 'prod', count: 2 },
        { section: null, count: 1 },
      ],
    });
    expect(
      facetsFromTokens(
        [
          { category: 'cert', section: 'b' },
          { category: 'general', section: 'b' },
          { category: 'general', section: null },
        ],
        { category: ['general'], section: 'b' },
      ),
    ).toEqual({
      category: { cert: 1, key_secret: 0, license: 0, general: 1 },
      section: [
        { section: 'b', count: 1 },
        { section: null, count: 1 },
      ],
    });
  });

  it('totals any category and section filter', () => {
    expect(totalFromCounters(counters, { category: ['cert', 'license'] })).toBe(5);
    expect(totalFromCounters(counters, { category: ['cert', 'general'], section: 'prod' })).toBe(3);
    expect(totalFromCounters(counters, { category: ['cert'], section: '__none__' })).toBe(1);
    expect(totalFromCounters(counters, { category: ['license'], section: 'a#b' })).toBe(2);
    expect(totalFromCounters(counters, { category: ['key_secret'], section: '__all__' })).toBe(0);
    expect(totalFromCounters(counters, { section: 'prod' })).toBe(3);
  });

  it('nets the deltas of one write per cell', () => {
    const prod = { category: 'cert', section: 'prod' } as const;
    const none = { category: 'cert', section: null } as const;
    expect(
      cellDeltas([
        { cell: prod, delta: -1 },
        { cell: none, delta: 1 },
        { cell: none, delta: 1 },
        { cell: prod, delta: 1 },
      ]),
    ).toEqual(new Map([['tc#cert#__none__', 2]]));
  });

  it('counts the facets of search matches the same way', () => {
    expect(
      facetsFromTokens(
        [
          { category: 'cert', section: 'b' },
          { category: 'cert', section: 'a' },
          { category: 'general', section: null },
        ],
        {},
      ).section,
    ).toEqual([
      { section: 'a', count: 1 },
      { section: 'b', count: 1 },
      { section: null, count: 1 },
    ]);
  });
});
