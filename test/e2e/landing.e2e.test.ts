import type { Browser } from 'playwright-core';
import { startAppAndChromium } from '../support/browser-session';
import { screenshot } from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';

/** The built app as a new user meets it: `npm start`'s program in real Chromium. */
describe('landing page in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('renders the landing page in dark mode, even when the system prefers light', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto(app.appUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe(
      'Expiry Radar — Never miss an expiring token, secret, certificate or license again',
    );
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red + green + blue).toBeLessThan(200);
    await screenshot(page, 'landing-dark');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.appUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });
});
