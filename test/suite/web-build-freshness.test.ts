import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryDirectoriesForTests } from '../support/temporary-directory';
import { webBuildIsCurrent } from './web-build-freshness';

const projectDirectory = temporaryDirectoriesForTests('web-build-freshness-');

function projectWith(files: Record<string, Date>): string {
  const root = projectDirectory();
  for (const [file, modified] of Object.entries(files)) {
    const path = join(root, file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '');
    utimesSync(path, modified, modified);
    utimesSync(join(path, '..'), new Date(0), new Date(0));
  }
  return root;
}

describe('whether the web build is current', () => {
  const earlier = new Date('2026-11-01T10:00:00Z');
  const later = new Date('2026-11-01T11:00:00Z');

  it('is when no source changed after the build', () => {
    const root = projectWith({
      'web/src/main.tsx': earlier,
      'shared/src/a.ts': earlier,
      'web/dist/index.html': later,
    });
    expect(webBuildIsCurrent(root)).toBe(true);
  });

  it('is not when there is no build, or a web or shared source is newer', () => {
    expect(webBuildIsCurrent(projectWith({ 'web/src/main.tsx': earlier }))).toBe(false);
    expect(
      webBuildIsCurrent(
        projectWith({ 'web/src/deep/page.tsx': later, 'web/dist/index.html': earlier }),
      ),
    ).toBe(false);
    expect(
      webBuildIsCurrent(
        projectWith({ 'shared/src/plans.ts': later, 'web/dist/index.html': earlier }),
      ),
    ).toBe(false);
  });
});
