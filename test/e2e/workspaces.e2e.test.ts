/**
 * /workspaces in Chromium against the local runtime: an owner on the Pro plan creates a
 * workspace, renames it, invites a registered colleague (who signs in, sees the invitation and
 * accepts it), changes their role and removes them (the colleague's open page then leaves the
 * workspace and says so), moves tokens into it from their first
 * workspace, and deletes it; after a downgrade (local billing mode) the newest workspace is
 * frozen, read-only, and its tokens are moved out, then its ownership is transferred to the
 * colleague (whose plan lifts the freeze) and the owner sees themselves as its workspace
 * manager; axe-core finds no serious or critical
 * violation on the page and its dialogs, in dark and light mode.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { firstWorkspaceId, registerVerifiedAccount } from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  COLOR_MODE_STORAGE_KEY,
  field,
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

/** The row of the workspace table (or the members table) whose header cell is `name`. */
function rowOf(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name }) });
}

describe('workspaces in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let owner: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let firstId: string;
  const ownerAccount = { email: uniqueEmail('ws-owner'), password: strongPassword('ws-owner') };
  const colleague = { email: uniqueEmail('ws-colleague'), password: strongPassword('colleague') };
  const url = (path: string) => `${app.appUrl}${path}`;

  beforeAll(async () => {
    session = await startBrowserSession({
      // The local billing mode (no Stripe), whatever the developer's environment holds.
      env: { STRIPE_SECRET_KEY: '', STRIPE_SECRET_KEY_PARAMETER: '' },
      account: ownerAccount,
    });
    ({ app, context: owner, page, pageErrors } = session);
    firstId = await firstWorkspaceId(owner, app);
    await setLocalPlan(app, {
      email: ownerAccount.email,
      workspaceId: firstId,
      plan: 'pro',
    });
    const other = await session.browser.newContext();
    await registerVerifiedAccount(other, app, colleague);
    await other.close();
    // Three tokens to move later.
    const headers = await csrfHeaders(owner.request, app.appUrl);
    for (const name of ['Billing API key', 'Deploy key', 'Stays behind']) {
      const created = await owner.request.post(url('/api/tokens'), {
        headers,
        data: {
          workspace_id: firstId,
          name,
          category: 'key_secret',
          type: 'api_key',
          expiresAt: addCalendarDays(new Date(), 60),
        },
      });
      expect(created.status()).toBe(201);
    }
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  it('creates, renames, manages members, transfers tokens and deletes a workspace', async () => {
    await page.goto(url('/workspaces'));
    await waitForPageHeading(page, 'Workspaces');
    const workspaces = page.getByRole('table', { name: 'Your workspaces' });
    await rowOf(workspaces, 'Personal').getByText('Pro').waitFor();
    await page.getByText('Your Pro plan allows 3 owned workspaces; you own 1.').waitFor();

    // Create
    await page.getByRole('button', { name: 'Create workspace' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create workspace' });
    await field(dialog, 'Workspace name').fill('Team Alpha');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Workspace created').waitFor();
    await page.getByRole('heading', { name: 'Members of Team Alpha' }).waitFor();
    await rowOf(workspaces, 'Team Alpha').getByText('Admin').waitFor();
    expect(new URL(page.url()).searchParams.get('workspace')).not.toBe(firstId);

    // Rename
    await workspaces.getByRole('button', { name: 'Rename Team Alpha' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename workspace' });
    await field(dialog, 'Workspace name').fill('Team Beta');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Workspace renamed').waitFor();
    await workspaces.getByRole('rowheader', { name: 'Team Beta' }).waitFor();
    await page.getByRole('heading', { name: 'Members of Team Beta' }).waitFor();

    // Invite a registered colleague as a viewer: an invitation until they accept it.
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await field(invite, 'Email').fill(colleague.email);
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Member invited').waitFor();
    const members = page.getByRole('table', { name: 'Members of Team Beta' });
    const colleagueRow = members.getByRole('row').filter({ hasText: colleague.email });
    await colleagueRow.getByText('Invited').waitFor();

    // The colleague signs in, sees the invitation, accepts it and sees the workspace.
    const invitee = await session!.browser.newContext({ viewport: { width: 1280, height: 900 } });
    invitee.setDefaultTimeout(15_000);
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(url('/login'));
    const signIn = inviteePage.locator('form');
    await field(signIn, 'Email').fill(colleague.email);
    await field(signIn, 'Password').fill(colleague.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await inviteePage.waitForURL((current) => current.pathname === '/dashboard');
    await inviteePage.getByRole('link', { name: '1 pending invitation' }).click();
    await waitForPageHeading(inviteePage, 'Workspaces');
    const invitation = inviteePage
      .getByRole('region', { name: 'Invitations' })
      .getByRole('listitem', { name: 'Invitation to Team Beta' });
    await invitation.getByText(/as Viewer/).waitFor();
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await inviteePage.getByText('Invitation accepted').waitFor();
    const theirWorkspaces = inviteePage.getByRole('table', { name: 'Your workspaces' });
    await rowOf(theirWorkspaces, 'Team Beta').getByText('Viewer').waitFor();
    await inviteePage.getByRole('heading', { name: 'Members of Team Beta' }).waitFor();
    await inviteePage.getByRole('region', { name: 'Invitations' }).waitFor({ state: 'detached' });

    // The owner sees them as a member now.
    await page.reload();
    await page.getByRole('heading', { name: 'Members of Team Beta' }).waitFor();
    await colleagueRow.getByText('Active').waitFor();
    const role = members.getByRole('combobox', { name: `Role of ${colleague.email}` });
    await role.waitFor();
    expect(await role.textContent()).toContain('Viewer');
    // The admin's own row has no role select.
    expect(
      await members.getByRole('combobox', { name: `Role of ${ownerAccount.email}` }).count(),
    ).toBe(0);
    await screenshot(page, 'workspaces-members');

    // Change the role
    await role.click();
    await page.getByRole('option', { name: 'Workspace Manager' }).click();
    await page.getByText('Role updated').waitFor();
    await page.waitForFunction(
      (email) =>
        document
          .querySelector(`[aria-label="Role of ${email}"]`)
          ?.closest('td')
          ?.textContent?.includes('Workspace Manager') ?? false,
      colleague.email,
    );

    // Remove
    await members.getByRole('button', { name: `Remove ${colleague.email}` }).click();
    dialog = page.getByRole('dialog', { name: 'Remove member?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Member removed').waitFor();
    await members.getByText(colleague.email).waitFor({ state: 'detached' });

    // The colleague, whose page still shows Team Beta, opens its tokens: refused, the page moves
    // to their own workspace and says why, once.
    const betaId = new URL(page.url()).searchParams.get('workspace');
    await inviteePage.getByRole('link', { name: 'Tokens', exact: true }).click();
    await inviteePage.getByText('You are no longer a member of Team Beta.').waitFor();
    await inviteePage.waitForURL((current) => {
      const shown = current.searchParams.get('workspace');
      return shown !== null && shown !== betaId;
    });
    expect(await inviteePage.getByText('You are no longer a member of Team Beta.').count()).toBe(1);
    await invitee.close();

    // Transfer two tokens from the first workspace into this one.
    await page.getByRole('button', { name: 'Transfer tokens' }).click();
    dialog = page.getByRole('dialog', { name: 'Transfer tokens' });
    expect(await dialog.getByRole('combobox', { name: 'From workspace' }).textContent()).toContain(
      'Personal',
    );
    expect(await dialog.getByRole('combobox', { name: 'Into workspace' }).textContent()).toContain(
      'Team Beta',
    );
    await dialog.getByRole('checkbox', { name: /Billing API key/ }).check();
    await dialog.getByRole('checkbox', { name: /Deploy key/ }).check();
    await screenshot(page, 'workspaces-transfer');
    await dialog.getByRole('button', { name: 'Transfer 2 tokens' }).click();
    await page.getByText('Tokens transferred').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const targetId = new URL(page.url()).searchParams.get('workspace') ?? '';
    const moved = await owner.request.get(url(`/api/tokens?workspace_id=${targetId}&limit=100`));
    const names = ((await moved.json()) as { items: Array<{ name: string }> }).items.map(
      (token) => token.name,
    );
    expect(names.sort()).toEqual(['Billing API key', 'Deploy key']);
    const left = await owner.request.get(url(`/api/tokens?workspace_id=${firstId}&limit=100`));
    expect(((await left.json()) as { total: number }).total).toBe(1);

    // Delete, confirmed by typing the name.
    await workspaces.getByRole('button', { name: 'Delete Team Beta' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete workspace?' });
    await dialog.getByText('invitations and memberships', { exact: false }).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete workspace' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Workspace name').fill('Team Beta');
    await confirm.click();
    await page.getByText('Workspace deleted').waitFor();
    await workspaces.getByRole('rowheader', { name: 'Team Beta' }).waitFor({ state: 'detached' });
    // The app falls back to the remaining workspace.
    await page.getByRole('heading', { name: 'Members of Personal' }).waitFor();
    await page.waitForURL((current) => current.searchParams.get('workspace') === firstId);
    // The deleted workspace is not asked for again (no "Resource not found." toast).
    expect(await page.getByText('Resource not found.').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('shows a frozen workspace read-only and moves its tokens out', async () => {
    // A second owned workspace with a token, then a downgrade to free freezes it (the newest).
    let headers = await csrfHeaders(owner.request, app.appUrl);
    const created = await owner.request.post(url('/api/v1/workspaces'), {
      headers,
      data: { name: 'Archive' },
    });
    expect(created.status()).toBe(201);
    const archiveId = ((await created.json()) as { id: string }).id;
    const token = await owner.request.post(url('/api/tokens'), {
      headers,
      data: {
        workspace_id: archiveId,
        name: 'Archived licence key',
        category: 'key_secret',
        type: 'api_key',
        expiresAt: addCalendarDays(new Date(), 90),
      },
    });
    expect(token.status()).toBe(201);
    headers = await csrfHeaders(owner.request, app.appUrl);
    const downgraded = await owner.request.post(url('/api/account/upgrade'), {
      headers,
      data: { plan: 'free' },
    });
    expect(downgraded.status()).toBe(200);

    await page.goto(url('/workspaces'));
    await waitForPageHeading(page, 'Workspaces');
    const workspaces = page.getByRole('table', { name: 'Your workspaces' });
    await rowOf(workspaces, 'Archive').getByText('Frozen').waitFor();
    // Frozen: no rename, but it can still be deleted.
    expect(await workspaces.getByRole('button', { name: 'Rename Archive' }).count()).toBe(0);
    await workspaces.getByRole('button', { name: 'Delete Archive' }).waitFor();
    await workspaces.getByRole('button', { name: 'Members of Archive' }).click();
    await page.getByRole('heading', { name: 'Members of Archive' }).waitFor();
    await page.getByText('This workspace is frozen', { exact: false }).first().waitFor();
    expect(await page.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);
    // A frozen workspace never becomes the app's selection (the app writes it to the address
    // once its workspaces have loaded).
    await page.waitForURL((current) => current.searchParams.has('workspace'));
    expect(new URL(page.url()).searchParams.get('workspace')).toBe(firstId);
    await screenshot(page, 'workspaces-frozen');

    await page.getByRole('button', { name: 'Transfer tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer tokens' });
    expect(await dialog.getByRole('combobox', { name: 'From workspace' }).textContent()).toContain(
      'Archive (frozen)',
    );
    expect(await dialog.getByRole('combobox', { name: 'Into workspace' }).textContent()).toContain(
      'Personal',
    );
    await dialog.getByRole('button', { name: 'Select all' }).click();
    await dialog.getByRole('button', { name: 'Transfer 1 token' }).click();
    await page.getByText('Tokens transferred').waitFor();
    const personal = await owner.request.get(url(`/api/tokens?workspace_id=${firstId}&limit=100`));
    const names = ((await personal.json()) as { items: Array<{ name: string }> }).items.map(
      (item) => item.name,
    );
    expect(names).toContain('Archived licence key');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('has no serious or critical accessibility violation, in dark and light mode', async () => {
    for (const mode of ['dark', 'light']) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_MODE_STORAGE_KEY,
        mode,
      ] as const);
      await page.goto(url('/workspaces'));
      await waitForPageHeading(page, 'Workspaces');
      await page.getByRole('heading', { name: 'Members of Personal' }).waitFor();
      await page.getByRole('table', { name: 'Members of Personal' }).waitFor();
      await waitForPageAtRest(page);
      expect({ mode, page: await blockingViolations(page) }).toEqual({ mode, page: [] });
      await screenshot(page, `workspaces-${mode}`);

      // Free, owning two (one frozen): no create, its reason checked with the page above.
      expect(await page.getByRole('button', { name: 'Create workspace' }).isDisabled()).toBe(true);

      // The dialogs too (rename is the create dialog's form).
      await page.getByRole('button', { name: 'Rename Personal' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename workspace' });
      await rename.waitFor();
      await waitForPageAtRest(page);
      expect({ mode, rename: await blockingViolations(page) }).toEqual({ mode, rename: [] });
      await rename.getByRole('button', { name: 'Cancel' }).click();
      await rename.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Transfer tokens' }).click();
      const transfer = page.getByRole('dialog', { name: 'Transfer tokens' });
      await transfer.waitFor();
      await waitForPageAtRest(page);
      expect({ mode, transfer: await blockingViolations(page) }).toEqual({ mode, transfer: [] });
      await transfer.getByRole('button', { name: 'Cancel' }).click();
      await transfer.waitFor({ state: 'hidden' });
    }
  }, 90_000);

  it('transfers ownership of the frozen workspace to a member whose plan lifts the freeze', async () => {
    // The colleague, on the Team plan, is a workspace manager of the owner's frozen "Archive"
    // (written through the data layer: a free owner cannot invite).
    const { PutCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { findUserIdByEmail } = await import('@expiry-radar/functions/data/user-records');
    const { membershipItem } = await import('@expiry-radar/functions/data/workspace-records');
    const { keys } = await import('@expiry-radar/functions/data/keys');
    const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
    const colleagueId = (await findUserIdByEmail(colleague.email))!;
    const listed = await owner.request.get(url('/api/v1/workspaces'));
    const archive = (
      (await listed.json()) as { items: Array<{ id: string; name: string }> }
    ).items.find((workspace) => workspace.name === 'Archive')!;
    await getDocumentClient().send(
      new PutCommand({
        TableName: app.tableName,
        Item: membershipItem({
          workspaceId: archive.id,
          userId: colleagueId,
          role: 'workspace_manager',
          now: new Date(),
        }),
      }),
    );
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: app.tableName,
        Key: keys.user(colleagueId),
        UpdateExpression: 'SET #plan = :plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': 'team' },
      }),
    );

    await page.goto(url('/workspaces'));
    await waitForPageHeading(page, 'Workspaces');
    const workspaces = page.getByRole('table', { name: 'Your workspaces' });
    await rowOf(workspaces, 'Archive').getByText('Frozen').waitFor();
    await workspaces.getByRole('button', { name: 'Transfer ownership of Archive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
    const transfer = dialog.getByRole('button', { name: 'Transfer' });
    await dialog.getByRole('radio', { name: /Workspace Manager/ }).check();
    await dialog.getByText('you stay as a workspace manager', { exact: false }).waitFor();
    await waitForPageAtRest(page);
    expect(await blockingViolations(page)).toEqual([]);
    await transfer.click();
    await page.getByText('Ownership transferred').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The owner is a workspace manager of it now, on its new owner's plan, no longer frozen.
    const archiveRow = rowOf(workspaces, 'Archive');
    await archiveRow.getByText('Workspace Manager').waitFor();
    await archiveRow.getByText('Team').waitFor();
    await archiveRow.getByText('Active').waitFor();
    expect(await workspaces.getByRole('button', { name: 'Delete Archive' }).count()).toBe(0);
    expect(
      await workspaces.getByRole('button', { name: 'Transfer ownership of Archive' }).count(),
    ).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
