/**
 * The alert email as mail clients show it, in Chromium: at 600 px (a desktop client's reading
 * pane) and 360 px (a phone), light and dark (clients that honour `prefers-color-scheme`).
 * Screenshots go to test/artifacts/alert-email (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { renderDigestEmail } from '@expiry-radar/functions/domain/alert-email';
import { sampleDigest } from '../../functions/test-support/alert-digest-sample';
import { launchChromium } from '../support/browser';
import { projectRoot } from '../support/local-app-process';

const ARTIFACTS = join(projectRoot, 'test/artifacts/alert-email');

function brightness(color: string): number {
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return red + green + blue;
}

describe('alert email in a mail client’s widths and colour modes', () => {
  let browser: Browser;
  let html: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [browser, { html }] = await Promise.all([launchChromium(), renderDigestEmail(sampleDigest())]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [600, 360]) {
    for (const mode of ['light', 'dark'] as const) {
      it(`reads at ${width} px in ${mode} mode`, async () => {
        const context = await browser.newContext({
          viewport: { width, height: 800 },
          colorScheme: mode,
          // A mail client shows the message, never fetches for it.
          offline: true,
        });
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        const layout = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          background: getComputedStyle(document.body).backgroundColor,
          heading: document.querySelector('h1')?.textContent ?? '',
          buttons: [...document.querySelectorAll('a')].filter((a) =>
            a.textContent?.startsWith('Open '),
          ).length,
        }));
        // Nothing wider than the window: no sideways scrolling in a phone's mail app.
        expect(layout.scrollWidth).toBeLessThanOrEqual(width);
        expect(layout.heading).toBe(
          '1 SSH key has expired; 2 certificates, 1 API key and 1 license expire in the next 14 days',
        );
        expect(layout.buttons).toBe(5);
        if (mode === 'dark') expect(brightness(layout.background)).toBeLessThan(150);
        else expect(brightness(layout.background)).toBeGreaterThan(600);
        await page.screenshot({
          path: join(ARTIFACTS, `alert-email-${width}-${mode}.png`),
          fullPage: true,
        });
        await context.close();
      });
    }
  }
});
