import { countText } from './count-text';

describe('countText', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1,000'],
    [500_000, '500,000'],
    [1_234_567, '1,234,567'],
    [-12_345, '-12,345'],
  ])('writes %d as %s', (count, text) => {
    expect(countText(count)).toBe(text);
  });

  it('writes what en-US toLocaleString writes for whole numbers', () => {
    for (const count of [1, 12, 123, 1_234, 12_345, 123_456, 1_234_567, 987_654_321]) {
      expect(countText(count)).toBe(count.toLocaleString('en-US'));
    }
  });
});
