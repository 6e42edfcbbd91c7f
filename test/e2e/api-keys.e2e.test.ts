/**
 * API keys in Chromium against the local runtime: a verified user creates a read-and-write key
 * for their workspace in Account settings, copies the secret shown once, and a script (fetch from
 * the test, no cookie, no CSRF token) lists and creates tokens with it; it cannot reach /auth/*;
 * once revoked in the page, the same request gets 401.
 */
import type { Page } from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { firstWorkspaceId } from '../support/browser-accounts';
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
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';

describe('API keys in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    session = await startBrowserSession({
      account: { email: uniqueEmail('api-keys'), password: strongPassword('api-keys') },
    });
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  const withKey = (secret: string, path: string, init: RequestInit = {}) =>
    fetch(`${app.appUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });

  it('creates a key in the page and a script uses it until it is revoked', async () => {
    const workspaceId = await firstWorkspaceId(session!.context, app);
    await page.goto(`${app.appUrl}/dashboard?view=account`);
    await waitForPageHeading(page, 'Account Settings');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('You have no API keys.').waitFor();
    await section.getByRole('button', { name: 'Create API key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await field(dialog, 'Name').fill('Renewal script');
    await dialog.getByRole('combobox', { name: 'Workspace' }).click();
    await page.getByRole('option').nth(1).click();
    await dialog.getByRole('radio', { name: 'Read and write' }).check();
    await dialog.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key “Renewal script” created' });
    const secret = await field(shown, 'API key').inputValue();
    expect(secret).toMatch(/^er_[A-Za-z0-9_-]{43}$/);
    await shown.getByText('it is shown only once', { exact: false }).waitFor();
    await screenshot(page, 'api-key-created');
    await shown.getByRole('button', { name: 'Done' }).click();
    await section.getByRole('row', { name: /Renewal script/ }).waitFor();

    const workspaces = await withKey(secret, '/api/v1/workspaces');
    expect(workspaces.status).toBe(200);
    expect(await workspaces.json()).toMatchObject({ total: 1, items: [{ id: workspaceId }] });
    const created = await withKey(secret, '/api/tokens', {
      method: 'POST',
      body: JSON.stringify({
        workspace_id: workspaceId,
        name: 'Created by a script',
        category: 'key_secret',
        type: 'secret',
        expiresAt: addCalendarDays(new Date(), 45),
      }),
    });
    expect(created.status).toBe(201);
    const tokens = await withKey(secret, `/api/tokens?workspace_id=${workspaceId}`);
    const names = ((await tokens.json()) as { items: Array<{ name: string }> }).items.map(
      (token) => token.name,
    );
    expect(names).toEqual(
      expect.arrayContaining(['API key: Renewal script', 'Created by a script']),
    );
    const account = await withKey(secret, '/auth/account', {
      method: 'PUT',
      body: JSON.stringify({ name: 'Someone else' }),
    });
    expect(account.status).toBe(403);

    await page.reload();
    await waitForPageHeading(page, 'Account Settings');
    await section.getByRole('button', { name: 'Revoke Renewal script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key “Renewal script”?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('API key revoked').waitFor();
    await section.getByText('You have no API keys.').waitFor();
    expect((await withKey(secret, '/api/v1/workspaces')).status).toBe(401);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
