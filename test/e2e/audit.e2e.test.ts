/**
 * /audit in Chromium against the local runtime: a Team-plan owner makes changes (creates tokens,
 * renames their workspace), sees them in the workspace's trail, switches to their own activity
 * and to the organization, opens an event's details, and exports CSV and JSON files named by the
 * server; axe-core finds no serious or critical violation, in dark and light mode.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { firstWorkspaceId } from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  COLOR_MODE_STORAGE_KEY,
  downloadedText,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageAtRest,
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';
import { setLocalPlan } from '../support/local-plan';
import { blockingViolations } from '../support/accessibility';
import { csrfHeaders } from '../support/csrf';

/** Clicks the button and answers the file the browser downloaded: its name and text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await downloadedText(file) };
}

describe('audit log in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let owner: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let workspaceId: string;
  const account = { email: uniqueEmail('audit'), password: strongPassword('audit') };
  const url = (path: string) => `${app.appUrl}${path}`;
  /** The server names export files by its UTC date. */
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    session = await startBrowserSession({ account });
    ({ app, context: owner, page, pageErrors } = session);
    workspaceId = await firstWorkspaceId(owner, app);
    await setLocalPlan(app, {
      email: account.email,
      workspaceId,
      plan: 'team',
    });
    const headers = await csrfHeaders(owner.request, app.appUrl);
    for (const name of ['Billing API key', 'Deploy key']) {
      const created = await owner.request.post(url('/api/tokens'), {
        headers,
        data: {
          workspace_id: workspaceId,
          name,
          category: 'key_secret',
          type: 'api_key',
          expiresAt: addCalendarDays(new Date(), 60),
        },
      });
      expect(created.status()).toBe(201);
    }
    const renamed = await owner.request.patch(url(`/api/v1/workspaces/${workspaceId}`), {
      headers,
      data: { name: 'Audited' },
    });
    expect(renamed.status()).toBe(200);
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  it('shows the changes by scope, with details, and exports CSV and JSON', async () => {
    await page.goto(url(`/audit?workspace=${workspaceId}`));
    await waitForPageHeading(page, 'Audit log');
    const scopes = page.getByRole('group', { name: 'Audit scope' });
    await scopes.getByRole('button', { name: 'Workspace: Audited' }).waitFor();
    expect(await scopes.getByRole('button').allTextContents()).toEqual([
      'Workspace: Audited',
      'My activity',
      'Organization',
    ]);
    await page.getByText("Events are kept for 1 year on this workspace's Team plan").waitFor();

    const events = page.getByRole('table', { name: 'Events' });
    // The action with what changed ("Personal → Audited").
    await events.getByRole('cell', { name: /^Workspace renamed\s*Personal → Audited$/ }).waitFor();
    expect(await events.getByRole('cell', { name: 'Token created', exact: true }).count()).toBe(2);
    expect(await events.getByRole('cell', { name: `${account.email} (you)` }).count()).toBe(3);
    // Tokens by name, never by id.
    await events.getByRole('cell', { name: 'Token (API Key) Billing API key' }).waitFor();
    await events.getByRole('cell', { name: 'Token (API Key) Deploy key' }).waitFor();
    const time = events.locator('time').first();
    expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    await events.getByRole('button', { name: 'Show details: Workspace renamed' }).click();
    const details = page.getByLabel('Event details');
    await details.getByText('Audited', { exact: true }).waitFor();
    await details.getByText('Personal', { exact: true }).waitFor();
    await screenshot(page, 'audit-workspace');

    // Own activity: the account's own events too (registration, verification).
    await scopes.getByRole('button', { name: 'My activity' }).click();
    await events.getByRole('cell', { name: 'Account registered', exact: true }).waitFor();
    await events.getByRole('cell', { name: 'Email verified', exact: true }).waitFor();
    await page.getByText('Events are kept for 1 year on your Team plan').waitFor();

    // The organization: every workspace the user owns.
    await scopes.getByRole('button', { name: 'Organization' }).click();
    await events.getByRole('cell', { name: /^Workspace renamed/ }).waitFor();
    expect(
      await events.getByRole('cell', { name: 'Account registered', exact: true }).count(),
    ).toBe(0);

    // Export: the organization as JSON, since today.
    await page.getByLabel('Since').fill(new Date().toLocaleDateString('sv-SE'));
    const json = await download(page, 'Export JSON');
    expect(json.name).toBe(`expiry-radar-audit-organization-${today()}.json`);
    const exported = JSON.parse(json.text) as Array<{ action: string; workspace_id: string }>;
    expect(exported.map((event) => event.action).sort()).toEqual([
      'token.created',
      'token.created',
      'workspace.renamed',
    ]);
    expect(new Set(exported.map((event) => event.workspace_id))).toEqual(new Set([workspaceId]));
    await page
      .getByRole('status')
      .filter({ hasText: `Downloaded ${json.name}` })
      .waitFor();

    // The workspace as CSV.
    await scopes.getByRole('button', { name: 'Workspace: Audited' }).click();
    await events.getByRole('cell', { name: /^Workspace renamed/ }).waitFor();
    const csv = await download(page, 'Export CSV');
    expect(csv.name).toBe(`expiry-radar-audit-workspace-${workspaceId}-${today()}.csv`);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,occurred_at,actor_id,actor_email,action,target_type,target_id,workspace_id,metadata',
    );
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.includes(',token.created,'))).toHaveLength(2);
    expect(lines[1]).toContain(',workspace.renamed,');
    expect(lines[1]).toContain(account.email);
    await screenshot(page, 'audit-exported');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('has no serious or critical accessibility violation, in dark and light mode', async () => {
    for (const mode of ['dark', 'light']) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_MODE_STORAGE_KEY,
        mode,
      ] as const);
      await page.goto(url(`/audit?workspace=${workspaceId}`));
      const events = page.getByRole('table', { name: 'Events' });
      await events.getByRole('cell', { name: /^Workspace renamed/ }).waitFor();
      await events.getByRole('button', { name: 'Show details: Workspace renamed' }).click();
      await page.getByLabel('Event details').waitFor();
      await waitForPageAtRest(page);
      await screenshot(page, `audit-${mode}`);
      expect({ mode, blocking: await blockingViolations(page) }).toEqual({ mode, blocking: [] });
    }
  }, 60_000);

  it('lists the events as cards on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(url(`/audit?workspace=${workspaceId}`));
      const list = page.getByRole('list', { name: 'Events' });
      await list.getByRole('heading', { name: 'Workspace renamed' }).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(3);
      expect(await page.getByRole('table').count()).toBe(0);
      await list.getByRole('button', { name: 'Show details: Workspace renamed' }).click();
      await list.getByLabel('Event details').getByText('Personal', { exact: true }).waitFor();
      await waitForPageAtRest(page);
      await screenshot(page, 'audit-phone');
      expect(await blockingViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 60_000);
});
