/**
 * The token dashboard in Chromium against the local runtime: an owner on the Pro plan creates a
 * token of each category, searches, filters, sorts, edits, renews and deletes; a viewer sees
 * Details only; a narrow screen shows cards; axe-core finds no serious or critical violation on
 * the dashboard and its dialogs; screenshots in dark and light mode.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import {
  acceptInvitationTo,
  firstWorkspaceId,
  registerVerifiedAccount,
} from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  field,
  openCreateTokenForm,
  startInColorMode,
  strongPassword,
  type ColorMode,
  uniqueEmail,
  waitForPageAtRest,
  screenshot,
  waitForPageHeading,
} from '../support/e2e-helpers';
import { projectRoot, type LocalAppProcess } from '../support/local-app-process';
import { setLocalPlan } from '../support/local-plan';
import { blockingViolations } from '../support/accessibility';
import { csrfHeaders } from '../support/csrf';

const ARTIFACTS = join(projectRoot, 'test/artifacts');
const inDays = (days: number) => addCalendarDays(new Date(), days);

const shot = (page: Page, name: string) => screenshot(page, name, ARTIFACTS);

const card = (page: Page, label: string) =>
  page.getByRole('region', { name: new RegExp(`^${label.replace(/[&]/g, '\\$&')}`) });

async function rowNames(scope: Locator): Promise<string[]> {
  return scope.getByRole('rowheader').allTextContents();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The page's layout shift so far: the sum of Chromium's layout-shift entries not caused by input
 * (they are given to an observer only, never listed by the performance timeline).
 */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(total);
        }, 250);
      }),
  );
}

interface NewToken {
  category: string;
  type: string;
  name: string;
  fields?: Record<string, string>;
  expiresAt?: string;
}

async function createToken(page: Page, token: NewToken) {
  const form = await openCreateTokenForm(page);
  await choose(page, 'Category', token.category);
  await choose(page, 'Type', token.type);
  await field(form, 'Name').fill(token.name);
  if (token.expiresAt) await field(form, 'Expiration Date').fill(token.expiresAt);
  for (const [label, value] of Object.entries(token.fields ?? {})) {
    await field(form, label).fill(value);
  }
  await form.getByRole('button', { name: 'Create token' }).click();
  await card(page, token.category).getByRole('rowheader', { name: token.name }).waitFor();
}

describe('token dashboard in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let workspaceId: string;
  const ownerAccount = { email: uniqueEmail('owner'), password: strongPassword('owner') };
  const viewerAccount = { email: uniqueEmail('viewer'), password: strongPassword('viewer') };
  const dashboardUrl = () => `${app.appUrl}/dashboard?workspace=${workspaceId}`;

  beforeAll(async () => {
    session = await startBrowserSession({ account: ownerAccount });
    ({ app, browser, context: owner, page, pageErrors } = session);
    workspaceId = await firstWorkspaceId(owner, app);
    await setLocalPlan(app, {
      email: ownerAccount.email,
      workspaceId,
      plan: 'pro',
    });
    // Two contact groups, each with its own thresholds, for a token to alert both.
    const groups = await owner.request.put(
      `${app.appUrl}/api/v1/workspaces/${workspaceId}/alert-settings`,
      {
        headers: await csrfHeaders(owner.request, app.appUrl),
        data: {
          email_alerts_enabled: true,
          webhook_urls: [],
          contact_groups: [
            { name: 'Ops', emails: ['ops@example.com'], webhook_names: [], thresholds: [30] },
            { name: 'Security', emails: ['sec@example.com'], webhook_names: [], thresholds: [7] },
          ],
        },
      },
    );
    if (groups.status() !== 200) throw new Error(`Alert settings: ${await groups.text()}`);

    const viewer = await browser.newContext();
    await registerVerifiedAccount(viewer, app, viewerAccount);
    const invited = await owner.request.post(
      `${app.appUrl}/api/v1/workspaces/${workspaceId}/members`,
      {
        headers: await csrfHeaders(owner.request, app.appUrl),
        data: { email: viewerAccount.email, role: 'viewer' },
      },
    );
    if (invited.status() !== 201) throw new Error(`Add member: ${await invited.text()}`);
    await acceptInvitationTo(viewer, app, workspaceId);
    await viewer.close();
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  it('creates a token of each category from the form', async () => {
    await page.goto(dashboardUrl());
    await waitForPageHeading(page, 'Token Management Dashboard');
    await page.getByText('No tokens found. Create your first token above.').waitFor();
    // Pro workspace: the contact group defaults to the workspace's.
    await expectText(
      page.getByRole('combobox', { name: /^Contact Group/ }),
      'Use workspace default',
    );

    // The shared schema's messages show at the fields.
    const form = await openCreateTokenForm(page);
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Category is required').waitFor();

    await createToken(page, {
      category: 'Certificates',
      type: 'SSL Certificate',
      name: 'www certificate',
      fields: { Domains: 'www.example.com', Issuer: "Let's Encrypt", Section: 'web' },
    });
    await page.getByText('Token created successfully').waitFor();
    await createToken(page, {
      category: 'Certificates',
      type: 'TLS Certificate',
      name: 'api certificate',
      expiresAt: inDays(10),
      fields: { Domains: 'api.example.com', Issuer: 'DigiCert', Section: 'payments' },
    });
    await createToken(page, {
      category: 'Keys & Secrets',
      type: 'API Key',
      name: 'Stripe live key',
      fields: { Location: 'vault', 'Used By': 'billing', Section: 'payments' },
    });
    await createToken(page, {
      category: 'Licenses',
      type: 'Software License',
      name: 'IDE seats',
      fields: { Vendor: 'JetBrains', 'License Type': 'seat', Cost: '499.99' },
    });
    await createToken(page, {
      category: 'General',
      type: 'Membership',
      name: 'Conference membership',
      fields: { Location: 'office' },
    });
    await page.getByRole('button', { name: 'Certificates (2)' }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('searches within a category', async () => {
    const certs = card(page, 'Certificates');
    await certs.getByPlaceholder('Search Certificates...').fill('api');
    await expectEventually(async () => (await rowNames(certs)).join() === 'api certificate');
    await certs.getByPlaceholder('Search Certificates...').fill('');
    await expectEventually(async () => (await rowNames(certs)).length === 2);
  }, 30_000);

  it('filters by category and by section chips', async () => {
    const licenses = page.getByRole('button', { name: 'Licenses (1)' });
    await licenses.click();
    await card(page, 'Certificates').waitFor({ state: 'detached' });
    await card(page, 'Licenses').getByRole('rowheader', { name: 'IDE seats' }).waitFor();
    await licenses.click();
    await card(page, 'Certificates').waitFor();

    const sections = page.getByRole('group', { name: 'Filter by section' });
    expect(await sections.getByRole('button').allTextContents()).toEqual([
      'All sections (5)',
      'No section (2)',
      'payments (2)',
      'web (1)',
    ]);
    await sections.getByRole('button', { name: 'payments (2)' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'payments');
    await expectEventually(
      async () => (await rowNames(card(page, 'Certificates'))).join() === 'api certificate',
    );
    await card(page, 'Licenses').getByText('No results in this category.').waitFor();
    // The category chips count what the cards show in the section.
    const categories = page.getByRole('group', { name: 'Filter by category' });
    await categories.getByRole('button', { name: 'Licenses (0)' }).waitFor();
    expect(await categories.getByRole('button').allTextContents()).toEqual([
      'Certificates (1)',
      'Keys & Secrets (1)',
      'Licenses (0)',
      'General (0)',
    ]);
    await sections.getByRole('button', { name: 'All sections (5)' }).click();
    await page.waitForURL((url) => !url.searchParams.has('section'));
    await expectEventually(async () => (await rowNames(card(page, 'Certificates'))).length === 2);
  }, 30_000);

  it('sorts a category by the clicked column', async () => {
    const certs = card(page, 'Certificates');
    // By expiry first: the api certificate expires in 10 days, the other in 90.
    expect(await rowNames(certs)).toEqual(['api certificate', 'www certificate']);
    await certs.getByRole('button', { name: 'Name' }).click();
    await expectEventually(
      async () => (await rowNames(certs)).join() === 'api certificate,www certificate',
    );
    // Z to A: the server's name order read backwards, so "Load more" would continue it.
    const lastNamesFirst = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('sort') === 'name_desc',
    );
    await certs.getByRole('button', { name: 'Name' }).click();
    await lastNamesFirst;
    await expectEventually(
      async () => (await rowNames(certs)).join() === 'www certificate,api certificate',
    );
    await certs.getByRole('button', { name: 'Issuer' }).click();
    await expectEventually(
      async () => (await rowNames(certs)).join() === 'api certificate,www certificate',
    );
  }, 30_000);

  it('opens details, edits and saves', async () => {
    await card(page, 'Licenses').getByRole('rowheader', { name: 'IDE seats' }).click();
    const dialog = page.getByRole('dialog', { name: 'IDE seats' });
    await dialog.getByText('JetBrains').waitFor();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await field(dialog, 'Vendor').fill('JetBrains s.r.o.');
    await field(dialog, 'Cost').fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Cost must be a valid positive number').waitFor();
    await field(dialog, 'Cost').fill('599');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Token updated successfully').waitFor();
    await dialog.getByText('JetBrains s.r.o.').waitFor();
    // The owner: a member picked in the form, shown in the details, found by "Assigned to me".
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('combobox', { name: /^Owner/ }).click();
    await page.getByRole('option', { name: ownerAccount.email }).click();
    // Its contact group stays the default; both groups are alerted too, each at its thresholds.
    await dialog.getByRole('combobox', { name: /^Also alert/ }).click();
    await page.getByRole('option', { name: 'Ops' }).click();
    await page.getByRole('option', { name: 'Security' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(ownerAccount.email).waitFor();
    await dialog.getByText('Ops, Security').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card(page, 'Licenses').getByRole('cell', { name: 'JetBrains s.r.o.' }).waitFor();
    const mine = page.getByRole('button', { name: 'Assigned to me' });
    await mine.click();
    await page.waitForURL((url) => url.searchParams.get('assigned') === 'me');
    await expectEventually(async () => (await rowNames(card(page, 'Certificates'))).length === 0);
    expect(await rowNames(card(page, 'Licenses'))).toEqual(['IDE seats']);
    await mine.click();
    await page.waitForURL((url) => !url.searchParams.has('assigned'));
    await expectEventually(async () => (await rowNames(card(page, 'Certificates'))).length === 2);
  }, 30_000);

  it("keeps one tab's edit when another saves a dialog opened before it", async () => {
    const other = await owner.newPage();
    await other.goto(dashboardUrl());
    const open = async (on: Page) => {
      await card(on, 'Licenses').getByRole('rowheader', { name: 'IDE seats' }).click();
      const dialog = on.getByRole('dialog', { name: 'IDE seats' });
      await dialog.getByRole('button', { name: 'Edit' }).click();
      return dialog;
    };
    const first = await open(page);
    const second = await open(other);
    await field(first, 'Notes').fill('Renewal owner: Alice');
    await first.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Token updated successfully').waitFor();

    await field(second, 'Vendor').fill('JetBrains GmbH');
    await second.getByRole('button', { name: 'Save' }).click();
    const refused = second.getByRole('alert');
    await refused
      .getByText(
        'Someone else changed this token after you opened it. Your changes were not saved.',
      )
      .waitFor();
    expect(await field(second, 'Vendor').inputValue()).toBe('JetBrains GmbH');
    await refused.getByRole('button', { name: 'Load their changes' }).click();
    await expectEventually(
      async () => (await field(second, 'Notes').inputValue()) === 'Renewal owner: Alice',
    );
    await field(second, 'Vendor').fill('JetBrains GmbH');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByText('JetBrains GmbH').waitFor();
    await second.getByText('Renewal owner: Alice').waitFor();
    await other.close();
    await first.getByRole('button', { name: 'Close' }).click();
    await first.waitFor({ state: 'hidden' });
  }, 30_000);

  it('renews a token', async () => {
    await page.getByRole('button', { name: 'Renew Stripe live key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew Token' });
    await dialog
      .getByText('Default set based on token category/type. You can pick any future date.')
      .waitFor();
    // An API key's term (365 days) after its current expiry, a year ahead: never shorter.
    expect(await field(dialog, 'New Expiration Date').inputValue()).toBe(inDays(730));
    await field(dialog, 'New Expiration Date').fill(inDays(500));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The table writes the date in the browser's locale; its machine form is the ISO date.
    await card(page, 'Keys & Secrets')
      .locator(`time[datetime="${inDays(500)}"]`)
      .waitFor();
  }, 30_000);

  it('deletes a token after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Conference membership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Token Deletion' });
    await dialog
      .getByText('This action cannot be undone. The token will be permanently deleted.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete Token' }).click();
    await page.getByText('Token deleted successfully').waitFor();
    await card(page, 'General').getByText('No results in this category.').waitFor();
    expect(pageErrors).toEqual([]);
  }, 30_000);

  describe.each<ColorMode>(['dark', 'light'])('accessibility in %s mode', (mode) => {
    it('has no serious or critical violation on the dashboard and its dialogs', async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        storageState: await owner.storageState(),
      });
      context.setDefaultTimeout(15_000);
      await startInColorMode(context, mode);
      const modePage = await context.newPage();
      try {
        await modePage.goto(dashboardUrl());
        await card(modePage, 'Certificates').getByRole('rowheader').first().waitFor();
        await waitForPageAtRest(modePage);
        await shot(modePage, `dashboard-${mode}`);
        const violations = await blockingViolations(modePage);

        const dialogs: Array<[string, string]> = [
          ['Details of www certificate', 'www certificate'],
          ['Renew www certificate', 'Renew Token'],
          ['Delete www certificate', 'Confirm Token Deletion'],
        ];
        for (const [button, title] of dialogs) {
          await modePage.getByRole('button', { name: button }).click();
          const dialog = modePage.getByRole('dialog', { name: title });
          await dialog.waitFor();
          await waitForPageAtRest(modePage);
          violations.push(...(await blockingViolations(modePage)));
          await shot(modePage, `dashboard-${mode}-${title.toLowerCase().replace(/\W+/g, '-')}`);
          await modePage.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        }
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  });

  it('shows a viewer Details only and no form', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    try {
      const csrf = await csrfHeaders(context.request, app.appUrl);
      const login = await context.request.post(`${app.appUrl}/auth/login`, {
        headers: csrf,
        data: viewerAccount,
      });
      expect(login.status()).toBe(200);
      const viewerPage = await context.newPage();
      await viewerPage.goto(dashboardUrl());
      const certs = card(viewerPage, 'Certificates');
      await certs.getByRole('rowheader', { name: 'www certificate' }).waitFor();
      expect(await viewerPage.getByRole('region', { name: 'Create New Token' }).count()).toBe(0);
      expect(await certs.getByRole('button', { name: /^Details of/ }).count()).toBe(2);
      expect(await viewerPage.getByRole('button', { name: /^(Renew|Delete) / }).count()).toBe(0);
      await certs.getByRole('button', { name: 'Details of www certificate' }).click();
      const dialog = viewerPage.getByRole('dialog', { name: 'www certificate' });
      await dialog.getByRole('button', { name: 'Close' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows cards instead of tables on a narrow screen', async () => {
    const narrow = await owner.newPage();
    await narrow.setViewportSize({ width: 390, height: 844 });
    await narrow.goto(dashboardUrl());
    await waitForPageHeading(narrow, 'Token Management Dashboard');
    await card(narrow, 'Certificates').getByTestId('token-card').first().waitFor();
    expect(await card(narrow, 'Certificates').getByTestId('token-card').count()).toBe(2);
    expect(await narrow.getByRole('table').count()).toBe(0);
    await shot(narrow, 'dashboard-narrow');
    await narrow.close();
  }, 30_000);

  it('asks for its first reads at once, and renders every row of a long category for the keyboard and the browser find', async () => {
    // 60 more licenses, expiring after IDE seats: a card of 61 rows (its first render shows at most 20).
    const { buildToken, seedTokens } = await import('../../functions/test-support/token-seeding');
    await seedTokens(
      workspaceId,
      Array.from({ length: 60 }, (_, index) =>
        buildToken(workspaceId, {
          name: `Bulk license ${String(index).padStart(2, '0')}`,
          category: 'license',
          type: 'software_license',
          expiresAt: inDays(1_000 + index),
        }),
      ),
    );
    const fresh = await owner.newPage();
    await fresh.setViewportSize({ width: 1280, height: 900 });
    const requests: string[] = [];
    fresh.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${url.pathname}${url.search}`);
    });
    await fresh.goto(dashboardUrl());
    const licenses = card(fresh, 'Licenses');
    await licenses.getByRole('rowheader', { name: 'Bulk license 59' }).waitFor();
    expect(await rowNames(licenses)).toHaveLength(61);
    // The shell's invitations read leaves once the page is idle (the route table's wait), which on
    // a busy machine can come after the last row.
    await expectEventually(() => Promise.resolve(requests.includes('/api/invitations')));

    // The session, the workspaces and every card's first page (which carry the filter chips'
    // counts), each once, all asked for before the shell (which asks for the invitations once it
    // has the session).
    const firstReads = requests.filter(
      (url) =>
        url === '/api/session' ||
        url.startsWith('/api/v1/workspaces?') ||
        (url.startsWith('/api/tokens?') && url.includes(`workspace_id=${workspaceId}`)),
    );
    expect(firstReads).toHaveLength(6);
    expect(new Set(requests).size).toBe(requests.length);
    const invitations = requests.indexOf('/api/invitations');
    expect(invitations).toBeGreaterThan(-1);
    for (const url of firstReads) expect(requests.indexOf(url)).toBeLessThan(invitations);

    // The browser's find reaches the last row; so does the keyboard (Shift+Tab from the next
    // card's search lands on the last row's last action).
    expect(
      await fresh.evaluate(() =>
        (window as unknown as { find(text: string): boolean }).find('Bulk license 59'),
      ),
    ).toBe(true);
    await card(fresh, 'General').getByPlaceholder('Search General...').focus();
    await fresh.keyboard.press('Shift+Tab');
    expect(await fresh.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Delete Bulk license 59',
    );
    await fresh.keyboard.press('Shift+Tab');
    expect(await fresh.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Renew Bulk license 59',
    );
    expect(pageErrors).toEqual([]);
    await fresh.close();
  }, 60_000);

  it("paints its cards before the create form's fields, which then fill their place without moving anything (a workspace with tokens: the form's heading alone)", async () => {
    const freeAccount = { email: uniqueEmail('free'), password: strongPassword('free') };
    const free = await browser.newContext();
    await registerVerifiedAccount(free, app, freeAccount);
    const freeWorkspaceId = await firstWorkspaceId(free, app);
    // Three columns of fields, two and one; the free plan's contact group field carries a hint.
    const visits = [
      { context: owner, url: dashboardUrl(), width: 1280 },
      { context: owner, url: dashboardUrl(), width: 700 },
      { context: owner, url: dashboardUrl(), width: 390 },
      { context: free, url: `${app.appUrl}/dashboard?workspace=${freeWorkspaceId}`, width: 1280 },
      { context: free, url: `${app.appUrl}/dashboard?workspace=${freeWorkspaceId}`, width: 390 },
    ];
    try {
      for (const { context, url, width } of visits) {
        const fresh = await context.newPage();
        await fresh.setViewportSize({ width, height: 900 });
        await fresh.goto(url);
        const form = fresh.getByRole('region', { name: 'Create New Token' });
        if (context === owner) {
          // The owner's workspace holds tokens: the form is its heading alone from the first
          // paint, and the cards are what fills the page.
          await fresh
            .getByPlaceholder(/^Search /)
            .first()
            .waitFor();
          const toggle = form.getByRole('button', { name: 'Create New Token' });
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        } else {
          await form.getByRole('combobox', { name: /^Category/ }).waitFor();
        }
        await fresh.waitForLoadState('networkidle');
        expect({ width, url, shift: await layoutShift(fresh) }).toEqual({ width, url, shift: 0 });
        await fresh.close();
      }
    } finally {
      await free.close();
    }
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('has every chunk of its first render asked for by the page itself, none named late by another chunk', async () => {
    const fresh = await owner.newPage();
    await fresh.goto(dashboardUrl());
    await fresh.waitForFunction(
      () => window.performance.getEntriesByName('dashboard:view-commit').length > 0,
    );
    const scriptsBeforeCommit = await fresh.evaluate(() => {
      const commit = window.performance.getEntriesByName('dashboard:view-commit')[0]!.startTime;
      return window.performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < commit && /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => new URL(entry.name).pathname);
    });
    // What index.html loads itself (the first script, the entry and its imports), and what the
    // first script preloads on /dashboard: the route's chunks the build names on its tag.
    const html = await (await fresh.request.get(dashboardUrl())).text();
    const inHtml = [...html.matchAll(/"(\/assets\/[^"\s]+\.js)"/g)].map((match) => match[1]!);
    const preloaded = await fresh.evaluate(() =>
      (
        document.querySelector<HTMLScriptElement>('script[data-dashboard-chunks]')?.dataset
          .dashboardChunks ?? ''
      ).split(' '),
    );
    expect(preloaded.some((chunk) => chunk.includes('/dashboard-route-'))).toBe(true);
    // The route's chunks and the classic entry carry V8's compile hint on their first line.
    const entry = inHtml.find((script) => script.endsWith('.classic.js'));
    for (const script of [...preloaded, entry!]) {
      const code = await (await fresh.request.get(`${app.appUrl}${script}`)).text();
      expect({ script, firstLine: code.split('\n')[0] }).toEqual({
        script,
        firstLine: '//# allFunctionsCalledOnLoad',
      });
    }
    expect(scriptsBeforeCommit.length).toBeGreaterThan(inHtml.length);
    expect(
      scriptsBeforeCommit.filter((script) => ![...inHtml, ...preloaded].includes(script)),
    ).toEqual([]);
    await fresh.close();
  });

  it('puts back the styles the last visit saved: the next visit inserts only new rules and looks the same', async () => {
    // web/src/lib/local-store.ts, storageKeys.savedStyles
    const SAVED_STYLES_KEY = 'expiry-radar:saved-styles';
    // A context of its own, signed in as the owner with an empty localStorage: the owner's other
    // pages save their styles when idle too, and under load one wrote them back between a
    // clearing of the key and the first visit.
    const isolated = await browser.newContext({
      storageState: { cookies: await owner.cookies(), origins: [] },
    });
    const errors: Error[] = [];
    const visit = async () => {
      const visitPage = await isolated.newPage();
      visitPage.on('pageerror', (error) => errors.push(error));
      await visitPage.setViewportSize({ width: 1280, height: 900 });
      await visitPage.goto(dashboardUrl());
      await waitForPageHeading(visitPage, 'Token Management Dashboard');
      await card(visitPage, 'Certificates').getByRole('rowheader').first().waitFor();
      await visitPage.waitForLoadState('networkidle');
      await visitPage.evaluate(() => document.fonts.ready.then(() => undefined));
      return visitPage;
    };
    /** The page at rest: transitions and animations finished, no caret. */
    const look = (visitPage: Page) =>
      visitPage.screenshot({ animations: 'disabled', caret: 'hide' });
    /** The CSS of the rules emotion inserted on this visit, and of those it was given back. */
    const rulesOf = (visitPage: Page) =>
      visitPage.evaluate(() => {
        const cssOf = (selector: string) =>
          [...document.querySelectorAll<HTMLStyleElement>(selector)].flatMap((style) =>
            [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
          );
        return {
          inserted: cssOf('style[data-emotion="css"]'),
          restored: cssOf('style[data-emotion^="css "]'),
        };
      });

    const first = await visit();
    const firstRules = await rulesOf(first);
    expect(firstRules.restored).toEqual([]);
    expect(firstRules.inserted.length).toBeGreaterThan(100);
    await expectEventually(
      async () =>
        (await first.evaluate((key) => localStorage.getItem(key), SAVED_STYLES_KEY)) !== null,
    );
    const firstLook = await look(first);
    await first.close();

    const second = await visit();
    const secondRules = await rulesOf(second);
    expect(secondRules.restored.length).toBeGreaterThanOrEqual(firstRules.inserted.length);
    const restored = new Set(secondRules.restored);
    expect(secondRules.inserted.filter((rule) => restored.has(rule))).toEqual([]);
    expect((await look(second)).equals(firstLook)).toBe(true);
    expect(errors).toEqual([]);
    await isolated.close();
  }, 60_000);
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function expectText(locator: Locator, text: string) {
  await expectEventually(async () => ((await locator.textContent()) ?? '').includes(text));
}
