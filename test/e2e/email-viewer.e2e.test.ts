/**
 * The local email viewer (the SES emulator's page) in Chromium: a link clicked in a message opens
 * the app in a new tab. In the viewer's frame the app is refused (it may not be framed), and a
 * verification link's token was spent on a page nobody saw. An alert digest's action links
 * (snooze, renewed) open their confirmation pages, whose buttons act.
 */
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { controlAuthorization } from '@expiry-radar/functions/local/local-control-server';
import type { Page } from 'playwright-core';
import { firstWorkspaceId, registerVerifiedAccount } from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import { csrfHeaders } from '../support/csrf';
import { field, strongPassword, uniqueEmail } from '../support/e2e-helpers';
import { linkInEmail, waitForEmail, type SesEmail } from '../support/ses-inbox';

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

  it('snoozes from a digest\'s link and re-arms the alerts with "Renewed"', async () => {
    const { app, browser } = session!;
    // A context of its own: the link's tab opens beside its viewer page.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const address = uniqueEmail('alert-actions');
    await registerVerifiedAccount(context, app, {
      email: address,
      password: strongPassword('alert-actions'),
    });
    const workspaceId = await firstWorkspaceId(context, app);
    const name = `Billing API key ${Date.now()}`;
    const created = await context.request.post(`${app.appUrl}/api/tokens`, {
      headers: await csrfHeaders(context.request, app.appUrl),
      data: {
        name,
        category: 'key_secret',
        type: 'api_key',
        expiresAt: addCalendarDays(new Date(), 7),
        workspace_id: workspaceId,
      },
    });
    expect(created.status()).toBe(201);
    const scan = async () => {
      const response = await fetch(`${app.endpoints.control}/alerts/scan`, {
        method: 'POST',
        headers: controlAuthorization(app.endpoints.controlSecret!),
      });
      expect(response.status).toBe(200);
    };
    const alertsOfToken = async () => {
      const listed = await context.request.get(
        `${app.appUrl}/api/alert-queue?workspace_id=${workspaceId}`,
      );
      const { items } = (await listed.json()) as {
        items: { token_name: string; expires_at: string }[];
      };
      return items
        .filter((item) => item.token_name === name)
        .map((item) => item.expires_at.slice(0, 10));
    };
    await scan();
    const digest = await waitForEmail(app.endpoints.ses!, {
      to: address,
      subject: `${name} expires in 7 days`,
    });

    /** Clicks an action link of the digest in the viewer; its confirmation page opens in a tab. */
    const openAction = async (email: SesEmail, label: string): Promise<Page> => {
      await page.goto(app.endpoints.emailViewer!);
      const message = page.locator('.email').filter({ hasText: email.subject });
      await message.getByRole('button', { name: 'Toggle HTML view' }).click();
      const frame = page.frameLocator(`iframe[id="${email.messageId}-html-iframe"]`);
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        frame.getByRole('link', { name: label, exact: true }).click(),
      ]);
      await tab.waitForLoadState();
      return tab;
    };

    const snooze = await openAction(digest, 'Snooze 7 days');
    await snooze.getByText(`Snooze the alerts of ${name} (`).waitFor();
    // Opening the page changed nothing; its button snoozes (until the expiry at the latest).
    await snooze.getByRole('button', { name: 'Snooze', exact: true }).click();
    await snooze.getByText(`Snoozed: no alerts for ${name} until`).waitFor();
    await snooze.close();
    await scan();
    expect(await alertsOfToken()).toEqual([addCalendarDays(new Date(), 7)]);

    const renew = await openAction(digest, 'Renewed');
    const renewedTo = addCalendarDays(new Date(), 3);
    await renew.getByLabel('New expiry date').fill(renewedTo);
    await renew.getByRole('button', { name: 'Record the renewal' }).click();
    // The page writes the day as it writes dates ("Dec 2, 2026"), the email's ISO day replaced.
    const renewedToInWords = new Date(`${renewedTo}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await renew.getByText(`Renewed: ${name} now expires on ${renewedToInWords}`).waitFor();
    await renew.close();
    await scan();
    await waitForEmail(app.endpoints.ses!, { to: address, subject: `${name} expires in 3 days` });
    expect((await alertsOfToken()).sort()).toEqual(
      [renewedTo, addCalendarDays(new Date(), 7)].sort(),
    );
    await context.close();
  }, 90_000);
});
