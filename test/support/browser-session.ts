/** The local app and Chromium with one context and page, as the e2e suites use them. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerVerifiedAccount, type TestAccount } from './browser-accounts';
import { launchChromium } from './browser';
import { collectPageErrors } from './e2e-helpers';
import { startLocalApp, type LocalAppProcess } from './local-app-process';
import { appForSuite, connectToSharedChromium, sharedServicesStarted } from './shared-app';

export interface BrowserSession {
  readonly app: LocalAppProcess;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The uncaught errors of `page` so far. */
  readonly pageErrors: string[];
}

export interface BrowserSessionOptions {
  /** Environment of the local app, over the test process's own. */
  readonly env?: Record<string, string>;
  readonly viewport?: { width: number; height: number };
  /** The context's default timeout for actions and waits, in milliseconds. */
  readonly timeout?: number;
  /** Registered and verified through the context first, so the page starts signed in. */
  readonly account?: TestAccount;
}

/**
 * The local app and Chromium for a suite. In the e2e project's jest run these are the run's shared
 * ones (`shared-app.ts`) when the shared app runs with `env`, else an app of the suite's own beside
 * the shared Chromium; elsewhere (the benchmarks) both are started here. Either way `app.stop()`
 * and `browser.close()` end only what is the caller's.
 */
export async function startAppAndChromium(
  options: { env?: Record<string, string> } = {},
): Promise<{ app: LocalAppProcess; browser: Browser }> {
  const env = options.env ?? {};
  if (!sharedServicesStarted()) return startOwnAppAndChromium(env);
  const browser = await connectToSharedChromium();
  try {
    const app = await appForSuite(env);
    return { app, browser };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * The local app and Chromium, started together. When one fails to start the other is stopped
 * before the error is thrown: a browser left running keeps the process from exiting.
 */
async function startOwnAppAndChromium(
  env: Record<string, string>,
): Promise<{ app: LocalAppProcess; browser: Browser }> {
  const [app, browser] = await Promise.allSettled([startLocalApp({ env }), launchChromium()]);
  if (app.status === 'fulfilled' && browser.status === 'fulfilled') {
    return { app: app.value, browser: browser.value };
  }
  if (browser.status === 'fulfilled') await browser.value.close();
  if (app.status === 'fulfilled') await app.value.stop();
  throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
}

export async function startBrowserSession(
  options: BrowserSessionOptions = {},
): Promise<BrowserSession> {
  const { app, browser } = await startAppAndChromium({ env: options.env });
  try {
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(options.timeout ?? 15_000);
    context.on('page', leaveWhenAsked);
    if (options.account) await registerVerifiedAccount(context, app, options.account);
    const page = await context.newPage();
    return { app, browser, context, page, pageErrors: collectPageErrors(page) };
  } catch (error) {
    await stopBrowserSession({ app, browser });
    throw error;
  }
}

/**
 * A test's `page.goto` or `reload` from a page holding unsaved input (a refused token form, a
 * failed attempt before a retry) leaves it, as a person answering the browser's "Leave site?"
 * with Leave would; without this, Playwright dismisses the question and the navigation never
 * happens. Any other dialog is dismissed, as Playwright does when nothing listens.
 */
function leaveWhenAsked(page: Page): void {
  page.on('dialog', (dialog) => {
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  });
}

/** Closes the browser and stops the app; nothing to do when the session never started. */
export async function stopBrowserSession(
  session: Pick<BrowserSession, 'app' | 'browser'> | undefined,
): Promise<void> {
  await session?.browser.close();
  await session?.app.stop();
}
