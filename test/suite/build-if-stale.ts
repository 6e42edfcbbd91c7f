/** `npm run build`, unless web/dist already holds a build of the current sources. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { webBuildIsCurrent } from './web-build-freshness';

const projectRoot = resolve(__dirname, '../..');
if (webBuildIsCurrent(projectRoot)) {
  console.log('web/dist is a build of the current sources: not built again.');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  process.exitCode = build.status ?? 1;
}
