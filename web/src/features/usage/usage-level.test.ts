import { usageLevel, usagePercent } from './usage-level';

describe('usage bars', () => {
  it.each([
    [0, 50, 'normal'],
    [39, 50, 'normal'],
    [40, 50, 'high'],
    [49, 50, 'high'],
    [50, 50, 'full'],
    [51, 50, 'full'],
    [1, 1, 'full'],
    [0, 1, 'normal'],
    [7, 10, 'normal'],
    [8, 10, 'high'],
    [1_999, 2_000, 'high'],
  ] as const)('%i of %i is %s', (value, limit, level) => {
    expect(usageLevel(value, limit)).toBe(level);
  });

  it('fills to 100 % only at the limit', () => {
    expect(usagePercent(1_999, 2_000)).toBe(99);
    expect(usagePercent(2_000, 2_000)).toBe(100);
    expect(usagePercent(2_500, 2_000)).toBe(100);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(0, 3)).toBe(0);
  });
});
