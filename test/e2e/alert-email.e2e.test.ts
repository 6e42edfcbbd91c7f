/**
 * The alert email and the weekly summary as mail clients show them, in Chromium: at 600 px (a
 * desktop client's reading pane) and 360 px (a phone), light and dark (clients that honour
 * `prefers-color-scheme`). Screenshots go to test/artifacts/alert-email (gitignored).
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { renderDigestEmail } from '@expiry-radar/functions/domain/alert-email';
import { renderWeeklySummaryEmail } from '@expiry-radar/functions/domain/weekly-summary-email';
import { sampleDigest } from '../../functions/test-support/alert-digest-sample';
import { sampleWeeklySummary } from '../../functions/test-support/weekly-summary-sample';
import { screenshot } from '../support/e2e-helpers';
import { projectRoot } from '../support/local-app-process';
import { connectToSharedChromium } from '../support/shared-app';

const ARTIFACTS = join(projectRoot, 'test/artifacts/alert-email');

function brightness(color: string): number {
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return red + green + blue;
}

const EMAILS = [
  {
    name: 'alert-email',
    render: () => renderDigestEmail(sampleDigest()),
    heading:
      '1 SSH key has expired; 2 certificates, 1 API key and 1 license expire in the next 14 days',
    buttons: 5,
  },
  {
    name: 'weekly-summary',
    render: () => renderWeeklySummaryEmail(sampleWeeklySummary()),
    heading:
      'Weekly summary: 1 SSH key has expired; 1 API key, 1 certificate and 1 license expire in the next 30 days; 2 tokens were renewed last week',
    buttons: 4,
  },
] as const;

describe('alert emails in a mail client’s widths and colour modes', () => {
  let browser: Browser;
  const html = new Map<string, string>();

  beforeAll(async () => {
    browser = await connectToSharedChromium();
    for (const email of EMAILS) html.set(email.name, (await email.render()).html);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const email of EMAILS) {
    for (const width of [600, 360]) {
      for (const mode of ['light', 'dark'] as const) {
        it(`${email.name} reads at ${width} px in ${mode} mode`, async () => {
          const context = await browser.newContext({
            viewport: { width, height: 800 },
            colorScheme: mode,
            // A mail client shows the message, never fetches for it.
            offline: true,
          });
          const page = await context.newPage();
          await page.setContent(html.get(email.name)!, { waitUntil: 'load' });
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
          expect(layout.heading).toBe(email.heading);
          expect(layout.buttons).toBe(email.buttons);
          if (mode === 'dark') expect(brightness(layout.background)).toBeLessThan(150);
          else expect(brightness(layout.background)).toBeGreaterThan(600);
          await screenshot(page, `${email.name}-${width}-${mode}`, ARTIFACTS);
          await context.close();
        });
      }
    }
  }
});
