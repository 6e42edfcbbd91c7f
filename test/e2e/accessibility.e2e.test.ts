import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import {
  backgroundBrightness,
  collectPageErrors,
  screenshot,
  startInColorMode,
  waitForPageHeading,
  type ColorMode,
} from '../support/e2e-helpers';
import { startLocalApp, type LocalAppProcess } from '../support/local-app-process';
import { blockingViolations } from '../support/accessibility';

/** Every page reachable without a session (the not-found page stands for any unknown path). */
const PUBLIC_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'pricing', path: '/pricing' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  { name: 'verify-email', path: '/verify-email' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'not-found', path: '/this-page-does-not-exist' },
] as const;

async function settle(page: Page): Promise<void> {
  await waitForPageHeading(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Let MUI's entrance transitions finish, so colours are measured at rest.
  await page.waitForTimeout(300);
}

/** axe-core in Chromium: no serious or critical violation on any public page, in both modes. */
describe('accessibility of the public pages in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startLocalApp(), launchChromium()]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  describe.each<ColorMode>(['dark', 'light'])('in %s mode', (mode) => {
    let context: BrowserContext;
    let page: Page;
    let pageErrors: string[];

    beforeAll(async () => {
      context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        // The opposite system preference: the app must follow its own setting, not the system.
        colorScheme: mode === 'dark' ? 'light' : 'dark',
      });
      context.setDefaultTimeout(10_000);
      await startInColorMode(context, mode);
      page = await context.newPage();
      pageErrors = collectPageErrors(page);
    });

    afterAll(async () => {
      await context?.close();
    });

    it.each(PUBLIC_PAGES)(
      '$name ($path)',
      async ({ name, path }) => {
        await page.goto(`${app.appUrl}${path}`);
        await settle(page);
        const brightness = await backgroundBrightness(page);
        if (mode === 'dark') expect(brightness).toBeLessThan(200);
        else expect(brightness).toBeGreaterThan(600);
        await screenshot(page, `a11y-${name}-${mode}`);
        expect(await blockingViolations(page)).toEqual([]);
        expect(pageErrors).toEqual([]);
      },
      30_000,
    );
  });

  it('switches between dark and light with the colour-mode button and keeps the choice', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${app.appUrl}/login`);
    await settle(page);
    expect(await backgroundBrightness(page)).toBeLessThan(200);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await page.waitForTimeout(300);
    expect(await backgroundBrightness(page)).toBeGreaterThan(600);
    expect(await blockingViolations(page)).toEqual([]);

    await page.reload();
    await settle(page);
    expect(await backgroundBrightness(page)).toBeGreaterThan(600);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await page.waitForTimeout(300);
    expect(await backgroundBrightness(page)).toBeLessThan(200);
    await context.close();
  }, 30_000);
});
