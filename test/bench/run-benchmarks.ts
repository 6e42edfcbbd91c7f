/**
 * `npm run bench`: every benchmark in turn, each printing its figures against the budgets in
 * docs/architecture.md. Run after `npm run build` (the script does both). Names given after
 * `--` run only those benchmarks (`npm run bench -- token-list token-load`).
 */
import { measureAlertDigests } from './alert-digests';
import { measureAlertPipeline } from './alert-pipeline';
import { lambdaBundleSizes, webChunkSizes } from './bundle-sizes';
import { measureDashboardRender } from './dashboard-render';
import { measureExpiryScanCost } from './expiry-scan-cost';
import { measureImportCost } from './import-cost';
import { measureLandingJavaScript } from './landing-javascript';
import { measureTokenListCost } from './token-list-cost';
import { measureTokenLoad } from './token-load';

const benchmarks: Readonly<Record<string, () => Promise<void> | void>> = {
  'lambda-bundles': lambdaBundleSizes,
  'landing-javascript': measureLandingJavaScript,
  'web-chunks': webChunkSizes,
  'token-list': () => measureTokenListCost(),
  'token-load': () => measureTokenLoad(),
  import: measureImportCost,
  'expiry-scan': measureExpiryScanCost,
  'alert-pipeline': measureAlertPipeline,
  'alert-digests': measureAlertDigests,
  'dashboard-render': measureDashboardRender,
};

async function main(names: readonly string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown benchmark ${unknown.join(', ')}; the benchmarks: ${Object.keys(benchmarks).join(', ')}`,
    );
  }
  const chosen = names.length > 0 ? names : Object.keys(benchmarks);
  for (const name of chosen) await benchmarks[name]!();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
