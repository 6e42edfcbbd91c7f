/**
 * Certificate endpoints in Chromium against the local runtime (loopback allowed, as `npm start`
 * allows it): a certificate served by a local TLS server made in the test is added with its
 * endpoint, "Check now" fills the form from what the server serves, and after the scheduled
 * check (`npm run endpoints:check`'s control call) the certificate table and the details dialog
 * show the endpoint's problem: the self-signed chain is not trusted.
 */
import tls from 'node:tls';
import type { Page } from 'playwright-core';
import { makeSelfSignedCertificate } from '../../functions/test-support/certificates';
import { controlAuthorization } from '@expiry-radar/functions/local/local-control-server';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  field,
  openCreateTokenForm,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';

const HOST = 'shop.example.test';

describe('certificate endpoints in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];
  let server: tls.Server;
  let port: number;

  beforeAll(async () => {
    const certificate = makeSelfSignedCertificate({
      commonName: HOST,
      altNames: `DNS:${HOST}`,
      days: 60,
      key: 'ec:P-256',
    });
    server = tls.createServer({ key: certificate.keyPem, cert: certificate.pem }, (socket) =>
      socket.end(),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    session = await startBrowserSession({
      account: { email: uniqueEmail('endpoints'), password: strongPassword('endpoints') },
    });
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSession(session);
    await new Promise((resolve) => server.close(resolve));
  });

  async function runEndpointChecks(): Promise<void> {
    const response = await fetch(`${app.endpoints.control}/endpoints/check`, {
      method: 'POST',
      headers: controlAuthorization(app.endpoints.controlSecret!),
    });
    expect(response.status).toBe(200);
  }

  it('fills a certificate from its endpoint and shows the problem the check found', async () => {
    await page.goto(`${app.appUrl}/dashboard`);
    await waitForPageHeading(page, 'Token Management Dashboard');
    const form = await openCreateTokenForm(page);
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Certificates', exact: true }).click();
    await field(form, 'Endpoints').fill(`127.0.0.1:${port} ${HOST}`);
    await form.getByRole('button', { name: 'Check now' }).click();
    await form.getByText('Filled from the certificate served', { exact: false }).waitFor();
    expect(await field(form, 'Name').inputValue()).toBe(HOST);
    await screenshot(page, 'endpoints-check-now');
    await form.getByRole('button', { name: 'Create token' }).click();

    const certificates = page.getByRole('region', { name: /^Certificates/ });
    const row = certificates.getByRole('row', { name: new RegExp(HOST) });
    await row.waitFor();

    await runEndpointChecks();
    // The check runs on the queue; the table shows it once the page reads the token again.
    const problem = /Problem/;
    const deadline = Date.now() + 30_000;
    let shown = '';
    while (!problem.test(shown) && Date.now() < deadline) {
      await page.reload();
      await row.waitFor();
      shown = (await row.textContent()) ?? '';
      if (!problem.test(shown)) await page.waitForTimeout(500);
    }
    expect(shown).toMatch(problem);
    await screenshot(page, 'endpoints-table');
    // At 1280 px the endpoint's address is cut, not the table: no sideways scroll, and the row's
    // actions in view.
    const table = certificates.getByRole('table');
    const scroller = await table.evaluate((element) => {
      const parent = element.parentElement!;
      return { scrollWidth: parent.scrollWidth, clientWidth: parent.clientWidth };
    });
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    const cardBox = (await certificates.boundingBox())!;
    const deleteBox = (await row.getByRole('button', { name: `Delete ${HOST}` }).boundingBox())!;
    expect(deleteBox.x + deleteBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);

    await row.getByRole('rowheader', { name: HOST }).click();
    const details = page.getByRole('dialog', { name: new RegExp(HOST) });
    await details
      .getByText('serves a certificate whose chain is not trusted', { exact: false })
      .waitFor();
    await screenshot(page, 'endpoints-details');
    expect(pageErrors).toEqual([]);
  });
});
