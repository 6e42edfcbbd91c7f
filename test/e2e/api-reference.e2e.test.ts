import type { Browser } from 'playwright-core';
import { registerVerifiedAccount } from '../support/browser-accounts';
import { collectPageErrors, screenshot, strongPassword, uniqueEmail } from '../support/e2e-helpers';
import { startAppAndChromium } from '../support/browser-session';
import type { LocalAppProcess } from '../support/local-app-process';

/** /docs/api (signed in, as every docs page) renders the served OpenAPI description as a reference. */
describe('API reference in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, browser } = await startAppAndChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the routes of the description, which loads only on that page', async () => {
    const context = await browser.newContext();
    await registerVerifiedAccount(context, app, {
      email: uniqueEmail('api-reference'),
      password: strongPassword('api-reference'),
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const descriptionRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/openapi.json')) descriptionRequests.push(request.url());
    });
    await page.goto(`${app.appUrl}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(descriptionRequests).toEqual([]);

    await page.goto(`${app.appUrl}/docs/api`);
    await page.getByRole('heading', { name: 'API', level: 1, exact: true }).waitFor();
    const reference = page.getByTestId('api-reference');
    await reference.getByText('Expiry Radar API').first().waitFor({ timeout: 30_000 });
    // The reference renders the first area's routes as they scroll into view (the others open
    // on a click): the route of the user's plan, by its path and summary.
    const planRoute = reference.getByText('/api/account/plan').first();
    for (let step = 0; step < 60 && !(await planRoute.isVisible()); step += 1) {
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(150);
    }
    await planRoute.waitFor();
    await reference.getByText("The user's plan.").first().waitFor();
    expect(descriptionRequests).toHaveLength(1);
    await screenshot(page, 'api-reference');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
