/** Small helpers shared by the end-to-end tests in Chromium. */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { BrowserContext, Download, Locator, Page } from 'playwright-core';
import { errorMessage } from '@expiry-radar/functions/platform/error-message';
import { projectRoot } from './local-app-process';

/** Screenshots land here (gitignored). */
export const artifacts = join(projectRoot, 'test-results');

/** Where the web app keeps the colour mode (web/src/app/theme/color-mode.ts). */
export const COLOR_MODE_STORAGE_KEY = 'expiry-radar:color-mode';

export type ColorMode = 'dark' | 'light';

/** A new address per run and per call, so reruns against one data directory never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

/** At least 12 characters and not on the common-password list. */
export function strongPassword(label: string): string {
  return `${label} horse battery ${randomUUID().slice(0, 6)}`;
}

/**
 * A full-page screenshot for people to look at, `name`.jpg in `directory` (test-results unless
 * given). JPEG: Chromium encodes a long page in under half the time PNG takes.
 */
export async function screenshot(
  page: Page,
  name: string,
  directory: string = artifacts,
): Promise<void> {
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.jpg`), fullPage: true, quality: 85 });
}

/** Uncaught errors of the page, to assert that a journey ran without any. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Every page of the context starts in `mode`, as if the user had chosen it on an earlier visit. */
export async function startInColorMode(context: BrowserContext, mode: ColorMode): Promise<void> {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    COLOR_MODE_STORAGE_KEY,
    mode,
  ] as const);
}

/** The sum of the page background's red, green and blue (0 black … 765 white). */
export async function backgroundBrightness(page: Page): Promise<number> {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
  return red + green + blue;
}

/** The page's only level-1 heading, once the lazily loaded page has rendered. */
export async function waitForPageHeading(page: Page, name?: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) }).waitFor();
}

/**
 * The form field with exactly this label, whether or not MUI marks it as required with an
 * asterisk ("Password *"), and not a button whose label merely contains the word.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/**
 * A downloaded file's text. It is read from the browser, which may run in another process (the
 * shared Chromium of the test run) where Playwright keeps no local path, and saved nowhere.
 */
export async function downloadedText(download: Download): Promise<string> {
  return text(await download.createReadStream());
}

/**
 * Waits until the page is at rest: its fonts loaded and every finite animation and transition
 * (MUI's entrances, a colour-mode change, a popover opening) finished, so that colours and boxes
 * are measured at their end. Endless ones (a spinner) are not waited for.
 */
export async function waitForPageAtRest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A transition starts on the frame after the change that causes it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Waits for `text` inside `scope`; on a timeout the error also says what `scope` showed instead,
 * so a failure in CI explains itself without a screenshot.
 */
export async function waitForTextIn(scope: Locator, text: string | RegExp): Promise<void> {
  try {
    await scope.getByText(text).first().waitFor();
  } catch (error) {
    const shown = await scope.innerText({ timeout: 1_000 }).catch(() => '(not on the page)');
    throw new Error(`${errorMessage(error)}\nIt showed instead:\n${shown.slice(0, 1_500)}`, {
      cause: error,
    });
  }
}

/**
 * "Create New Token", opened: a workspace that holds tokens shows the form as its heading alone
 * (a disclosure button) until it is clicked.
 */
export async function openCreateTokenForm(page: Page): Promise<Locator> {
  const form = page.getByRole('region', { name: 'Create New Token' });
  const toggle = form.getByRole('button', { name: 'Create New Token' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await form.getByRole('combobox', { name: /^Category/ }).waitFor();
  return form;
}
