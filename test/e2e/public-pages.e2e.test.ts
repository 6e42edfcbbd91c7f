import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import {
  backgroundBrightness,
  screenshot,
  startInColorMode,
  waitForPageHeading,
  type ColorMode,
} from '../support/e2e-helpers';
import { startLocalApp, type LocalAppProcess } from '../support/local-app-process';

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/pricing',
  '/privacy-policy',
  '/terms-of-service',
  '/verify-email',
  '/reset-password',
  '/no-such-page',
];

/** Navigation and accessibility of the pages a signed-out visitor can reach, in Chromium. */
describe('public pages in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startLocalApp(), launchChromium()]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(['/dashboard', '/usage', '/docs'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const page = await browser.newPage();
      await page.goto(`${app.appUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.close();
    },
    60_000,
  );

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.appUrl}/no-such-page`);
    await waitForPageHeading(page, 'Page not found');
    await page.close();
  }, 60_000);

  it('offers the navigation in a side drawer on a narrow screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.appUrl}/pricing`);
    await waitForPageHeading(page);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Pricing' }).waitFor();
    await drawer.getByRole('link', { name: 'Docs' }).waitFor();
    await screenshot(page, 'drawer-narrow');
    await page.close();
  }, 60_000);

  describe.each<ColorMode>(['dark', 'light'])('in %s mode', (mode) => {
    it.each(PUBLIC_PAGES)(
      '%s has no serious or critical accessibility violation',
      async (path) => {
        const context = await browser.newContext();
        await startInColorMode(context, mode);
        const page = await context.newPage();
        await page.goto(`${app.appUrl}${path}`);
        await waitForPageHeading(page);
        const brightness = await backgroundBrightness(page);
        expect(mode === 'dark' ? brightness < 200 : brightness > 600).toBe(true);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const severe = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            rule: violation.id,
            targets: violation.nodes.map((node) => node.target.join(' ')),
          }));
        await screenshot(page, `a11y-${mode}${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
        expect(severe).toEqual([]);
        await context.close();
      },
      60_000,
    );
  });
});
