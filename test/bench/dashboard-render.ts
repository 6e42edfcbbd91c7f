/**
 * Dashboard render times in Chromium against the local runtime: a Pro workspace seeded with 400
 * tokens (100 per category, the page size of one category request), then from the app's own
 * performance timeline entries (web/src/features/dashboard/hooks/use-dashboard-performance.ts):
 * the time from navigation to the first render with every category card loaded, and the time
 * from a category chip's click to the filtered render (and back).
 *
 * Standalone: `npm run build && npx tsx test/bench/dashboard-render.ts`; also in `npm run bench`.
 */
import type { Page } from 'playwright-core';
import { DASHBOARD_PERFORMANCE as P } from '@expiry-radar/shared/constants/dashboard-performance';
import { CATEGORIES, CATEGORY_DEFINITIONS } from '@expiry-radar/shared/domain/categories';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { firstWorkspaceId, registerVerifiedAccount } from '../support/browser-accounts';
import { launchChromium } from '../support/browser';
import { strongPassword, uniqueEmail } from '../support/e2e-helpers';
import { startLocalApp, type LocalAppProcess } from '../support/local-app-process';
import { setLocalPlan } from '../support/local-plan';

const TABLE_NAME = 'expiry-radar-bench-dashboard';
const TOKENS_PER_CATEGORY = 100;
const SECTIONS = ['platform', 'payments', 'identity', null] as const;

export interface DashboardRenderOptions {
  /** Page loads measured (each also measures one chip on and off). */
  readonly runs?: number;
}

/** The app's Pro plan allows 500 tokens; there is no HTTP way to set a plan without Stripe. */
async function seedWorkspace(app: LocalAppProcess, email: string, workspaceId: string) {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  await setLocalPlan(app, { tableName: TABLE_NAME, email, workspaceId, plan: 'pro' });
  const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');
  const now = new Date();
  const tokens = CATEGORIES.flatMap((category) =>
    Array.from({ length: TOKENS_PER_CATEGORY }, (_, index) =>
      buildToken(workspaceId, {
        name: `${CATEGORY_DEFINITIONS[category].label} ${String(index).padStart(3, '0')}`,
        category,
        type: CATEGORY_DEFINITIONS[category].types[
          index % CATEGORY_DEFINITIONS[category].types.length
        ]!.value,
        expiresAt: addCalendarDays(now, ((index * 37) % 800) - 30),
        section: SECTIONS[index % SECTIONS.length] ?? null,
        domains: category === 'cert' ? [`host${index}.example.com`] : [],
        issuer: category === 'cert' ? 'Example CA' : null,
        location: category === 'key_secret' || category === 'general' ? 'vault' : null,
        used_by: category === 'key_secret' || category === 'general' ? 'payments' : null,
        vendor: category === 'license' ? 'Vendor Inc.' : null,
      }),
    ),
  );
  await seedTokens(workspaceId, tokens);
}

async function measureOf(page: Page, name: string, count: number): Promise<number> {
  await page.waitForFunction(
    ([entry, expected]) => performance.getEntriesByName(entry).length >= expected,
    [name, count] as const,
    { timeout: 60_000 },
  );
  return page.evaluate((entry) => {
    const entries = performance.getEntriesByName(entry);
    return entries[entries.length - 1]!.duration;
  }, name);
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function measureDashboardRender(options: DashboardRenderOptions = {}): Promise<void> {
  const runs = options.runs ?? 5;
  const [app, browser] = await Promise.all([
    startLocalApp({ env: { TABLE_NAME, POWERTOOLS_LOG_LEVEL: 'ERROR' } }),
    launchChromium(),
  ]);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const account = { email: uniqueEmail('bench'), password: strongPassword('bench') };
    await registerVerifiedAccount(context, app, account);
    const workspaceId = await firstWorkspaceId(context, app);
    await seedWorkspace(app, account.email, workspaceId);

    const firstRender: number[] = [];
    const chipOn: number[] = [];
    const chipOff: number[] = [];
    // One warm-up load (server and browser caches), then the measured runs.
    for (let run = 0; run <= runs; run += 1) {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request.url());
      });
      await page.goto(`${app.appUrl}/dashboard?workspace=${workspaceId}`);
      const first = await measureOf(page, P.firstRenderMeasure, 1);
      // The same URL twice (two query keys for one resource, a card refetching what was just
      // prefetched) is a waterfall or wasted server time that the render time alone hides.
      const repeated = requests.filter((url, index) => requests.indexOf(url) !== index);
      if (repeated.length > 0) {
        throw new Error(`The dashboard requested again: ${[...new Set(repeated)].join(', ')}`);
      }
      const rows = await page.getByRole('rowheader').count();
      if (rows !== CATEGORIES.length * TOKENS_PER_CATEGORY) {
        throw new Error(
          `The dashboard shows ${rows} rows, not ${CATEGORIES.length * TOKENS_PER_CATEGORY}`,
        );
      }
      const chip = page.getByRole('button', { name: `Certificates (${TOKENS_PER_CATEGORY})` });
      await chip.click();
      const on = await measureOf(page, P.categoryChipMeasure, 1);
      await chip.click();
      const off = await measureOf(page, P.categoryChipMeasure, 2);
      await page.close();
      if (run === 0) continue;
      firstRender.push(first);
      chipOn.push(on);
      chipOff.push(off);
    }
    console.log(
      `Web: dashboard with ${CATEGORIES.length * TOKENS_PER_CATEGORY} tokens (${TOKENS_PER_CATEGORY} per category), Chromium, median of ${runs} loads`,
    );
    console.log(
      `  first full render (navigation start to every category card shown): ${ms(median(firstRender))}   [${firstRender.map(ms).join(', ')}]`,
    );
    console.log(
      `  apply a category chip (click to filtered render):                   ${ms(median(chipOn))}   [${chipOn.map(ms).join(', ')}]`,
    );
    console.log(
      `  clear the category chip (click to all four cards shown):            ${ms(median(chipOff))}   [${chipOff.map(ms).join(', ')}]`,
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

if (require.main === module) {
  measureDashboardRender().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
