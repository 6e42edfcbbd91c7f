/**
 * Opens the landing route in Chromium against the local runtime and adds up, gzipped, every
 * JavaScript file the page actually loads (entry, shared chunks and the lazy landing chunk).
 */
import { gzipSync } from 'node:zlib';
import { startAppAndChromium } from '../support/browser-session';

const LANDING_BUDGET_BYTES = 200 * 1024;

export async function measureLandingJavaScript(): Promise<void> {
  const { app, browser } = await startAppAndChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response.body().then((body) => scripts.set(response.url(), gzipSync(body).length));
    });
    await page.goto(app.appUrl, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const verdict = total <= LANDING_BUDGET_BYTES ? 'within' : 'OVER';
    console.log(
      `Web: the landing route loads ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip (${verdict} the 200 KB budget)`,
    );
    for (const [url, size] of scripts) {
      console.log(
        `  ${new URL(url).pathname.padEnd(52)} gzip ${(size / 1024).toFixed(1).padStart(7)} KB`,
      );
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}
