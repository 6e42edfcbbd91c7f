/**
 * Every page and dialog in one colour mode, in Chromium: no serious or critical axe-core
 * violation; at 1280 px and at 390 px nothing wider than the window and no control cut off at the
 * side; at 390 px a title of the page's own and a working "Skip to content" first in the tab
 * order; and a screenshot of every page at both widths (test/artifacts/screenshots). Pages are
 * visited signed out and signed in (the public pages a signed-in user keeps, too), and the page an
 * alert's action link opens in its two states (a valid link's question, a refused link). Dialogs checked
 * by their own suites are not repeated here: the token details, renew and delete dialogs
 * (dashboard), create workspace and transfer tokens (workspaces), and an audit event's details
 * (audit). Each mode is a suite file of its own (test/e2e/accessibility-dark.e2e.test.ts,
 * accessibility-light.e2e.test.ts), so the two run on both jest workers.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  backgroundBrightness,
  collectPageErrors,
  startInColorMode,
  waitForPageAtRest,
  waitForPageHeading,
  type ColorMode,
} from './e2e-helpers';
import { startAppAndChromium } from './browser-session';
import type { LocalAppProcess } from './local-app-process';
import { blockingViolations } from './accessibility';
import { trackRequests, waitForRequestsDone } from './requests-in-flight';
import { measureFrame, skipLinkBehaviour, type PageFrame } from './page-frame';
import { waitForEmail } from './ses-inbox';
import { createShowcaseAccount, SHOWCASE } from './showcase-account';
import {
  DESKTOP,
  openPage,
  pageScreenshot,
  PHONE,
  PUBLIC_PAGES,
  SHARED_PAGES,
  SIGNED_IN_PAGES,
  type SitePage,
} from './site-pages';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const PRODUCT_NAME = 'Expiry Radar';

/** The frame of page `name` at `width` as `expect` compares it: nothing sideways, nothing cut. */
function fitting(name: string, width: number, frame?: PageFrame) {
  return {
    page: name,
    width,
    sidewaysScroll: frame ? frame.sidewaysScroll : 0,
    clippedControls: frame ? frame.clippedControls : [],
  };
}

export async function settle(page: Page): Promise<void> {
  await waitForPageHeading(page);
  await waitForPageAtRest(page);
}

/** A dialog that stays open while axe looks at the page, and how to open it on its page. */
interface DialogCase {
  readonly name: string;
  readonly path: string;
  readonly viewport?: { width: number; height: number };
  /**
   * Opened by its URL as the page loads. Its modal hides the page from the accessibility tree,
   * at times before the page's heading has rendered, so the page is not waited for by its heading.
   */
  readonly opensWithPage?: true;
  open(page: Page): Promise<Locator>;
  /** Closes it again without changing anything; Escape unless said otherwise. */
  close?(page: Page, dialog: Locator): Promise<void>;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const DIALOGS: readonly DialogCase[] = [
  {
    name: 'welcome',
    path: '/dashboard?new_user=true',
    opensWithPage: true,
    open: (page) => Promise.resolve(page.getByRole('dialog', { name: 'Welcome on board' })),
  },
  {
    name: 'recent-alerts',
    path: '/dashboard',
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      return page.getByRole('dialog', { name: 'Recent alerts' });
    },
  },
  {
    name: 'user-menu',
    path: '/dashboard',
    open: async (page) => {
      await button(page, 'Account menu').click();
      return page.getByRole('menu');
    },
  },
  {
    name: 'token-edit',
    path: '/dashboard',
    open: async (page) => {
      await button(page, `Details of ${SHOWCASE.keyName}`).click();
      const dialog = page.getByRole('dialog', { name: SHOWCASE.keyName });
      await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
      return page.getByRole('dialog', { name: `Edit ${SHOWCASE.keyName}` });
    },
    // An open edit ignores Escape: Cancel, then Close.
    close: async (page, dialog) => {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('dialog', { name: SHOWCASE.keyName })
        .getByRole('button', { name: 'Close' })
        .click();
    },
  },
  {
    name: 'rename-workspace',
    path: '/workspaces',
    open: async (page) => {
      await button(page, `Rename ${SHOWCASE.workspaceName}`).click();
      return page.getByRole('dialog', { name: 'Rename workspace' });
    },
  },
  {
    name: 'delete-workspace',
    path: '/workspaces',
    open: async (page) => {
      await button(page, `Delete ${SHOWCASE.secondWorkspaceName}`).click();
      return page.getByRole('dialog', { name: 'Delete workspace?' });
    },
  },
  {
    name: 'withdraw-invitation',
    path: '/workspaces',
    open: async (page) => {
      await button(page, `Withdraw ${SHOWCASE.memberEmail}`).click();
      return page.getByRole('dialog', { name: 'Withdraw invitation?' });
    },
  },
  {
    name: 'change-plan',
    path: '/billing',
    open: async (page) => {
      // A move that would freeze a workspace: it asks first, listing what would freeze.
      await button(page, 'Downgrade to Free').click();
      return page.getByRole('dialog', { name: 'Downgrade to Free?' });
    },
  },
  {
    name: 'delete-account',
    path: '/dashboard?view=account',
    open: async (page) => {
      await button(page, 'Delete account').click();
      return page.getByRole('dialog', { name: 'Delete your account?' });
    },
  },
  {
    name: 'rotate-signing-secret',
    path: '/preferences',
    open: async (page) => {
      await button(page, 'Rotate secret').click();
      return page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    },
  },
  {
    name: 'navigation-drawer',
    path: '/dashboard',
    viewport: PHONE,
    open: async (page) => {
      await button(page, 'Open navigation menu').click();
      return page.getByRole('navigation', { name: 'Navigation menu' });
    },
  },
];

/** Where an alert's action link leads: a valid snooze link's question, and a refused link. */
const ALERT_ACTION_STATES = ['confirmation', 'refused'] as const;
type AlertActionState = (typeof ALERT_ACTION_STATES)[number];

/**
 * The two states of /alert-action: the "Snooze 7 days" link of the showcase account's alert digest
 * (its scan sent one), and a link that does not verify.
 */
async function alertActionPathsOf(
  app: LocalAppProcess,
  address: string,
): Promise<Record<AlertActionState, string>> {
  const digest = await waitForEmail(app.endpoints.ses ?? '', { to: address, subject: /expire/ });
  const link = /^ {2}Snooze 7 days: (\S+)$/m.exec(digest.body.text ?? '')?.[1];
  if (!link) throw new Error(`The showcase digest "${digest.subject}" has no snooze link`);
  const url = new URL(link);
  return {
    confirmation: `${url.pathname}${url.search}`,
    refused: '/alert-action?token=a1.not-a-link.forged',
  };
}

/** The page a visited `<state> <path>` counts as for titles: the states of one link page are one. */
function pageOfTitle(key: string): string {
  return key.replace(/^(in|out) /, '').replace(/^\/alert-action\?.*$/, '/alert-action');
}

/**
 * The suite of one colour mode: the showcase account, then every page and dialog in `mode`.
 * Returns the shared app and browser for further tests of the file.
 */
export function describeAccessibilityIn(
  mode: ColorMode,
): () => { app: LocalAppProcess; browser: Browser } {
  let app: LocalAppProcess;
  let browser: Browser;
  let signedInState: StorageState;
  let alertActionPaths: Record<AlertActionState, string>;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium());
    const setup = await browser.newContext();
    setup.setDefaultTimeout(15_000);
    const showcase = await createShowcaseAccount(setup, app);
    signedInState = await setup.storageState();
    alertActionPaths = await alertActionPathsOf(app, showcase.email);
    await setup.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  describe(`in ${mode} mode`, () => {
    const contexts: BrowserContext[] = [];
    const pages: Record<'out' | 'in', Page> = {} as Record<'out' | 'in', Page>;
    const pageErrors: string[][] = [];

    beforeAll(async () => {
      for (const state of ['out', 'in'] as const) {
        const context = await browser.newContext({
          viewport: DESKTOP,
          // The opposite system preference: the app must follow its own setting, not the system.
          colorScheme: mode === 'dark' ? 'light' : 'dark',
          // Less motion, as some people ask their system for: colours are measured at their end,
          // never halfway through a button's change from disabled.
          reducedMotion: 'reduce',
          storageState: state === 'in' ? signedInState : undefined,
        });
        context.setDefaultTimeout(15_000);
        await startInColorMode(context, mode);
        contexts.push(context);
        pages[state] = await context.newPage();
        pageErrors.push(collectPageErrors(pages[state]));
      }
    });

    afterAll(async () => {
      for (const context of contexts) await context.close();
    });

    /** The title of each page visited, by whether signed in and its path. */
    const titles = new Map<string, string>();

    /**
     * axe and the frame at 1280 px, then at 390 px the frame, the title and the skip link; a
     * screenshot at each width.
     */
    async function checkPage(page: Page, { name, path }: SitePage, state: 'in' | 'out') {
      await page.setViewportSize(DESKTOP);
      await openPage(page, `${app.appUrl}${path}`);
      const brightness = await backgroundBrightness(page);
      if (mode === 'dark') expect(brightness).toBeLessThan(200);
      else expect(brightness).toBeGreaterThan(600);
      expect({ page: name, blocking: await blockingViolations(page) }).toEqual({
        page: name,
        blocking: [],
      });
      expect(fitting(name, DESKTOP.width, await measureFrame(page))).toEqual(
        fitting(name, DESKTOP.width),
      );
      await pageScreenshot(page, `${name}-1280-${mode}`);

      await page.setViewportSize(PHONE);
      await waitForPageAtRest(page);
      const phone = await measureFrame(page);
      expect(fitting(name, PHONE.width, phone)).toEqual(fitting(name, PHONE.width));
      expect(phone.title).toMatch(/^(.+ · Expiry Radar|Expiry Radar — .+)$/);
      expect(phone.title).not.toBe(PRODUCT_NAME);
      titles.set(`${state} ${path}`, phone.title);
      await pageScreenshot(page, `${name}-390-${mode}`);
      expect(await skipLinkBehaviour(page)).toEqual({
        firstFocusable: 'Skip to content',
        focusAfterSkip: 'main-content',
      });
    }

    const CHECKS = 'no blocking violation, fits 1280 and 390 px, titled, skippable';

    it.each(PUBLIC_PAGES)(
      `$name ($path), signed out: ${CHECKS}`,
      (site) => checkPage(pages.out, site, 'out'),
      30_000,
    );

    it.each(ALERT_ACTION_STATES)(
      `alert-action (%s), signed out: ${CHECKS}`,
      async (state) => {
        const page = pages.out;
        await checkPage(
          page,
          { name: `alert-action-${state}`, path: alertActionPaths[state] },
          'out',
        );
        // The state it claims to be: the link's question with its button, or the refusal.
        await (
          state === 'confirmation'
            ? page.getByRole('button', { name: 'Snooze', exact: true })
            : page.getByText('This link is not valid.')
        ).waitFor();
      },
      30_000,
    );

    it.each([...SIGNED_IN_PAGES, ...SHARED_PAGES])(
      `$name ($path), signed in: ${CHECKS}`,
      (site) => checkPage(pages.in, site, 'in'),
      30_000,
    );

    it('gives each page a title of its own', () => {
      const byPath = new Map<string, string>();
      for (const [key, title] of titles) byPath.set(pageOfTitle(key), title);
      expect(new Set(byPath.values()).size).toBe(byPath.size);
      expect(byPath.get('/dashboard')).toBe('Dashboard · Expiry Radar');
      expect(byPath.get('/login')).toBe('Sign in · Expiry Radar');
    });

    it.each(DIALOGS)(
      'the $name dialog on $path',
      async (dialog) => {
        const page = pages.in;
        trackRequests(page);
        await page.setViewportSize(dialog.viewport ?? DESKTOP);
        if (dialog.opensWithPage) await page.goto(`${app.appUrl}${dialog.path}`);
        else await openPage(page, `${app.appUrl}${dialog.path}`);
        const opened = await dialog.open(page);
        await opened.waitFor();
        await waitForRequestsDone(page);
        await waitForPageAtRest(page);
        expect({ dialog: dialog.name, blocking: await blockingViolations(page) }).toEqual({
          dialog: dialog.name,
          blocking: [],
        });
        await pageScreenshot(page, `dialog-${dialog.name}-${mode}`);
        if (dialog.close) await dialog.close(page, opened);
        else await page.keyboard.press('Escape');
        await opened.waitFor({ state: 'hidden' });
      },
      30_000,
    );

    it('turns transitions off for whoever asks for less motion, and only for them', async () => {
      const transitionOf = async (page: Page) => {
        await openPage(page, `${app.appUrl}/login`);
        return page
          .getByRole('button', { name: 'Sign in', exact: true })
          .evaluate((button) => getComputedStyle(button).transitionDuration);
      };
      expect(await transitionOf(pages.out)).toMatch(/^0s(, 0s)*$/);
      const moving = await browser.newContext({ reducedMotion: 'no-preference' });
      try {
        expect(await transitionOf(await moving.newPage())).not.toMatch(/^0s(, 0s)*$/);
      } finally {
        await moving.close();
      }
    });

    it('raised no uncaught error', () => {
      expect(pageErrors.flat()).toEqual([]);
    });
  });

  return () => ({ app, browser });
}
