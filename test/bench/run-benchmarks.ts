/**
 * `npm run bench`: every benchmark in turn, each printing its figures against the budgets in
 * docs/architecture.md. Run after `npm run build` (the script does both).
 */
import { measureAlertDigests } from './alert-digests';
import { measureAlertPipeline } from './alert-pipeline';
import { lambdaBundleSizes, webChunkSizes } from './bundle-sizes';
import { measureDashboardRender } from './dashboard-render';
import { measureExpiryScanCost } from './expiry-scan-cost';
import { measureImportCost } from './import-cost';
import { measureLandingJavaScript } from './landing-javascript';
import { measureTokenListCost } from './token-list-cost';

const benchmarks: readonly (() => Promise<void> | void)[] = [
  lambdaBundleSizes,
  measureLandingJavaScript,
  webChunkSizes,
  measureTokenListCost,
  measureImportCost,
  measureExpiryScanCost,
  measureAlertPipeline,
  measureAlertDigests,
  measureDashboardRender,
];

async function main(): Promise<void> {
  for (const benchmark of benchmarks) await benchmark();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
