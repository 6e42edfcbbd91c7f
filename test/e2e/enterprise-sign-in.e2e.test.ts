/**
 * Enterprise sign-in in Chromium against the local runtime: a Team owner verifies an email
 * domain (its TXT record published in the local DNS stand-in) and connects the local OpenID
 * provider stand-in on the Single sign-on page; a user of that domain signs in through the
 * provider from the login page and lands in the app, created just in time; with "Require SSO" on,
 * the password form refuses an address of the domain and says where to sign in; switched to
 * SAML 2.0 (the local SAML IdP stand-in's metadata URL), another user of the domain signs in
 * through it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { firstWorkspaceId } from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import { field, strongPassword, uniqueEmail } from '../support/e2e-helpers';
import { setLocalPlan } from '../support/local-plan';

describe('enterprise sign-in in Chromium', () => {
  let session: BrowserSession | undefined;
  const owner = { email: uniqueEmail('sso-owner'), password: strongPassword('sso-owner') };
  const domain = `sso-${randomUUID().slice(0, 8)}.example`;
  const member = `grace@${domain}`;
  const samlMember = `ada@${domain}`;

  beforeAll(async () => {
    session = await startBrowserSession({ account: owner });
    const workspaceId = await firstWorkspaceId(session.context, session.app);
    await setLocalPlan(session.app, { email: owner.email, workspaceId, plan: 'team' });
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSession(session);
  });

  async function saveConnection(page: Page, requireSso: boolean) {
    const requireSwitch = page.getByRole('switch', { name: 'Require SSO' });
    if ((await requireSwitch.isChecked()) !== requireSso) await requireSwitch.click();
    await page.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.getByText('Single sign-on saved.').waitFor();
  }

  it('verifies a domain and connects the provider, then its user signs in through it', async () => {
    const { app, page, browser } = session!;
    await page.goto(`${app.appUrl}/organization/sign-in`);
    await field(page, 'Email domain').fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const row = page.getByRole('region', { name: domain });
    const value = await row.getByLabel('TXT record value').inputValue();
    const published = await fetch(
      `${app.endpoints.dnsControl}/stand-in/txt/_expiry-radar-verification.${domain}`,
      { method: 'PUT', body: JSON.stringify({ values: [value] }) },
    );
    expect(published.status).toBe(200);
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByText('Verified', { exact: true }).waitFor();

    await field(page, 'Issuer URL').fill(app.endpoints.oidcProvider!);
    await field(page, 'Client id').fill('expiry-radar');
    await field(page, 'Client secret').fill('provider-secret');
    await saveConnection(page, false);

    const visitor = await browser.newContext();
    try {
      const login = await visitor.newPage();
      await login.goto(`${app.appUrl}/login`);
      await field(login, 'Email').fill(member);
      await login.getByRole('button', { name: 'Continue with SSO' }).click();
      await login.waitForURL(/\/dashboard/);
      const signedIn = await login.request.get(`${app.appUrl}/api/session`);
      expect(await signedIn.json()).toMatchObject({ loggedIn: true, user: { email: member } });
    } finally {
      await visitor.close();
    }
  });

  it('with Require SSO on, the password form refuses the address and says where to sign in', async () => {
    const { app, page, browser } = session!;
    await page.goto(`${app.appUrl}/organization/sign-in`);
    await saveConnection(page, true);

    const visitor = await browser.newContext();
    try {
      const login = await visitor.newPage();
      await login.goto(`${app.appUrl}/login`);
      await field(login, 'Email').fill(member);
      await field(login, 'Password').fill('a password that is long enough');
      await login.getByRole('button', { name: 'Sign in', exact: true }).click();
      await login
        .getByText(
          'Your organization signs in with single sign-on. Use "Continue with SSO" with this address.',
        )
        .waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('switched to SAML 2.0, a user of the domain signs in through the SAML provider', async () => {
    const { app, page, browser } = session!;
    const samlIdp = app.endpoints.samlIdp!;
    const users = await fetch(`${samlIdp}/stand-in/users`, {
      method: 'PUT',
      body: JSON.stringify({ users: [{ email: samlMember, name: 'Ada Lovelace', nameId: 'ada' }] }),
    });
    expect(users.status).toBe(200);
    await page.goto(`${app.appUrl}/organization/sign-in`);
    await page.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('option', { name: 'SAML 2.0' }).click();
    await field(page, 'IdP metadata URL').fill(`${samlIdp}/metadata`);
    await saveConnection(page, true);

    const visitor = await browser.newContext();
    try {
      const login = await visitor.newPage();
      await login.goto(`${app.appUrl}/login`);
      await field(login, 'Email').fill(samlMember);
      await login.getByRole('button', { name: 'Continue with SSO' }).click();
      await login.getByRole('button', { name: samlMember }).click();
      await login.waitForURL(/\/dashboard/);
      const signedIn = await login.request.get(`${app.appUrl}/api/session`);
      expect(await signedIn.json()).toMatchObject({ loggedIn: true, user: { email: samlMember } });
    } finally {
      await visitor.close();
    }
  });
});
