/**
 * CDK writes a synthesized app to a new directory under the system's temporary directory
 * (`cdk.out…`, about 30 MB with its staged assets) unless told where, and never removes it: a
 * full run of the infra tests left over a gigabyte behind. Each test file's apps write to one
 * directory of the file's own (`CDK_OUTDIR`), removed after the file's tests. Sharing it is safe:
 * a file's tests run one at a time, and `Template.fromStack` reads a template as it synthesizes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outdir = mkdtempSync(join(tmpdir(), 'expiry-radar-infra-test-'));
process.env.CDK_OUTDIR = outdir;

afterAll(() => {
  delete process.env.CDK_OUTDIR;
  rmSync(outdir, { recursive: true, force: true });
});
