import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { registerVerifiedAccount } from '../support/browser-accounts';
import {
  collectPageErrors,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageHeading,
} from '../support/e2e-helpers';
import { startAppAndChromium } from '../support/browser-session';
import type { LocalAppProcess } from '../support/local-app-process';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Routing and the top bar in Chromium: guards, the not-found page, the drawer on small screens. */
describe('navigation in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function withPage(
    viewport: { width: number; height: number },
    run: (page: Page, context: BrowserContext) => Promise<void>,
  ): Promise<void> {
    const context = await browser.newContext({ viewport });
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await run(page, context);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** The accessible names of the visible links and buttons in `scope`. */
  async function visibleControls(scope: Locator): Promise<string[]> {
    const names: string[] = [];
    for (const control of await scope.locator('a, button, [role="button"]').all()) {
      if (!(await control.isVisible())) continue;
      const label = await control.getAttribute('aria-label');
      names.push((label ?? (await control.innerText())).trim());
    }
    return names;
  }

  it.each(['/dashboard', '/usage', '/preferences', '/docs'])(
    'sends a signed-out visitor of %s to /login',
    async (path) => {
      await withPage(DESKTOP, async (page) => {
        await page.goto(`${app.appUrl}${path}`);
        await page.waitForURL((current) => current.pathname === '/login');
        await waitForPageHeading(page, 'Sign in');
      });
    },
    30_000,
  );

  it('shows the not-found page for an unknown path, with a way home', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(`${app.appUrl}/no/such/page?x=1`);
      await waitForPageHeading(page, 'Page not found');
      expect(new URL(page.url()).pathname).toBe('/no/such/page');
      await screenshot(page, 'navigation-not-found');
      await page.getByRole('link', { name: 'Go to home page' }).click();
      await page.waitForURL((current) => current.pathname === '/');
      await waitForPageHeading(page);
    });
  }, 30_000);

  it('offers the top bar items in a side drawer on a narrow screen (signed out)', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(`${app.appUrl}/pricing`);
      await waitForPageHeading(page);
      const topBar = page.getByRole('navigation', { name: 'Main' });
      const desktopItems = (await visibleControls(topBar)).filter(isNavigationItem);
      expect(desktopItems).toEqual(expect.arrayContaining(['Pricing', 'Sign in', 'Get started']));
      // Docs and Help need a session: a visitor is not offered them.
      expect(desktopItems).not.toEqual(expect.arrayContaining(['Docs']));
      expect(desktopItems).not.toEqual(expect.arrayContaining(['Help']));
      expect(await page.getByRole('button', { name: 'Open navigation menu' }).isVisible()).toBe(
        false,
      );

      await page.setViewportSize(PHONE);
      await expectInlineLinksHidden(topBar, ['Pricing']);
      const drawer = await openDrawer(page);
      expect(await visibleControls(drawer)).toEqual(expect.arrayContaining(desktopItems));
      await screenshot(page, 'navigation-drawer-signed-out');

      await drawer.getByRole('link', { name: 'Pricing' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await waitForPageHeading(page);
      expect(new URL(page.url()).pathname).toBe('/pricing');
    });
  }, 30_000);

  it('offers the top bar and user menu items in the drawer when signed in', async () => {
    await withPage(DESKTOP, async (page, context) => {
      const email = uniqueEmail('drawer');
      await registerVerifiedAccount(context, app, { email, password: strongPassword('drawer') });
      await page.goto(`${app.appUrl}/dashboard`);
      await waitForPageHeading(page, 'Token Management Dashboard');
      const topBar = page.getByRole('navigation', { name: 'Main' });
      const barItems = (await visibleControls(topBar)).filter(isNavigationItem);
      expect(barItems).toEqual(expect.arrayContaining(['Tokens', 'Docs', 'Pricing', 'Help']));
      await page.getByRole('button', { name: 'Account menu' }).click();
      const menuItems = (await page.getByRole('menuitem').allInnerTexts()).map((name) =>
        name.trim(),
      );
      expect(menuItems).toEqual(['Account Settings', 'Preferences', 'Billing & Plans', 'Sign Out']);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      await page.setViewportSize(PHONE);
      await expectInlineLinksHidden(topBar, ['Tokens', 'Docs']);
      // The notifications bell stays in the narrow bar; everything else moves to the drawer.
      const narrowBar = await visibleControls(topBar);
      const drawer = await openDrawer(page);
      await drawer.getByText(email).waitFor();
      const inDrawer = await visibleControls(drawer);
      expect(inDrawer).toEqual(expect.arrayContaining([...menuItems, 'Tokens', 'Docs', 'Help']));
      const unreachable = [...barItems, ...menuItems].filter(
        (item) => !inDrawer.includes(item) && !narrowBar.includes(item),
      );
      expect(unreachable).toEqual([]);
      await screenshot(page, 'navigation-drawer-signed-in');

      await drawer.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByText('Successfully logged out').waitFor();
      await page.waitForURL((current) => current.pathname === '/');
    });
  }, 30_000);
});

/** Links that lead somewhere; the logo, colour toggle and account button are the bar's own. */
function isNavigationItem(name: string): boolean {
  return !/^(Expiry Radar( home)?|Switch to (light|dark) mode|Account menu|Open navigation menu)$/i.test(
    name,
  );
}

async function expectInlineLinksHidden(topBar: Locator, names: string[]): Promise<void> {
  for (const name of names) {
    await topBar.getByRole('link', { name, exact: true }).waitFor({ state: 'hidden' });
  }
}

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Navigation menu' });
  await drawer.waitFor();
  return drawer;
}
