/**
 * The product share of the polish issue in Chromium, at 1280 px and 390 px: prices from the
 * configuration with the Monthly/Yearly toggle; "Start with Pro" signed out through registration
 * and the verification link to the plan change confirmation; the links a visitor and a free user
 * are offered; dates in the user's locale with the ISO date on hover; the question before unsaved
 * changes are lost. One local app and one browser; contexts per user.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { firstWorkspaceId, registerVerifiedAccount } from '../support/browser-accounts';
import { csrfHeaders } from '../support/csrf';
import {
  collectPageErrors,
  field,
  openCreateTokenForm,
  strongPassword,
  screenshot,
  uniqueEmail,
  waitForPageHeading,
} from '../support/e2e-helpers';
import { startAppAndChromium } from '../support/browser-session';
import { SHARED_APP_PLAN_PRICES } from '../support/shared-app';
import { projectRoot, type LocalAppProcess } from '../support/local-app-process';
import { linkInEmail, waitForEmail } from '../support/ses-inbox';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const;

/** The deployment's prices: Pro a year at 180 (the default is 190), so the page reads them. */
const PLAN_PRICES = SHARED_APP_PLAN_PRICES;
const ARTIFACTS = join(projectRoot, 'test/artifacts/polish-product');

describe('product polish in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;
  /** A verified free user, in German: its pages show dates the German way. */
  let member: BrowserContext;
  let memberErrors: string[];
  let page: Page;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium({
      env: {
        // Whatever the developer's environment holds: the local billing mode, these prices.
        STRIPE_SECRET_KEY: '',
        STRIPE_SECRET_KEY_PARAMETER: '',
        PLAN_PRICES: JSON.stringify(PLAN_PRICES),
      },
    }));
    member = await browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    member.setDefaultTimeout(15_000);
    await registerVerifiedAccount(member, app, {
      email: uniqueEmail('polish-member'),
      password: strongPassword('polish'),
    });
    page = await member.newPage();
    memberErrors = collectPageErrors(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const url = (path: string) => `${app.appUrl}${path}`;
  const shot = (target: Page, name: string) => screenshot(target, name, ARTIFACTS);

  /** A signed-out page at `viewport` in a context of its own. */
  async function visitorPage(viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport });
    context.setDefaultTimeout(15_000);
    const visitor = await context.newPage();
    return { context, visitor, errors: collectPageErrors(visitor) };
  }

  async function openDrawer(target: Page): Promise<Locator> {
    await target.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = target.getByRole('navigation', { name: 'Navigation menu' });
    await drawer.waitFor();
    return drawer;
  }

  /** The names of the links in `scope` that are shown. */
  async function visibleLinks(scope: Locator): Promise<string[]> {
    const names: string[] = [];
    for (const link of await scope.getByRole('link').all()) {
      if (await link.isVisible()) names.push((await link.innerText()).trim());
    }
    return names;
  }

  it.each(WIDTHS)(
    'at %s px, shows each plan’s configured price monthly and yearly, and no Docs or Help signed out',
    async (width, viewport) => {
      const { context, visitor, errors } = await visitorPage(viewport);
      try {
        await visitor.goto(url('/pricing'));
        await waitForPageHeading(visitor, 'Pricing');
        const plan = (name: string) => visitor.getByRole('article', { name });
        await plan('Pro').getByText('$19 / month', { exact: true }).waitFor();
        await plan('Pro').getByText('Billed monthly').waitFor();
        await plan('Free').getByText('No card needed').waitFor();
        await plan('Team').getByText('$79 / month', { exact: true }).waitFor();

        await visitor.getByRole('button', { name: 'Yearly' }).click();
        await plan('Pro').getByText('$180 / year', { exact: true }).waitFor();
        await plan('Pro').getByText('$15 a month, billed yearly').waitFor();
        await plan('Team').getByText('$790 / year', { exact: true }).waitFor();
        await shot(visitor, `pricing-yearly-${width}`);

        // Docs and Help need a session: neither the bar nor the drawer offers them.
        const offered =
          viewport === DESKTOP
            ? await visibleLinks(visitor.getByRole('navigation', { name: 'Main' }))
            : await visibleLinks(await openDrawer(visitor));
        expect(offered).toEqual(expect.arrayContaining(['Pricing', 'Sign in', 'Get started']));
        expect(offered.filter((name) => name === 'Docs' || name === 'Help')).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    30_000,
  );

  it.each(WIDTHS)(
    'at %s px, "Start with Pro" signed out leads through registration and the emailed link to the Pro confirmation',
    async (width, viewport) => {
      const { context, visitor, errors } = await visitorPage(viewport);
      const email = uniqueEmail(`start-pro-${width}`);
      try {
        await visitor.goto(url('/pricing'));
        await waitForPageHeading(visitor, 'Pricing');
        await visitor.getByRole('button', { name: 'Yearly' }).click();
        await visitor
          .getByRole('article', { name: 'Pro' })
          .getByRole('link', { name: 'Start with Pro' })
          .click();

        await waitForPageHeading(visitor, 'Create your account');
        const form = visitor.locator('form');
        const password = strongPassword('start-pro');
        await field(form, 'Email').fill(email);
        await field(form, 'Password').fill(password);
        await form.getByRole('button', { name: 'Create account' }).click();
        await visitor.waitForURL((current) => current.pathname === '/verify-email');
        expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(
          '/billing?upgrade=pro&period=yearly',
        );

        const verification = await waitForEmail(app.endpoints.ses!, {
          to: email,
          subject: /^Verify your email address/,
        });
        // The link verifies; signing in then leads on to the plan chosen.
        await visitor.goto(linkInEmail(verification, '/auth/verify-email').href);
        await waitForPageHeading(visitor, 'Sign in');
        const signIn = visitor.locator('form');
        await field(signIn, 'Email').fill(email);
        await field(signIn, 'Password').fill(password);
        await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
        await visitor.waitForURL((current) => current.pathname === '/billing');
        const confirm = visitor.getByRole('dialog', { name: 'Upgrade to Pro?' });
        await confirm.getByText('Pro: $180 / year').waitFor();
        await shot(visitor, `start-pro-confirmation-${width}`);

        await confirm.getByRole('button', { name: 'Upgrade to Pro' }).click();
        await visitor.getByText('Plan upgraded to Pro').waitFor();
        await visitor.getByRole('heading', { name: 'Current plan: Pro' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    45_000,
  );

  it('offers a free user Audit and Workspaces, at 1280 px in the bar and at 390 px in the drawer', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/dashboard'));
    await waitForPageHeading(page, 'Token Management Dashboard');
    const bar = page.getByRole('navigation', { name: 'Main' });
    // The workspace list has arrived (the picker is in place): nothing in the bar moves any more.
    await bar.getByRole('combobox', { name: 'Workspace' }).waitFor();
    // Squeezed by the links, a long workspace label ends in "…" rather than being cut off.
    expect(
      await bar
        .getByRole('combobox', { name: 'Workspace' })
        .evaluate((picker) => getComputedStyle(picker).textOverflow),
    ).toBe('ellipsis');
    await bar.getByRole('link', { name: 'Audit', exact: true }).click();
    await waitForPageHeading(page, /^audit log$/i);

    // A phone of its own: Chromium, emulating a resize of this page right after its client-side
    // navigation, at times left the bar laid out at the old width (the menu button had no box).
    const phone = await member.newPage();
    const phoneErrors = collectPageErrors(phone);
    try {
      await phone.setViewportSize(PHONE);
      await phone.goto(url('/audit'));
      await waitForPageHeading(phone, /^audit log$/i);
      const drawer = await openDrawer(phone);
      expect(await visibleLinks(drawer)).toEqual(expect.arrayContaining(['Audit', 'Workspaces']));
      await drawer.getByRole('link', { name: 'Workspaces', exact: true }).click();
      await waitForPageHeading(phone, 'Workspaces');
      await shot(phone, 'free-user-workspaces-390');
    } finally {
      await phone.close();
    }
    expect(memberErrors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  }, 30_000);

  it('writes dates in the user’s locale with the ISO date on hover, "—" for empty cells, and a native date field', async () => {
    const workspaceId = await firstWorkspaceId(member, app);
    const created = await member.request.post(url('/api/tokens'), {
      headers: await csrfHeaders(member.request, app.appUrl),
      data: {
        workspace_id: workspaceId,
        name: 'Payroll API key',
        category: 'key_secret',
        type: 'api_key',
        expiresAt: '2031-03-04',
      },
    });
    expect(created.status()).toBe(201);

    await page.setViewportSize(DESKTOP);
    await page.goto(url('/dashboard'));
    await waitForPageHeading(page, 'Token Management Dashboard');
    const row = page.getByRole('row', { name: /Payroll API key/ });
    // German, as the browser is: day.month.year; the ISO date on hover.
    const expiry = row.locator('time[title="2031-03-04"]');
    expect((await expiry.innerText()).trim()).toBe('04.03.2031');
    expect(await row.getByRole('cell', { name: '—', exact: true }).count()).toBeGreaterThan(0);
    await openCreateTokenForm(page);
    const form = page.locator('form', { has: page.getByRole('button', { name: /create token/i }) });
    expect(await field(form, 'Expiration Date').getAttribute('type')).toBe('date');
    await shot(page, 'dates-de-1280');

    await page.setViewportSize(PHONE);
    const card = page.getByTestId('token-card').filter({ hasText: 'Payroll API key' });
    expect((await card.locator('time[title="2031-03-04"]').innerText()).trim()).toBe('04.03.2031');
    await shot(page, 'dates-de-390');
    expect(memberErrors).toEqual([]);
  }, 30_000);

  it.each(WIDTHS)(
    'at %s px, leaving Preferences with unsaved changes asks first',
    async (width, viewport) => {
      await page.setViewportSize(viewport);
      await page.goto(url('/preferences'));
      await waitForPageHeading(page);
      const settings = page.getByRole('form', { name: 'Alert settings' });
      const emailAlerts = settings.getByRole('switch', { name: 'Email alerts' });
      const before = await emailAlerts.isChecked();
      await emailAlerts.click();
      // Closing or reloading the tab: the browser's own question (once the change has rendered).
      await page.waitForFunction(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });

      const leave = async () => {
        const links =
          viewport === DESKTOP
            ? page.getByRole('navigation', { name: 'Main' })
            : await openDrawer(page);
        await links.getByRole('link', { name: 'Tokens', exact: true }).click();
        return page.getByRole('dialog', { name: 'Discard changes?' });
      };
      let ask = await leave();
      await shot(page, `discard-changes-${width}`);
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'hidden' });
      // The drawer closed as its link was followed; opening it again waits for that to finish.
      await page.getByRole('navigation', { name: 'Navigation menu' }).waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/preferences');
      expect(await emailAlerts.isChecked()).toBe(!before);

      ask = await leave();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await waitForPageHeading(page, 'Token Management Dashboard');
      expect(memberErrors).toEqual([]);
    },
    30_000,
  );
});
