/**
 * The account view (/dashboard?view=account) in Chromium against the local runtime: a verified
 * user renames themselves, changes the password, signs out the account's session in another
 * browser, and deletes the account behind its confirmation dialog; afterwards the account can no
 * longer sign in.
 */
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
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('account settings in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];

  const email = uniqueEmail('account');
  const password = strongPassword('account');
  const newPassword = strongPassword('renewed');

  beforeAll(async () => {
    session = await startBrowserSession({ account: { email, password } });
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  const url = (path: string) => `${app.appUrl}${path}`;

  it('updates the display name and the password', async () => {
    await page.goto(url('/dashboard?view=account'));
    await waitForPageHeading(page, 'Account Settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await field(profile, 'Display name').fill('Grace Account');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Account updated successfully').waitFor();
    await page.reload();
    await waitForPageHeading(page, 'Account Settings');
    expect(
      await field(page.getByRole('form', { name: 'Profile' }), 'Display name').inputValue(),
    ).toBe('Grace Account');

    const passwordForm = page.getByRole('form', { name: 'Password' });
    await field(passwordForm, 'Current password').fill('not my password at all');
    await field(passwordForm, 'New password').fill(newPassword);
    await field(passwordForm, 'Confirm new password').fill(newPassword);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Current password is incorrect').waitFor();

    await field(passwordForm, 'Current password').fill(password);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('Password changed: signed out everywhere else and API keys revoked')
      .waitFor();
    expect(await field(passwordForm, 'New password').inputValue()).toBe('');
    await screenshot(page, 'account-settings');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('keeps the address in force while a change waits for its link, and cancels it', async () => {
    await page.goto(url('/dashboard?view=account'));
    await waitForPageHeading(page, 'Account Settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    const moved = uniqueEmail('moved');
    await field(profile, 'Email').fill(moved);
    await field(profile, 'Current password').fill(newPassword);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page
      .getByText(`Check ${moved.toLowerCase()} for the link that completes the change`)
      .waitFor();
    await profile.getByText(`Moving to ${moved.toLowerCase()}:`, { exact: false }).waitFor();

    // Still the account's address after a reload: the change is pending.
    await page.reload();
    await waitForPageHeading(page, 'Account Settings');
    const reloaded = page.getByRole('form', { name: 'Profile' });
    expect(await field(reloaded, 'Email').inputValue()).toBe(email.toLowerCase());
    await reloaded.getByRole('button', { name: 'Cancel change' }).click();
    await page.getByText('Email change cancelled').waitFor();
    await reloaded.getByRole('button', { name: 'Cancel change' }).waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('signs out the same account in another browser, whose next request lands on sign-in', async () => {
    const other = await session!.browser.newContext({
      viewport: { width: 1280, height: 800 },
      userAgent: FIREFOX_ON_WINDOWS,
    });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(url('/login'));
      const form = otherPage.locator('form');
      await field(form, 'Email').fill(email);
      await field(form, 'Password').fill(newPassword);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await otherPage.waitForURL((current) => current.pathname === '/dashboard');

      await page.goto(url('/dashboard?view=account'));
      await waitForPageHeading(page, 'Account Settings');
      const sessions = page.getByRole('list', { name: 'Sessions' });
      await sessions.getByText('This device').waitFor();
      await sessions.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out Firefox on Windows?' });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('Session signed out').waitFor();
      await sessions.getByRole('listitem', { name: 'Firefox on Windows' }).waitFor({
        state: 'detached',
      });

      await otherPage.goto(url('/dashboard'));
      await otherPage.waitForURL((current) => current.pathname === '/login');
      expect(pageErrors).toEqual([]);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('deletes the account after confirmation and can no longer sign in', async () => {
    await page.goto(url('/dashboard?view=account'));
    await waitForPageHeading(page, 'Account Settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete account' }).click();
    await field(dialog, 'Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Account deleted successfully').waitFor();
    await page.waitForURL((current) => current.pathname === '/');

    await page.goto(url('/dashboard'));
    await page.waitForURL((current) => current.pathname === '/login');
    const form = page.locator('form');
    await field(form, 'Email').fill(email);
    await field(form, 'Password').fill(newPassword);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Invalid email or password\.?$/)
      .waitFor();
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
