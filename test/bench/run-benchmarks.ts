/**
 * `npm run bench`: every benchmark in turn, each printing its figures against the budgets of
 * DESIGN.md "Performance budgets". Run after `npm run build` (the script does both).
 */
import { lambdaBundleSizes, webChunkSizes } from './bundle-sizes';
import { measureLandingJavaScript } from './landing-javascript';
import { measureTokenListCost } from './token-list-cost';

const benchmarks: readonly (() => Promise<void> | void)[] = [
  lambdaBundleSizes,
  measureLandingJavaScript,
  webChunkSizes,
  measureTokenListCost,
];

async function main(): Promise<void> {
  for (const benchmark of benchmarks) await benchmark();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
