/**
 * The local email viewer (the SES emulator's page) in Chromium: a link clicked in a message opens
 * the app in a new tab. In the viewer's frame the app is refused (it may not be framed), and a
 * verification link's token was spent on a page nobody saw.
 */
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import { csrfHeaders } from '../support/csrf';
import { field, strongPassword, uniqueEmail } from '../support/e2e-helpers';
import { linkInEmail, waitForEmail } from '../support/ses-inbox';

describe('local email viewer in Chromium', () => {
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    session = await startBrowserSession();
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSession(session);
  });

  it('opens a link of a message in a new tab, where the verification goes through', async () => {
    const { app, context, page } = session!;
    const address = uniqueEmail('email-viewer');
    const password = strongPassword('email-viewer');
    const registered = await context.request.post(`${app.appUrl}/auth/register`, {
      headers: await csrfHeaders(context.request, app.appUrl),
      data: { email: address, password },
    });
    expect(registered.status()).toBe(202);
    const email = await waitForEmail(app.endpoints.ses!, {
      to: address,
      subject: /^Verify your email address/,
    });
    const verifyLink = linkInEmail(email, '/auth/verify-email');

    const viewerUrl = app.endpoints.emailViewer!;
    await page.goto(viewerUrl);
    const message = page.locator('.email').filter({ hasText: address });
    await message.getByRole('button', { name: 'Toggle HTML view' }).click();
    const frame = page.frameLocator(`iframe[id="${email.messageId}-html-iframe"]`);
    const link = frame.locator(`a[href="${verifyLink.href}"]`).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');

    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    // Verified, the new user signs in (registering started no session) and lands on the
    // dashboard, which greets them with its dialog.
    await tab.getByText('Your email address is verified. Sign in to continue.').waitFor();
    const form = tab.locator('form');
    await field(form, 'Email').fill(address);
    await field(form, 'Password').fill(password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await tab.getByRole('dialog', { name: 'Welcome on board' }).waitFor();
    const landed = new URL(tab.url());
    expect(landed.origin).toBe(new URL(app.appUrl).origin);
    expect(landed.pathname).toBe('/dashboard');
    // The viewer stays where it was, its frame still showing the message.
    expect(page.url()).toBe(viewerUrl);
    await frame.locator(`a[href="${verifyLink.href}"]`).first().waitFor();

    const signedIn = await context.request.get(`${app.appUrl}/api/session`);
    expect(await signedIn.json()).toMatchObject({ loggedIn: true, needsVerification: false });
    await tab.close();
  }, 60_000);
});
