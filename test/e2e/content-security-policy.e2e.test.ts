/**
 * The web app under the Content-Security-Policy it is deployed with: the local server sends the
 * same policy as CloudFront (shared/src/constants/web-security-headers.ts), and every page, signed
 * out and signed in, loads and renders in Chromium without the browser reporting a violation of
 * it (a blocked image, script, style, font, request or `eval`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
} from '@expiry-radar/shared/constants/web-security-headers';
import { registerVerifiedAccount } from '../support/browser-accounts';
import { field, strongPassword, uniqueEmail } from '../support/e2e-helpers';
import { startAppAndChromium } from '../support/browser-session';
import type { LocalAppProcess } from '../support/local-app-process';
import {
  DESKTOP,
  openPage,
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
  type SitePage,
} from '../support/site-pages';

jest.setTimeout(300_000);

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records each violation the page reports, from before its first script runs. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

async function violationsOn(page: Page, sitePage: SitePage, appUrl: string): Promise<string[]> {
  await openPage(page, `${appUrl}${sitePage.path}`);
  return page.evaluate(() => window.cspViolations ?? []);
}

describe('Content-Security-Policy', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium());
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('is sent by the local server as CloudFront sends it, with the Permissions-Policy', async () => {
    const response = await fetch(`${app.appUrl}/`);
    expect(response.headers.get('content-security-policy')).toBe(
      contentSecurityPolicy({ analyticsHost: '' }),
    );
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  });

  it('is not violated by any page, signed out or signed in', async () => {
    const signedOut = await browser.newContext({ viewport: DESKTOP });
    const signedIn = await browser.newContext({ viewport: DESKTOP });
    await Promise.all([recordViolations(signedOut), recordViolations(signedIn)]);
    await registerVerifiedAccount(signedIn, app, {
      email: uniqueEmail('csp'),
      password: strongPassword('csp'),
    });
    const violations: string[] = [];
    for (const [context, pages] of [
      [signedOut, PUBLIC_PAGES],
      [signedIn, SIGNED_IN_PAGES],
    ] as const) {
      const page = await context.newPage();
      for (const sitePage of pages) {
        for (const violation of await violationsOn(page, sitePage, app.appUrl)) {
          violations.push(`${sitePage.name}: ${violation}`);
        }
      }
      await page.close();
    }
    await Promise.all([signedOut.close(), signedIn.close()]);
    expect(violations).toEqual([]);
  });

  it("shows the two-factor setup's QR code (a data: image) without a violation", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await recordViolations(context);
    const account = { email: uniqueEmail('csp-qr'), password: strongPassword('csp-qr') };
    await registerVerifiedAccount(context, app, account);
    const page = await context.newPage();
    await openPage(page, `${app.appUrl}/dashboard?view=account`);
    await page
      .getByRole('button', { name: 'Set up two-factor authentication' })
      .click({ timeout: 15_000 });
    const confirm = page.getByRole('form', { name: 'Confirm your password' });
    await field(confirm, 'Password').fill(account.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const qrCode = page.getByRole('img', { name: /QR code/ });
    await expect(qrCode.getAttribute('src')).resolves.toMatch(/^data:image\//);
    // The image has had its chance to load (or be blocked) once it is complete.
    await qrCode.evaluate((image: HTMLImageElement) =>
      image.complete ? undefined : new Promise((settle) => (image.onload = image.onerror = settle)),
    );
    expect(await qrCode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
    await context.close();
  });
});
