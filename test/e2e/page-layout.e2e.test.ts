/**
 * Layout in Chromium beyond every page's frame (which the accessibility suites check on every
 * page, at both widths, in both modes: test/support/accessibility-suite.ts): the bell's popover opens
 * below the bell with the days left and no chip over the time, table cells stay on one line
 * (long names cut with an ellipsis, whole in a tooltip), phones get cards with every action
 * visible and a sort select, the account view marks no top bar link, usage bars are neutral
 * below 80 %.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { collectPageErrors, waitForPageAtRest } from '../support/e2e-helpers';
import { startAppAndChromium } from '../support/browser-session';
import type { LocalAppProcess } from '../support/local-app-process';
import { createShowcaseAccount, SHOWCASE } from '../support/showcase-account';
import { DESKTOP, openPage, PHONE } from '../support/site-pages';

/** A phone on its side: too short for ten alerts below the bell. */
const LANDSCAPE_PHONE = { width: 844, height: 390 } as const;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not laid out`);
  return found;
}

/** Table cells' text nodes that wrap onto a second line (none may). */
async function wrappedCellTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const wrapped: string[] = [];
    for (const cell of root.querySelectorAll('table td, table th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) wrapped.push(node.textContent.trim());
      }
    }
    return wrapped;
  });
}

/** Table containers scrolled sideways inside their card (a table wider than its place). */
async function overflowingTables(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.MuiTableContainer-root')]
      .map((container) => container.scrollWidth - container.clientWidth)
      .filter((excess) => excess > 0),
  );
}

describe('layout in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;
  let signedIn: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium());
    signedIn = await browser.newContext({ viewport: PHONE });
    signedIn.setDefaultTimeout(15_000);
    await createShowcaseAccount(signedIn, app);
    page = await signedIn.newPage();
    pageErrors = collectPageErrors(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const url = (path: string) => `${app.appUrl}${path}`;

  it.each([DESKTOP, PHONE, LANDSCAPE_PHONE])(
    'opens the bell popover below the bell, with the days left beside the status (%o)',
    async (viewport) => {
      await page.setViewportSize(viewport);
      await openPage(page, url('/dashboard'));
      await page.getByRole('button', { name: /^Notifications, \d+ recent/ }).click();
      // By CSS: with the popover open, the rest of the page is hidden from the accessibility tree.
      const bell = page.locator('button[aria-label^="Notifications"]');
      const popover = page.getByRole('dialog', { name: 'Recent alerts' });
      const row = popover.getByRole('listitem').filter({ hasText: SHOWCASE.certName });
      await row.waitFor();
      await waitForPageAtRest(page);
      const paper = await box(page.locator('.MuiPopover-paper'));
      const open = { bell: await box(bell), badge: await box(bell.locator('.MuiBadge-badge')) };
      // Below the bell, leaving it and its badge in view; within the window.
      expect(paper.y).toBeGreaterThanOrEqual(open.bell.y + open.bell.height);
      expect(overlaps(paper, open.badge)).toBe(false);
      expect(open.bell.y).toBeGreaterThanOrEqual(0);
      expect(paper.y + paper.height).toBeLessThanOrEqual(viewport.height);
      // Each row: the days left and the time, and the status chip beside them, not over them.
      for (const item of await popover.getByRole('listitem').all()) {
        const text = await box(item.locator('.MuiListItemText-secondary'));
        const chip = await box(item.locator('.MuiChip-root'));
        expect(overlaps(text, chip)).toBe(false);
      }
      const secondary = await row.locator('.MuiListItemText-secondary').textContent();
      expect(secondary).toMatch(new RegExp(`^Expires in ${SHOWCASE.alertedInDays} days · .+`));
      expect(await popover.getByText(/before expiry/).count()).toBe(0);
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'hidden' });
    },
    30_000,
  );

  it('keeps every table cell on one line at 1280 px, long values cut with an ellipsis and whole in a tooltip', async () => {
    await page.setViewportSize(DESKTOP);
    for (const path of ['/dashboard', '/workspaces', '/usage', '/audit', '/preferences']) {
      await openPage(page, url(path));
      expect({ path, wrapped: await wrappedCellTexts(page.locator('main')) }).toEqual({
        path,
        wrapped: [],
      });
      expect({ path, overflow: await overflowingTables(page) }).toEqual({ path, overflow: [] });
    }

    await openPage(page, url('/dashboard'));
    const row = page.getByRole('row').filter({ hasText: SHOWCASE.certName });
    const domains = row.locator('td').nth(1).locator('[title]');
    expect(await domains.getAttribute('title')).toContain(SHOWCASE.longDomain);
    const look = await domains.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        whiteSpace: style.whiteSpace,
        textOverflow: style.textOverflow,
        cut: element.scrollWidth > element.clientWidth,
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      };
    });
    expect(look).toEqual({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', cut: true, lines: 1 });

    // The Actions column is as wide as its three buttons, no wider.
    const actions = row.locator('td').last();
    const buttons = await box(actions.locator('div').first());
    const cell = await box(actions);
    expect(cell.width - buttons.width).toBeLessThanOrEqual(40);
  }, 60_000);

  it('shows cards on a phone, every action in view, the token cards sortable', async () => {
    await page.setViewportSize(PHONE);
    const inView = async (control: Locator) => {
      const { x, width } = await box(control);
      return x >= 0 && x + width <= PHONE.width && (await control.isVisible());
    };

    await openPage(page, url('/workspaces'));
    expect(await page.locator('main table').count()).toBe(0);
    const workspaces = page.getByRole('list', { name: 'Your workspaces' });
    for (const name of [
      `Members of ${SHOWCASE.secondWorkspaceName}`,
      `Rename ${SHOWCASE.workspaceName}`,
      `Delete ${SHOWCASE.workspaceName}`,
      `Delete ${SHOWCASE.secondWorkspaceName}`,
    ]) {
      expect({ name, inView: await inView(workspaces.getByRole('button', { name })) }).toEqual({
        name,
        inView: true,
      });
    }
    const members = page.getByRole('list', { name: `Members of ${SHOWCASE.workspaceName}` });
    expect(
      await inView(members.getByRole('button', { name: `Withdraw ${SHOWCASE.memberEmail}` })),
    ).toBe(true);

    await openPage(page, url('/usage'));
    expect(await page.locator('main table').count()).toBe(0);
    await page
      .getByRole('list', { name: 'Per workspace' })
      .getByRole('heading', { name: SHOWCASE.workspaceName })
      .waitFor();

    await openPage(page, url('/preferences'));
    expect(await page.locator('main table').count()).toBe(0);
    await page
      .getByRole('list', { name: 'Alert queue' })
      .getByRole('heading', { name: SHOWCASE.certName })
      .waitFor();

    await openPage(page, url('/dashboard'));
    expect(await page.locator('main table').count()).toBe(0);
    const certificates = page.getByRole('list', { name: 'Certificates tokens' });
    const names = () => certificates.getByRole('heading', { level: 3 }).allTextContents();
    expect(await names()).toEqual([SHOWCASE.certName, 'api.example.com']);
    for (const name of [`Details of ${SHOWCASE.certName}`, `Delete ${SHOWCASE.certName}`]) {
      expect(await inView(certificates.getByRole('button', { name }))).toBe(true);
    }
    const region = page.getByRole('region', { name: /^Certificates/ });
    await region.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name, A to Z' }).click();
    expect(await names()).toEqual(['api.example.com', SHOWCASE.certName]);
  }, 60_000);

  it('marks Tokens on the dashboard, and no top bar link on the account view', async () => {
    await page.setViewportSize(DESKTOP);
    const bar = page.getByRole('navigation', { name: 'Main' });
    const current = () => bar.locator('a[aria-current="page"]').allTextContents();
    const colour = (name: string) =>
      bar.getByRole('link', { name, exact: true }).evaluate((link) => getComputedStyle(link).color);

    await openPage(page, url('/dashboard'));
    expect(await current()).toEqual(['Tokens']);
    expect(await colour('Tokens')).not.toBe(await colour('Docs'));

    await openPage(page, url('/dashboard?view=account'));
    expect(await current()).toEqual([]);
    expect(await colour('Tokens')).toBe(await colour('Docs'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    expect(
      await menu.getByRole('menuitem', { name: 'Account Settings' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }, 30_000);

  it('draws usage bars neutral below 80 % of the limit', async () => {
    await page.setViewportSize(DESKTOP);
    await openPage(page, url('/usage'));
    // 2 of 10 workspaces: the neutral colour, neither the warning nor the error one.
    const bar = page.getByRole('progressbar', { name: /^Workspaces owned: 20%/ });
    expect(await bar.getAttribute('data-level')).toBe('normal');
    const fill = await bar
      .locator('.MuiLinearProgress-bar')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    const secondaryText = await page
      .getByText('Workspaces owned', { exact: true })
      .evaluate((element) => getComputedStyle(element).color);
    expect(fill).toBe(secondaryText);
  }, 30_000);

  it('shows a focus ring on every control the keyboard reaches', async () => {
    await page.setViewportSize(DESKTOP);
    await openPage(page, url('/dashboard'));
    const unringed: string[] = [];
    const reached = new Set<string>();
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        // Fields show the focus on their border instead: MUI's (the root is marked focused) and
        // the cards' search boxes (a ring drawn by the label around the input).
        const field =
          element.closest('.MuiInputBase-root')?.classList.contains('Mui-focused') === true ||
          (element.parentElement?.tagName === 'LABEL' &&
            getComputedStyle(element.parentElement).boxShadow !== 'none');
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        return {
          name: `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
          ringed: outlined || Boolean(field),
        };
      });
      if (!focused) continue;
      reached.add(focused.name);
      if (!focused.ringed) unringed.push(focused.name);
    }
    expect(reached.size).toBeGreaterThan(15);
    expect(unringed).toEqual([]);
  }, 60_000);

  it('raised no uncaught error', () => {
    expect(pageErrors).toEqual([]);
  });
});
