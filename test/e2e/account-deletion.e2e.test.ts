/**
 * Deleting an account that owns a team workspace, in Chromium: the dialog names the workspaces
 * and their members and what happens to each, the owner hands one to a viewer, and that member
 * then owns it and is told by email.
 */
import type { BrowserContext } from 'playwright-core';
import {
  acceptInvitationTo,
  firstWorkspaceId,
  registerVerifiedAccount,
} from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import { csrfHeaders } from '../support/csrf';
import {
  field,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageHeading,
} from '../support/e2e-helpers';
import { setLocalPlan } from '../support/local-plan';
import { waitForEmail } from '../support/ses-inbox';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('deleting an account that owns a team workspace, in Chromium', () => {
  const owner = { email: uniqueEmail('deleting-owner'), password: strongPassword('owner') };
  const viewer = { email: uniqueEmail('deleting-viewer'), password: strongPassword('viewer') };
  let session: BrowserSession | undefined;
  let viewerContext: BrowserContext | undefined;
  let teamId = '';

  beforeAll(async () => {
    session = await startBrowserSession({ account: owner });
    const { app, context, browser } = session;
    await setLocalPlan(app, {
      email: owner.email,
      workspaceId: await firstWorkspaceId(context, app),
      plan: 'team',
    });
    const created = await context.request.post(`${app.appUrl}/api/v1/workspaces`, {
      headers: await csrfHeaders(context.request, app.appUrl),
      data: { name: 'Handover' },
    });
    expect(created.status()).toBe(201);
    teamId = ((await created.json()) as { id: string }).id;
    await setLocalPlan(app, { email: owner.email, workspaceId: teamId, plan: 'team' });

    viewerContext = await browser.newContext();
    await registerVerifiedAccount(viewerContext, app, viewer);
    const invited = await context.request.post(
      `${app.appUrl}/api/v1/workspaces/${teamId}/members`,
      {
        headers: await csrfHeaders(context.request, app.appUrl),
        data: { email: viewer.email, role: 'viewer' },
      },
    );
    expect(invited.status()).toBe(201);
    await acceptInvitationTo(viewerContext, app, teamId);
  }, 120_000);

  afterAll(async () => {
    await viewerContext?.close();
    await stopBrowserSession(session);
  });

  it('names the workspaces and members affected and hands one to the member chosen', async () => {
    const { app, page } = session!;
    await page.goto(`${app.appUrl}/dashboard?view=account`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const list = dialog.getByRole('list', { name: 'Workspaces you own' });
    const handover = list.getByRole('listitem').filter({ hasText: 'Handover' });
    // Only a viewer: nobody takes it by default, and the viewer is named as losing it.
    await handover
      .getByText(`Its members lose it and are told by email: ${viewer.email.split('@')[0]}`, {
        exact: false,
      })
      .waitFor();
    await list
      .getByRole('listitem')
      .filter({ hasText: 'Personal' })
      .getByText('nobody else is a member', { exact: false })
      .waitFor();

    await handover.getByRole('combobox', { name: 'New owner of Handover' }).click();
    await page
      .getByRole('option', { name: new RegExp(`\\(${escapeRegExp(viewer.email)}\\)`) })
      .click();
    await handover.getByText('Passes to', { exact: false }).waitFor();
    await screenshot(page, 'account-deletion-dialog');

    await field(dialog, 'Password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Account deleted successfully').waitFor();

    const told = await waitForEmail(app.endpoints.ses!, {
      to: viewer.email,
      subject: /^You now own the workspace “Handover”/,
    });
    expect(told.body.text).toContain(`${owner.email} deleted their Expiry Radar account`);
    const viewerPage = await viewerContext!.newPage();
    await viewerPage.goto(`${app.appUrl}/workspaces`);
    await waitForPageHeading(viewerPage, 'Workspaces');
    const listed = await viewerContext!.request.get(`${app.appUrl}/api/v1/workspaces`);
    const { items } = (await listed.json()) as { items: Array<{ id: string; role: string }> };
    expect(items.find((workspace) => workspace.id === teamId)).toMatchObject({ role: 'admin' });
  }, 60_000);
});
