/** Every page of the web app, for the tests that look at all of them; and how to wait for one. */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot, waitForPageAtRest } from './e2e-helpers';
import { trackRequests, waitForRequestsDone } from './requests-in-flight';
import { projectRoot } from './local-app-process';

export interface SitePage {
  /** Names the page in test titles and screenshot files. */
  readonly name: string;
  readonly path: string;
}

/** Every page reachable without a session (the not-found page stands for any unknown path). */
export const PUBLIC_PAGES: readonly SitePage[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'pricing', path: '/pricing' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  // Where an alert email's unsubscribe link leads (it asks first; the token is not checked yet).
  { name: 'unsubscribe', path: '/unsubscribe?token=v1.example' },
  { name: 'verify-email', path: '/verify-email' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'not-found', path: '/this-page-does-not-exist' },
];

/** Every page of a signed-in, verified user (the sign-in screens send such a user away). */
export const SIGNED_IN_PAGES: readonly SitePage[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'account', path: '/dashboard?view=account' },
  { name: 'preferences', path: '/preferences' },
  { name: 'billing', path: '/billing' },
  { name: 'usage', path: '/usage' },
  { name: 'organization-sign-in', path: '/organization/sign-in' },
  { name: 'integrations', path: '/integrations' },
  { name: 'workspaces', path: '/workspaces' },
  { name: 'audit', path: '/audit' },
  { name: 'help', path: '/help' },
  { name: 'docs', path: '/docs' },
  { name: 'docs-teams', path: '/docs/teams' },
  { name: 'docs-tokens', path: '/docs/tokens' },
  { name: 'docs-alerts', path: '/docs/alerts' },
  { name: 'docs-audit', path: '/docs/audit' },
  { name: 'docs-usage', path: '/docs/usage' },
  { name: 'docs-api', path: '/docs/api' },
];

/** The public pages that stay open to a signed-in user, with the signed-in top bar. */
export const SHARED_PAGES: readonly SitePage[] = PUBLIC_PAGES.filter((page) =>
  ['landing', 'pricing', 'privacy-policy', 'terms-of-service', 'not-found'].includes(page.name),
);

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Opens `url` and waits until the page is complete: its heading, its data (no request in flight
 * for a moment), its fonts, and MUI's entrance transitions (waitForPageAtRest).
 */
export async function openPage(page: Page, url: string): Promise<void> {
  trackRequests(page);
  await page.goto(url);
  await settlePage(page);
}

/** See `openPage`. */
export async function settlePage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await waitForRequestsDone(page);
  await waitForPageAtRest(page);
}

/** The screenshots of every page at both widths and in both modes (gitignored). */
export const SCREENSHOTS = join(projectRoot, 'test/artifacts/screenshots');

/**
 * A full-page screenshot. The dashboard's category cards skip painting while out of view
 * (`content-visibility: auto`), so they are painted for the picture.
 */
export async function pageScreenshot(page: Page, name: string): Promise<void> {
  await page.addStyleTag({
    content: '[data-category] { content-visibility: visible !important; }',
  });
  await screenshot(page, name, SCREENSHOTS);
}
