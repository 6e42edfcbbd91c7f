import type { Browser, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { csrfHeaders } from '../support/csrf';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import {
  collectPageErrors,
  field,
  openCreateTokenForm,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageHeading,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';
import { linkInEmail, waitForEmail, type SesEmail } from '../support/ses-inbox';

const VERIFY_SUBJECT = 'Verify your email address for Expiry Radar';
const RESET_SUBJECT = 'Reset your Expiry Radar password';

/**
 * A new user's account journeys in real Chromium against `npm start`'s program: register, verify
 * through the email the SES emulator received, the welcome dialog, sign out and in, and a
 * password reset through its email. The tests run in order and share one account.
 */
describe('account journeys in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let verificationEmail: SesEmail | undefined;
  let verified = false;

  const email = uniqueEmail('journey');
  const password = strongPassword('first');
  const newPassword = strongPassword('second');

  beforeAll(async () => {
    session = await startBrowserSession({
      viewport: { width: 1280, height: 800 },
      timeout: 10_000,
    });
    ({ app, browser, page, pageErrors } = session);
  }, 90_000);

  afterAll(() => stopBrowserSession(session));

  const url = (path: string) => `${app.appUrl}${path}`;
  const pathOf = (target: Page) => new URL(target.url()).pathname;

  async function signIn(target: Page, address: string, secret: string): Promise<void> {
    const form = target.locator('form');
    await field(form, 'Email').fill(address);
    await field(form, 'Password').fill(secret);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  it('registers, verifies through the emailed link, signs in and is welcomed on the dashboard', async () => {
    await page.goto(url('/register'));
    await waitForPageHeading(page, 'Create your account');
    const form = page.locator('form');
    await field(form, 'Name (optional)').fill('Ada Journey');
    await field(form, 'Email').fill(email);
    await field(form, 'Password').fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();

    // Registered, not signed in (the answer is the same for a taken address): the verification
    // page, naming the address.
    await page.waitForURL((current) => current.pathname === '/verify-email');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await waitForPageHeading(page, 'Verify your email');
    await page.getByText(email, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Sign in to resend the email' }).waitFor();

    // A protected page is not open: registering started no session.
    await page.goto(url('/dashboard'));
    await page.waitForURL((current) => current.pathname === '/login');

    verificationEmail = await waitForEmail(app.endpoints.ses!, {
      to: email,
      subject: VERIFY_SUBJECT,
    });
    expect(verificationEmail.from).toContain('Expiry Radar');
    const link = linkInEmail(verificationEmail, '/auth/verify-email');
    expect(link.origin).toBe(new URL(app.appUrl).origin);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);

    // The link verifies, then sign-in (noting the verified address) leads to the dashboard.
    await page.goto(link.href);
    await page.waitForURL((current) => current.pathname === '/login');
    await page.getByText('Your email address is verified. Sign in to continue.').waitFor();
    // In the browser that registered it, the address is filled in.
    await page.waitForFunction(
      (address) =>
        document
          .querySelector<HTMLInputElement>('form input[type="email"]')
          ?.value.toLowerCase() === address,
      email.toLowerCase(),
    );
    await signIn(page, email, password);
    await page.waitForURL((current) => current.pathname === '/dashboard');
    const welcome = page.getByRole('dialog', { name: 'Welcome on board' });
    await welcome.waitFor();
    await screenshot(page, 'journey-welcome-dialog');
    await welcome.getByRole('button', { name: 'Go to Dashboard' }).click();
    await welcome.waitFor({ state: 'hidden' });
    await waitForPageHeading(page, 'Token Management Dashboard');
    // Closing removes the welcome flag from the URL, and the welcome is not shown again.
    expect(new URL(page.url()).searchParams.has('verification_success')).toBe(false);
    await page.reload();
    await waitForPageHeading(page, 'Token Management Dashboard');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    verified = true;
  }, 60_000);

  it('notices on the waiting page an address verified in another browser, and moves on', async () => {
    const address = uniqueEmail('journey-elsewhere');
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phone = await browser.newContext();
    try {
      const waiting = await laptop.newPage();
      waiting.setDefaultTimeout(10_000);
      await waiting.goto(url('/register'));
      await waitForPageHeading(waiting, 'Create your account');
      const form = waiting.locator('form');
      await field(form, 'Email').fill(address);
      await field(form, 'Password').fill(password);
      await form.getByRole('button', { name: 'Create account' }).click();
      // Signed in before verifying, the verification page waits for the link.
      await waiting.getByRole('link', { name: 'Sign in to resend the email' }).click();
      await waitForPageHeading(waiting, 'Sign in');
      await signIn(waiting, address, password);
      await waiting.getByRole('button', { name: 'Resend verification email' }).waitFor();

      const message = await waitForEmail(app.endpoints.ses!, {
        to: address,
        subject: VERIFY_SUBJECT,
      });
      const opened = await phone.request.get(linkInEmail(message, '/auth/verify-email').href, {
        maxRedirects: 0,
      });
      expect(opened.headers()['location']).toMatch(/^\/dashboard/);

      // The waiting page checks every few seconds; it lands as the link itself would have.
      await waiting.waitForURL((current) => current.pathname === '/dashboard', { timeout: 15_000 });
      await waiting.getByRole('dialog', { name: 'Welcome on board' }).waitFor();
    } finally {
      await Promise.all([laptop.close(), phone.close()]);
    }
  }, 60_000);

  it('moves the waiting page right after registering (no session) to sign-in once the link is opened in another browser', async () => {
    const address = uniqueEmail('journey-registered-elsewhere');
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phone = await browser.newContext();
    try {
      const waiting = await laptop.newPage();
      waiting.setDefaultTimeout(10_000);
      await waiting.goto(url('/register'));
      await waitForPageHeading(waiting, 'Create your account');
      const form = waiting.locator('form');
      await field(form, 'Email').fill(address);
      await field(form, 'Password').fill(password);
      await form.getByRole('button', { name: 'Create account' }).click();
      // Registered, signed out: the page waits with no session to check.
      await waiting.waitForURL((current) => current.pathname === '/verify-email');
      await waiting.getByRole('link', { name: 'Sign in to resend the email' }).waitFor();

      const message = await waitForEmail(app.endpoints.ses!, {
        to: address,
        subject: VERIFY_SUBJECT,
      });
      // The other browser (a phone's mail app) opens the link and is asked to sign in there.
      const elsewhere = await phone.newPage();
      elsewhere.setDefaultTimeout(10_000);
      await elsewhere.goto(linkInEmail(message, '/auth/verify-email').href);
      await elsewhere.waitForURL((current) => current.pathname === '/login');

      // The waiting page checks every few seconds, then asks to sign in, saying why.
      await waiting.waitForURL((current) => current.pathname === '/login', { timeout: 15_000 });
      await waiting.getByText('Your email address is verified. Sign in to continue.').waitFor();
      const signInForm = waiting.locator('form');
      expect(await field(signInForm, 'Email').inputValue()).toBe(address);
      await field(signInForm, 'Password').fill(password);
      await signInForm.getByRole('button', { name: 'Sign in' }).click();
      await waiting.waitForURL((current) => current.pathname === '/dashboard');
      await waiting.getByRole('dialog', { name: 'Welcome on board' }).waitFor();
    } finally {
      await Promise.all([laptop.close(), phone.close()]);
    }
  }, 60_000);

  function requireVerifiedAccount(): void {
    if (!verified) throw new Error('This step needs the verified account of the first test');
  }

  it('signs out through the user menu and back in through /login', async () => {
    requireVerifiedAccount();
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Successfully logged out').waitFor();
    await page.waitForURL((current) => current.pathname === '/');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await screenshot(page, 'journey-signed-out');

    // The session is gone on the server too: the dashboard asks to sign in. Nothing on the way
    // is refused or cut off (no read that needs a session is sent before it is known), and the
    // console stays clean.
    const refused: string[] = [];
    const onResponse = (response: Response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    };
    const onFailure = (request: Request) => refused.push(`failed ${request.url()}`);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') refused.push(`console: ${message.text()}`);
    };
    page.on('response', onResponse);
    page.on('requestfailed', onFailure);
    page.on('console', onConsole);
    await page.goto(url('/dashboard'));
    await page.waitForURL((current) => current.pathname === '/login');
    await waitForPageHeading(page, 'Sign in');
    await signIn(page, email, password);
    // Back where the user was going, without a second welcome.
    await page.waitForURL((current) => current.pathname === '/dashboard');
    await waitForPageHeading(page, 'Token Management Dashboard');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    page.off('response', onResponse);
    page.off('requestfailed', onFailure);
    page.off('console', onConsole);
    expect(refused).toEqual([]);

    // Signing in gave the session a CSRF token of its own; the next write still goes through (the
    // web client, refused once with the token it held, fetches the session's and retries).
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/tokens') &&
        response.request().method() === 'POST' &&
        response.status() !== 403,
    );
    const form = await openCreateTokenForm(page);
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Keys & Secrets', exact: true }).click();
    await page.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'API Key', exact: true }).click();
    await field(form, 'Name').fill('First key after signing in');
    await form.getByRole('button', { name: 'Create token' }).click();
    expect((await created).status()).toBe(201);
    await page.getByText('Token created successfully').waitFor();
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('resets the password through the emailed link; the new one works, the old one fails', async () => {
    requireVerifiedAccount();
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    other.setDefaultTimeout(10_000);
    const resetPage = await other.newPage();
    const resetErrors = collectPageErrors(resetPage);

    await resetPage.goto(url('/login'));
    await resetPage.getByRole('link', { name: 'Forgot password?' }).click();
    await resetPage.waitForURL((current) => current.pathname === '/reset-password');
    await waitForPageHeading(resetPage, 'Reset your password');
    await field(resetPage.locator('form'), 'Email').fill(email);
    await resetPage.getByRole('button', { name: 'Send reset link' }).click();
    await resetPage.getByText(`If an account exists for ${email}`).waitFor();

    const resetEmail = await waitForEmail(app.endpoints.ses!, {
      to: email,
      subject: RESET_SUBJECT,
    });
    const link = linkInEmail(resetEmail, '/reset-password');
    expect(link.origin).toBe(new URL(app.appUrl).origin);
    await resetPage.goto(link.href);
    await waitForPageHeading(resetPage, 'Choose a new password');
    await field(resetPage, 'New password').fill(newPassword);
    await field(resetPage, 'Confirm new password').fill(newPassword);
    await resetPage.getByRole('button', { name: 'Set new password' }).click();
    await resetPage.getByText('Your password has been changed').waitFor();
    await screenshot(resetPage, 'journey-password-changed');

    await resetPage.getByRole('link', { name: 'Sign in', exact: true }).click();
    await resetPage.waitForURL((current) => current.pathname === '/login');
    await signIn(resetPage, email, password);
    await resetPage
      .getByRole('alert')
      .getByText(/^Invalid email or password\.?$/)
      .waitFor();
    expect(pathOf(resetPage)).toBe('/login');

    await signIn(resetPage, email, newPassword);
    await resetPage.waitForURL((current) => current.pathname === '/dashboard');
    await waitForPageHeading(resetPage, 'Token Management Dashboard');

    // Setting a new password signed out every other session, such as the first browser's.
    await page.goto(url('/dashboard'));
    await page.waitForURL((current) => current.pathname === '/login');

    // The reset link works once.
    await other.clearCookies();
    await resetPage.goto(link.href);
    await waitForPageHeading(resetPage, 'Choose a new password');
    await field(resetPage, 'New password').fill(password);
    await field(resetPage, 'Confirm new password').fill(password);
    await resetPage.getByRole('button', { name: 'Set new password' }).click();
    await resetPage.getByRole('alert').filter({ hasNotText: 'changed' }).waitFor();
    expect(await resetPage.getByText('Your password has been changed').count()).toBe(0);
    // The refused second use did not bring the old password back.
    await resetPage.goto(url('/login'));
    await signIn(resetPage, email, password);
    await resetPage
      .getByRole('alert')
      .getByText(/^Invalid email or password\.?$/)
      .waitFor();

    expect(resetErrors).toEqual([]);
    await other.close();
  }, 60_000);

  it('explains that a verification link that was used already is no longer valid', async () => {
    requireVerifiedAccount();
    const stranger = await browser.newContext();
    stranger.setDefaultTimeout(10_000);
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(linkInEmail(verificationEmail!, '/auth/verify-email').href);
    await strangerPage.waitForURL((current) => current.pathname === '/verify-email');
    await waitForPageHeading(strangerPage, 'Verify your email');
    await screenshot(strangerPage, 'journey-used-verification-link');
    await strangerPage
      .getByRole('alert')
      .getByText('This verification link is invalid or has expired', { exact: false })
      .waitFor({ timeout: 5_000 });
    await stranger.close();
  }, 60_000);

  it('registering the taken address again looks the same, and its owner is emailed instead', async () => {
    requireVerifiedAccount();
    const strangersPassword = strongPassword('squatter');
    const stranger = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const attempt = await stranger.newPage();
      attempt.setDefaultTimeout(10_000);
      await attempt.goto(url('/register'));
      await waitForPageHeading(attempt, 'Create your account');
      const form = attempt.locator('form');
      await field(form, 'Email').fill(email);
      await field(form, 'Password').fill(strangersPassword);
      const statusCheck = attempt.waitForResponse(
        (response) => new URL(response.url()).pathname === '/auth/registration',
        { timeout: 15_000 },
      );
      await form.getByRole('button', { name: 'Create account' }).click();
      // The same page as for a new address: nothing tells that the address has an account.
      await attempt.waitForURL((current) => current.pathname === '/verify-email');
      await waitForPageHeading(attempt, 'Verify your email');
      await attempt.getByText(email, { exact: true }).waitFor();
      expect(await attempt.getByRole('alert').count()).toBe(0);
      // Its registration watches nobody: never verified, though the owner's account is.
      expect(await (await statusCheck).json()).toEqual({ verified: false });
      expect(pathOf(attempt)).toBe('/verify-email');

      const notice = await waitForEmail(app.endpoints.ses!, {
        to: email,
        subject: /^You already have an Expiry Radar account/,
      });
      expect(notice.body.text).toContain('No new account was made.');
      // The account is still the owner's: the stranger's password signs nobody in.
      const signIn = await stranger.request.post(url('/auth/login'), {
        headers: await csrfHeaders(stranger.request, app.appUrl),
        data: { email, password: strangersPassword },
      });
      expect(signIn.status()).toBe(401);
    } finally {
      await stranger.close();
    }
  }, 60_000);
});
