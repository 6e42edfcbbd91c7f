import fc from 'fast-check';
import { forEachLimited } from './concurrency';

describe('forEachLimited', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (items, limit) => {
          let running = 0;
          let most = 0;
          const seen: number[] = [];
          await forEachLimited(items, limit, async (item) => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, item % 3));
            seen.push(item);
            running -= 1;
          });
          expect([...seen].sort()).toEqual([...items].sort());
          expect(most).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('rejects with the failure of an item', async () => {
    await expect(
      forEachLimited([1, 2, 3], 2, (item) =>
        item === 2 ? Promise.reject(new Error('two')) : Promise.resolve(),
      ),
    ).rejects.toThrow('two');
  });
});
