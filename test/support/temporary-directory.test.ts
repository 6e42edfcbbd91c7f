import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTemporaryDirectory } from './temporary-directory';

describe('a temporary directory', () => {
  it('is removed with what it holds once used, also when the use throws', async () => {
    const used: string[] = [];
    await withTemporaryDirectory('expiry-radar-temporary-', (directory) => {
      used.push(directory);
      writeFileSync(join(directory, 'file.txt'), 'text');
    });
    await expect(
      withTemporaryDirectory('expiry-radar-temporary-', (directory) => {
        used.push(directory);
        throw new Error('The use failed');
      }),
    ).rejects.toThrow('The use failed');
    expect(used.map((directory) => existsSync(directory))).toEqual([false, false]);
  });
});
