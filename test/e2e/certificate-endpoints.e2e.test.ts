/**
 * Certificate endpoints in Chromium against the local runtime (loopback allowed, as `npm start`
 * allows it): a certificate served by a local TLS server made in the test is added with its
 * endpoint, "Check now" fills the form from what the server serves, and once saved (checked at
 * once, no dispatch run) the certificate table and the details dialog show the endpoint's
 * problem: the self-signed chain is not trusted. An endpoint of a private PKI
 * is untrusted until the workspace's admin adds its CA on the Workspaces page, trusted after, and
 * untrusted again once the CA is removed. A certificate for a name under a registered domain
 * offers to watch that domain's registration: the token made from the offer follows the domain
 * at the local RDAP stand-in, and the registry's date and registrar show after the check. A Pro
 * workspace's admin watches a domain under Workspaces: after the certificate transparency watch
 * read the local Cert Spotter stand-in, the certificates logged for it are listed (one from an
 * issuer outside the allow-list flagged), and "Add to inventory" makes one a certificate token.
 */
import { randomUUID } from 'node:crypto';
import tls from 'node:tls';
import type { Locator, Page } from 'playwright-core';
import {
  makePrivateCertificateAuthority,
  makeSelfSignedCertificate,
} from '../../functions/test-support/certificates';
import { controlAuthorization } from '@expiry-radar/functions/local/local-control-server';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  backgroundBrightness,
  COLOR_MODE_STORAGE_KEY,
  field,
  openCreateTokenForm,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageHeading,
} from '../support/e2e-helpers';
import { firstWorkspaceId } from '../support/browser-accounts';
import type { LocalAppProcess } from '../support/local-app-process';
import { setLocalPlan } from '../support/local-plan';

const HOST = 'shop.example.test';
const account = { email: uniqueEmail('endpoints'), password: strongPassword('endpoints') };
const INTRANET_HOST = 'intranet.example.test';

describe('certificate endpoints in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];
  let server: tls.Server;
  let port: number;
  const privatePki = makePrivateCertificateAuthority({
    commonName: INTRANET_HOST,
    altNames: `DNS:${INTRANET_HOST}`,
    days: 90,
    key: 'ec:P-256',
  });
  let intranetServer: tls.Server;
  let intranetPort: number;

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
    intranetServer = tls.createServer(
      { key: privatePki.leaf.keyPem, cert: privatePki.leaf.pem },
      (socket) => socket.end(),
    );
    await new Promise<void>((resolve) => intranetServer.listen(0, '127.0.0.1', resolve));
    intranetPort = (intranetServer.address() as { port: number }).port;
    session = await startBrowserSession({ account });
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSession(session);
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => intranetServer.close(resolve));
  });

  /** The check dispatcher now; `all`: every endpoint, however recently checked. */
  async function runEndpointChecks(options: { all?: boolean } = {}): Promise<void> {
    const query = options.all ? '?all' : '';
    const response = await fetch(`${app.endpoints.control}/endpoints/check${query}`, {
      method: 'POST',
      headers: controlAuthorization(app.endpoints.controlSecret!),
    });
    expect(response.status).toBe(200);
  }

  /**
   * The certificate table's row once its status matches: the check runs on the queue, and the
   * table shows it once the page reads the token again.
   */
  async function waitForRowStatus(row: Locator, status: RegExp): Promise<string> {
    const deadline = Date.now() + 30_000;
    let shown = '';
    while (!status.test(shown) && Date.now() < deadline) {
      await page.reload();
      await row.waitFor();
      shown = (await row.textContent()) ?? '';
      if (!status.test(shown)) await page.waitForTimeout(500);
    }
    return shown;
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

    // Checked once saved, without the dispatcher: no "Not checked yet" left to wait an hour on.
    expect(await waitForRowStatus(row, /Problem/)).toMatch(/Problem/);
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

  it("trusts a private CA's endpoints once an admin adds the CA, and no more once it is removed", async () => {
    await page.goto(`${app.appUrl}/dashboard`);
    await waitForPageHeading(page, 'Token Management Dashboard');
    const form = await openCreateTokenForm(page);
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Certificates', exact: true }).click();
    await field(form, 'Endpoints').fill(`127.0.0.1:${intranetPort} ${INTRANET_HOST}`);
    await form.getByRole('button', { name: 'Check now' }).click();
    await form.getByText('Filled from the certificate served', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Create token' }).click();
    const row = page
      .getByRole('region', { name: /^Certificates/ })
      .getByRole('row', { name: new RegExp(INTRANET_HOST) });
    await row.waitFor();
    expect(await waitForRowStatus(row, /Problem/)).toMatch(/Problem/);

    // The admin adds the private CA on the Workspaces page, from its file.
    await page.goto(`${app.appUrl}/workspaces`);
    await waitForPageHeading(page, 'Workspaces');
    const section = page.getByRole('region', { name: 'Trusted certificate authorities' });
    await section.getByRole('button', { name: 'Add certificate authority' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add certificate authority' });
    await dialog.getByLabel('CA certificate file').setInputFiles({
      name: 'internal-root.crt',
      mimeType: 'application/x-x509-ca-cert',
      buffer: Buffer.from(privatePki.ca.pem),
    });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Certificate authority added', { exact: false }).waitFor();
    const card = section.getByRole('listitem').filter({ hasText: 'Internal Root CA' });
    await card.waitFor();
    const showIn = async (mode: 'light' | 'dark') => {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_MODE_STORAGE_KEY,
        mode,
      ] as const);
      await page.reload();
      await card.waitFor();
    };
    await showIn('light');
    expect(await backgroundBrightness(page)).toBeGreaterThan(600);
    await screenshot(page, 'trusted-cas-1280-light');

    // It fits a phone's width, in the dark mode too.
    await page.setViewportSize({ width: 390, height: 844 });
    await showIn('dark');
    expect(await backgroundBrightness(page)).toBeLessThan(200);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const removeButton = card.getByRole('button', { name: /^Remove certificate authority/ });
    const cardBox = (await card.boundingBox())!;
    const removeBox = (await removeButton.boundingBox())!;
    expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await screenshot(page, 'trusted-cas-390-dark');
    await page.evaluate(([key]) => window.localStorage.removeItem(key!), [COLOR_MODE_STORAGE_KEY]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await runEndpointChecks({ all: true });
    await page.goto(`${app.appUrl}/dashboard`);
    expect(await waitForRowStatus(row, /OK/)).toMatch(/OK/);

    // Removed after a confirmation: the next check finds the chain untrusted again.
    await page.goto(`${app.appUrl}/workspaces`);
    await removeButton.click();
    const confirm = page.getByRole('dialog', { name: 'Stop trusting this certificate authority?' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Certificate authority removed').waitFor();
    await section.getByText('No certificate authority of your own yet', { exact: false }).waitFor();
    await runEndpointChecks({ all: true });
    await page.goto(`${app.appUrl}/dashboard`);
    expect(await waitForRowStatus(row, /Problem/)).toMatch(/Problem/);
    expect(pageErrors).toEqual([]);
  });

  it("offers to watch a certificate's registered domain and follows its registration at the registry", async () => {
    const domain = `e2e-${randomUUID().slice(0, 8)}.com`;
    const registryDate = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    // What the domain's registry (the local RDAP stand-in) says of it.
    const registry = await fetch(`${app.endpoints.rdap}stand-in/domains/${domain}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresAt: `${registryDate}T00:00:00Z`, registrar: 'E2E Registrar' }),
    });
    expect(registry.status).toBe(200);

    await page.goto(`${app.appUrl}/dashboard`);
    await waitForPageHeading(page, 'Token Management Dashboard');
    const form = await openCreateTokenForm(page);
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Certificates', exact: true }).click();
    await page.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'SSL Certificate', exact: true }).click();
    await field(form, 'Name').fill(`shop.${domain}`);
    await field(form, 'Domains').fill(`shop.${domain}`);
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByRole('button', { name: `Watch ${domain}'s registration` }).click();
    expect(await field(form, 'Domain to follow').inputValue()).toBe(domain);
    await screenshot(page, 'domain-registration-offer');
    await form.getByRole('button', { name: 'Create token' }).click();

    const row = page
      .getByRole('region', { name: /^Licenses/ })
      .getByRole('row', { name: new RegExp(domain.replace('.', '\\.')) });
    await row.waitFor();
    const checked = await fetch(`${app.endpoints.control}/domains/check?all`, {
      method: 'POST',
      headers: controlAuthorization(app.endpoints.controlSecret!),
    });
    expect(checked.status).toBe(200);
    // The check runs on the queue; the details show it once the page reads the token again.
    const deadline = Date.now() + 30_000;
    let text = '';
    while (!text.includes('E2E Registrar') && Date.now() < deadline) {
      await page.reload();
      await row.getByRole('rowheader', { name: domain }).click();
      const details = page.getByRole('dialog', {
        name: new RegExp(domain.replace('.', '\\.')),
      });
      await details.waitFor();
      text = (await details.getByTestId('registration-status').textContent()) ?? '';
      if (text.includes('E2E Registrar')) break;
      // Closed before the reload: an open token's details are in the address, and the reloaded
      // page would open them again over the row.
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
      await page.waitForTimeout(500);
    }
    expect(text).toContain('Registrar: E2E Registrar');
    expect(text).toContain(`until ${registryDate}`);
    await screenshot(page, 'domain-registration-details');
    expect(pageErrors).toEqual([]);
  });

  it('lists the certificates logged for a watched domain and adds one to the inventory', async () => {
    const domain = `ct-e2e-${randomUUID().slice(0, 8)}.com`;
    const workspaceId = await firstWorkspaceId(session!.context, app);
    await setLocalPlan(app, { email: account.email, workspaceId, plan: 'pro' });
    for (const [name, issuer] of [
      [`shop.${domain}`, "Let's Encrypt"],
      [`api.${domain}`, 'DigiCert'],
    ]) {
      const logged = await fetch(`${app.endpoints.ctSearch}stand-in/issuances`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dns_names: [name], issuer }),
      });
      expect(logged.status).toBe(201);
    }

    await page.goto(`${app.appUrl}/workspaces`);
    const section = page.getByRole('region', { name: 'Watched domains' });
    await section.getByRole('textbox', { name: 'Domain to watch' }).fill(domain);
    await section.getByRole('textbox', { name: 'Allowed issuers' }).fill("Let's Encrypt");
    await section.getByRole('button', { name: 'Watch domain' }).click();
    await section.getByRole('heading', { name: domain }).waitFor();

    const watched = await fetch(`${app.endpoints.control}/ct/watch?all`, {
      method: 'POST',
      headers: controlAuthorization(app.endpoints.controlSecret!),
    });
    expect(watched.status).toBe(200);
    // The read runs on the watch queue; the section shows it once the page reads it again.
    const seen = section.getByRole('list', { name: 'Certificates seen' });
    const unexpected = seen.getByRole('listitem').filter({ hasText: `api.${domain}` });
    const deadline = Date.now() + 30_000;
    let listed = 0;
    while (listed === 0 && Date.now() < deadline) {
      await page.reload();
      await section.getByRole('heading', { name: domain, exact: true }).waitFor();
      listed = await unexpected.count();
      if (listed === 0) await page.waitForTimeout(500);
    }
    await unexpected.getByText('Unexpected issuer').waitFor();
    const expected = seen.getByRole('listitem').filter({ hasText: `shop.${domain}` });
    await expected
      .getByRole('heading', {
        name: new RegExp(
          `^New certificate for shop\\.${domain.replace('.', '\\.')} by Let's Encrypt, valid until`,
        ),
      })
      .waitFor();
    await screenshot(page, 'watched-domains');
    await expected.getByRole('button', { name: /^Add to inventory/ }).click();
    await page.getByText('Certificate added to the inventory, its endpoint monitored').waitFor();
    await expected.getByText('Added to inventory').first().waitFor();

    await page.goto(`${app.appUrl}/dashboard`);
    await page
      .getByRole('region', { name: /^Certificates/ })
      .getByRole('row', { name: new RegExp(`shop\\.${domain.replace('.', '\\.')}`) })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });
});
