import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { collectPageErrors, screenshot } from '../support/e2e-helpers';
import { startLocalApp, type LocalAppProcess } from '../support/local-app-process';

/** /docs/api renders the served OpenAPI description as a reference, in real Chromium. */
describe('API reference in Chromium', () => {
  let app: LocalAppProcess;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startLocalApp(), launchChromium()]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the routes of the description, which loads only on that page', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const descriptionRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/openapi.json')) descriptionRequests.push(request.url());
    });
    await page.goto(app.appUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(descriptionRequests).toEqual([]);

    await page.goto(`${app.appUrl}/docs/api`);
    await page.getByRole('heading', { name: 'API', level: 1 }).waitFor();
    const reference = page.getByTestId('api-reference');
    await reference
      .getByText('Creates a token in a workspace (admin or workspace manager).')
      .first()
      .waitFor({ timeout: 30_000 });
    await reference.getByText('/api/v1/workspaces/{id}/calendar.ics').first().waitFor();
    expect(descriptionRequests).toHaveLength(1);
    await screenshot(page, 'api-reference');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
