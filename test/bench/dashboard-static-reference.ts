/**
 * The dashboard benchmark's reference, measured in the same run and the same browser: the
 * dashboard as one static, server-rendered HTML page. It is the page the app rendered (every row
 * of every card, its markup and every CSS rule it uses, the app's fonts) without a script, served
 * at a URL of the app's origin; its first full render is timed the way the app times its own
 * (after the frame that paints it, from the navigation's start). A time budget as a ratio to it
 * holds on a fast machine and a slow one alike, where a budget in milliseconds passed or failed
 * with the machine.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Where the reference is served: a path of the app's origin, so its fonts come from the cache. */
const REFERENCE_PATH = '/bench/static-dashboard-reference';
const RENDER_MEASURE = 'static-dashboard:first-full-render';
const RENDER_MARK = 'static-dashboard:first-full-render:end';

/**
 * The HTML of the dashboard `page` shows: its document without scripts, preloads or style
 * elements, one style element with every rule of its style sheets (the app's CSS and emotion's,
 * which production inserts through the CSS object model and no element's text shows), and an
 * inline script at the end of the body that measures the first render after its paint.
 */
export function snapshotOfDashboard(page: Page): Promise<string> {
  return page.evaluate(
    ({ measure, mark }) => {
      const rules = [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].map((rule) => rule.cssText),
      );
      const root = document.documentElement.cloneNode(true) as HTMLElement;
      root
        .querySelectorAll('script, style, link[rel="stylesheet"], link[rel$="preload"]')
        .forEach((element) => element.remove());
      const style = document.createElement('style');
      style.textContent = rules.join('\n');
      root.querySelector('head')?.append(style);
      const timing = document.createElement('script');
      timing.textContent = `requestAnimationFrame(() => setTimeout(() => {
        performance.mark(${JSON.stringify(mark)});
        performance.measure(${JSON.stringify(measure)}, { start: 0, end: ${JSON.stringify(mark)} });
      }, 0));`;
      root.querySelector('body')?.append(timing);
      return `<!doctype html>\n${root.outerHTML}`;
    },
    { measure: RENDER_MEASURE, mark: RENDER_MARK },
  );
}

/** How long a load is left alone before its render is looked for, as the dashboard's loads are. */
const LOAD_UNWATCHED_MS = 1_500;

export interface StaticLoad {
  /** Navigation start to the frame that painted the page, in ms. */
  readonly render: number;
  /** Navigation start to the document's last byte, in ms (the route answers it from memory). */
  readonly documentArrived: number;
}

async function loadTimes(page: Page): Promise<StaticLoad> {
  await new Promise((done) => setTimeout(done, LOAD_UNWATCHED_MS));
  await page.waitForFunction(
    (measure) => performance.getEntriesByName(measure).length > 0,
    RENDER_MEASURE,
    { timeout: 60_000 },
  );
  return page.evaluate((measure) => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return {
      render: performance.getEntriesByName(measure)[0]!.duration,
      documentArrived: navigation?.responseEnd ?? 0,
    };
  }, RENDER_MEASURE);
}

/**
 * The static page's loads in `context`, `runs` of them after `warmUps` (as the dashboard's: the
 * same profile, its caches warm).
 */
export async function measureStaticReference(
  context: BrowserContext,
  appUrl: string,
  html: string,
  loads: { runs: number; warmUps: number },
): Promise<StaticLoad[]> {
  const url = `${appUrl}${REFERENCE_PATH}`;
  await context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  try {
    const measured: StaticLoad[] = [];
    for (let load = 0; load < loads.warmUps + loads.runs; load += 1) {
      const page = await context.newPage();
      try {
        await page.goto(url, { waitUntil: 'commit' });
        const times = await loadTimes(page);
        if (load >= loads.warmUps) measured.push(times);
      } finally {
        await page.close();
      }
    }
    return measured;
  } finally {
    await context.unroute(url);
  }
}
