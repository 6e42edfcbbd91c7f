/**
 * Directories the tests and their support make in the system's temporary directory, each removed
 * by whoever made it once done with it, so that test runs leave nothing behind in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new empty directory in the system's temporary directory: `prefix` and six random characters. */
export function makeTemporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Removes the directory and everything in it; a directory already gone is no error. */
export function removeTemporaryDirectory(directory: string): void {
  // A process that has just ended (DynamoDB Local's JVM) may still be closing files in it.
  rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
}

/** Runs `use` with a new temporary directory, removed after it whether it succeeds or throws. */
export async function withTemporaryDirectory<T>(
  prefix: string,
  use: (directory: string) => Promise<T> | T,
): Promise<T> {
  const directory = makeTemporaryDirectory(prefix);
  try {
    return await use(directory);
  } finally {
    removeTemporaryDirectory(directory);
  }
}

/**
 * A maker of temporary directories for a test file, each removed after the file's tests (jest's
 * `afterAll`), for tests that hand a directory's path around. Called where jest hooks may be
 * declared: at the top of the file or in a `describe`.
 */
export function temporaryDirectoriesForTests(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const directory of made.splice(0)) removeTemporaryDirectory(directory);
  });
  return () => {
    const directory = makeTemporaryDirectory(prefix);
    made.push(directory);
    return directory;
  };
}
