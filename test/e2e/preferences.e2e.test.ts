/**
 * Alert preferences in Chromium against the local runtime: a workspace owner adds a generic
 * webhook pointing at a receiver on this machine (loopback allowed by WEBHOOK_ALLOW_LOOPBACK),
 * sends a signed test message to it, saves thresholds and channels, and finds them again after
 * a reload; without email alerts or a webhook, "Alerts are disabled until a channel is defined"
 * shows; on Pro, "Add to Slack" goes through the Slack stand-in's authorize page and back.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  field,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageAtRest,
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';
import { csrfHeaders } from '../support/csrf';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records what it is sent and answers 200. */
async function startReceiver(): Promise<{
  server: Server;
  url: string;
  received: ReceivedRequest[];
}> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/expiry-radar`, received };
}

/** The top bar's controls a toast showing `text` covers (none may: the bell is among them). */
async function toastCovers(page: Page, text: string): Promise<string[]> {
  const toast = page.getByRole('status').filter({ hasText: text }).first();
  await waitForPageAtRest(page);
  const toastBox = await toast.boundingBox();
  if (!toastBox) throw new Error(`The toast "${text}" is not laid out`);
  const covered: string[] = [];
  const topBar = page.getByRole('banner');
  for (const control of await topBar.getByRole('button').all()) {
    const box = await control.boundingBox();
    if (!box) continue;
    const overlaps =
      toastBox.x < box.x + box.width &&
      box.x < toastBox.x + toastBox.width &&
      toastBox.y < box.y + box.height &&
      box.y < toastBox.y + toastBox.height;
    if (overlaps) covered.push((await control.getAttribute('aria-label')) ?? 'a button');
  }
  return covered;
}

describe('alert preferences in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [session, receiver] = await Promise.all([
      startBrowserSession({
        env: { WEBHOOK_ALLOW_LOOPBACK: 'true' },
        account: { email: uniqueEmail('preferences'), password: strongPassword('preferences') },
      }),
      startReceiver(),
    ]);
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSession(session);
    await new Promise((done) => receiver?.server.close(done));
  });

  const url = (path: string) => `${app.appUrl}${path}`;

  it('tests a webhook against a local receiver, saves the settings and finds them after a reload', async () => {
    await page.goto(url('/preferences'));
    await waitForPageHeading(page, 'Alert preferences');
    const form = page.getByRole('form', { name: 'Alert settings' });
    await form.waitFor();
    // A new workspace alerts by email, with the default thresholds.
    expect(await form.getByRole('switch', { name: 'Email alerts' }).isChecked()).toBe(true);
    expect(await field(form, 'Alert thresholds (days before expiry)').inputValue()).toBe(
      '30, 14, 7, 1, 0',
    );
    await page.getByRole('region', { name: 'Alert queue' }).getByText('No alerts yet').waitFor();

    await form.getByRole('button', { name: 'Add webhook' }).click();
    const webhook = form.getByRole('group', { name: 'Webhook 1' });
    await field(webhook, 'Name').fill('receiver');
    // The row is named after its webhook once it has a name.
    const named = form.getByRole('group', { name: 'receiver' });
    await field(named, 'URL').fill(receiver.url);
    await named.getByRole('button', { name: 'Send test to receiver' }).click();
    await page.getByText('Webhook test message sent successfully').waitFor();
    expect(receiver.received).toHaveLength(1);
    const [test] = receiver.received;
    expect(test?.method).toBe('POST');
    expect(test?.url).toBe('/hooks/expiry-radar');
    expect(JSON.parse(test?.body ?? '{}')).toEqual(expect.any(Object));
    // Generic webhooks are signed.
    expect(
      Object.keys(test?.headers ?? {}).some((name) => name.toLowerCase().includes('signature')),
    ).toBe(true);

    await field(form, 'Alert thresholds (days before expiry)').fill('7, 30, 1');
    await form.getByRole('button', { name: 'Save alert settings' }).click();
    await page.getByText('Alert settings saved').waitFor();
    await screenshot(page, 'preferences-saved');
    expect(await toastCovers(page, 'Alert settings saved')).toEqual([]);

    await page.reload();
    await waitForPageHeading(page, 'Alert preferences');
    const reloaded = page.getByRole('form', { name: 'Alert settings' });
    const saved = reloaded.getByRole('group', { name: 'receiver' });
    await saved.waitFor();
    expect(await field(saved, 'URL').inputValue()).toBe(receiver.url);
    expect(await field(reloaded, 'Alert thresholds (days before expiry)').inputValue()).toBe(
      '30, 7, 1',
    );
    const secret = field(reloaded, 'Webhook signing secret');
    expect(await secret.getAttribute('readonly')).not.toBeNull();
    expect((await secret.inputValue()).length).toBeGreaterThan(16);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('shows the notice when neither email alerts nor a webhook is left', async () => {
    await page.goto(url('/preferences'));
    const form = page.getByRole('form', { name: 'Alert settings' });
    await form.getByRole('group', { name: 'receiver' }).waitFor();
    await form.getByRole('button', { name: 'Remove receiver' }).click();
    await form.getByRole('switch', { name: 'Email alerts' }).uncheck();
    // On a phone too, the toast stays below the top bar.
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByRole('button', { name: 'Save alert settings' }).click();
    await page.getByText('Alert settings saved').waitFor();
    expect(await toastCovers(page, 'Alert settings saved')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText('Alerts are disabled until a channel is defined').waitFor();

    await page.reload();
    await waitForPageHeading(page, 'Alert preferences');
    await page.getByText('Alerts are disabled until a channel is defined').waitFor();
    expect(
      await page
        .getByRole('form', { name: 'Alert settings' })
        .getByRole('switch', { name: 'Email alerts' })
        .isChecked(),
    ).toBe(false);
    await screenshot(page, 'preferences-alerts-disabled');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('adds the Slack app through the Slack stand-in on a Pro plan', async () => {
    const request = page.context().request;
    const upgraded = await request.post(url('/api/account/upgrade'), {
      headers: await csrfHeaders(request, app.appUrl),
      data: { plan: 'pro' },
    });
    expect(upgraded.status()).toBe(200);
    await page.goto(url('/preferences'));
    const slack = page.getByRole('region', { name: 'Slack app' });
    await slack.getByRole('button', { name: 'Add to Slack' }).click();
    // Slack's authorize page (the stand-in's): the person picks the channel and allows.
    await page
      .getByRole('combobox', { name: 'Where should Expiry Radar post?' })
      .selectOption('ops');
    expect(page.url().startsWith(app.endpoints.slack ?? 'no Slack stand-in')).toBe(true);
    await page.getByRole('button', { name: 'Allow' }).click();
    await slack
      .getByText('The Slack app is installed: alerts go to the channel you chose.')
      .waitFor();
    await slack.getByText('#ops').waitFor();
    expect(page.url()).toContain('slack=installed');
    await screenshot(page, 'preferences-slack-installed');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
