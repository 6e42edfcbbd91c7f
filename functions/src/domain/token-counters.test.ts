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
    expect(facetsFromCounters(counters)).toEqual({
      category: { cert: 3, key_secret: 0, license: 2, general: 1 },
      section: [
        { section: 'prod', count: 3 },
        { section: 'a#b', count: 2 },
        { section: null, count: 1 },
      ],
    });
  });

  it('totals any category and section filter', () => {
    expect(totalFromCounters(counters, ['cert', 'license'], undefined)).toBe(5);
    expect(totalFromCounters(counters, ['cert', 'general'], 'prod')).toBe(3);
    expect(totalFromCounters(counters, ['cert'], '__none__')).toBe(1);
    expect(totalFromCounters(counters, ['license'], 'a#b')).toBe(2);
    expect(totalFromCounters(counters, ['key_secret'], '__all__')).toBe(0);
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
      facetsFromTokens([
        { category: 'cert', section: 'b' },
        { category: 'cert', section: 'a' },
        { category: 'general', section: null },
      ]).section,
    ).toEqual([
      { section: 'a', count: 1 },
      { section: 'b', count: 1 },
      { section: null, count: 1 },
    ]);
  });
});
