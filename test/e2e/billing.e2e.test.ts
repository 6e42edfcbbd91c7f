/**
 * /billing in Chromium against the local runtime in the local billing mode (no Stripe key): a
 * verified user upgrades from free to pro, creates a second workspace, downgrades to free, and
 * sees the downgraded notice and the newest workspace frozen.
 */
import type { Page } from 'playwright-core';
import { DOWNGRADED_NOTICE } from '@expiry-radar/shared/messages/notices';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  COLOR_MODE_STORAGE_KEY,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageAtRest,
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';
import { blockingViolations } from '../support/accessibility';
import { csrfHeaders } from '../support/csrf';

describe('billing in Chromium (local billing mode)', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    session = await startBrowserSession({
      account: { email: uniqueEmail('billing'), password: strongPassword('billing') },
      // Whatever the developer's environment holds, this run has no Stripe.
      env: { STRIPE_SECRET_KEY: '', STRIPE_SECRET_KEY_PARAMETER: '' },
    });
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  const url = (path: string) => `${app.appUrl}${path}`;

  /** A workspace created through the API, as the web client sends it (CSRF header). */
  async function createWorkspace(name: string): Promise<void> {
    const created = await page.request.post(url('/api/v1/workspaces'), {
      headers: await csrfHeaders(page.request, app.appUrl),
      data: { name },
    });
    expect(created.status()).toBe(201);
  }

  it('upgrades free to pro, then a downgrade freezes the newest workspace', async () => {
    await page.goto(url('/billing'));
    await waitForPageHeading(page, 'Billing & Plans');
    await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();
    await page.getByText('Local billing mode').first().waitFor();

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByText('Plan upgraded to Pro').waitFor();
    await page.getByRole('heading', { name: 'Current plan: Pro' }).waitFor();
    await screenshot(page, 'billing-pro');

    await createWorkspace('Side project');
    await page.reload();
    await page.getByRole('heading', { name: 'Current plan: Pro' }).waitFor();
    await page.getByText('2 / 3').waitFor();

    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Downgrade to Free?' });
    await dialog.getByText('will be frozen', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Downgrade to Free' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();
    await page.getByText(DOWNGRADED_NOTICE).waitFor();
    const frozen = page.getByRole('list', { name: 'Frozen workspaces' });
    await frozen.getByText('Side project').waitFor();
    expect(await frozen.getByRole('listitem').count()).toBe(1);
    await screenshot(page, 'billing-downgraded');

    const sessionAnswer = await page.request.get(url('/api/session'));
    expect(await sessionAnswer.json()).toMatchObject({
      user: { plan: 'free', downgraded: true },
    });
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('has no serious or critical accessibility violation, in dark and light mode', async () => {
    for (const mode of ['dark', 'light']) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_MODE_STORAGE_KEY,
        mode,
      ] as const);
      await page.goto(url('/billing'));
      await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();
      await waitForPageAtRest(page);
      const blocking = await blockingViolations(page);
      await screenshot(page, `billing-${mode}`);
      expect({ mode, blocking }).toEqual({ mode, blocking: [] });
    }
  }, 60_000);
});
