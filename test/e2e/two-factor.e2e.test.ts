/**
 * Two-factor sign-in in Chromium against the local runtime: an owner on the Team plan sets up
 * two-factor authentication in Account settings (codes computed here from the key shown), signs
 * out and in again with a code, is refused a replayed code, signs in with a recovery code (which
 * is then refused), requires two-factor of the workspace's members; a member without it sees the
 * notice and is refused, sets it up from the notice's link and gets in; 5 wrong codes lock the
 * second step.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
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
import { field, strongPassword, uniqueEmail } from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';
import { setLocalPlan } from '../support/local-plan';

const PERIOD_MS = 30_000;

/** The app's code `steps` time steps from now (0: the current one). */
function codeOf(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * PERIOD_MS });
}

describe('two-factor sign-in in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let owner: BrowserContext;
  let page: Page;
  let workspaceId: string;
  let ownerSecret = '';
  let recoveryCodes: string[] = [];
  const ownerAccount = { email: uniqueEmail('2fa-owner'), password: strongPassword('2fa-owner') };
  const member = { email: uniqueEmail('2fa-member'), password: strongPassword('2fa-member') };
  const url = (path: string) => `${app.appUrl}${path}`;

  beforeAll(async () => {
    session = await startBrowserSession({ account: ownerAccount });
    ({ app, context: owner, page } = session);
    workspaceId = await firstWorkspaceId(owner, app);
    await setLocalPlan(app, {
      email: ownerAccount.email,
      workspaceId,
      plan: 'team',
    });
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  /** Sets up two-factor in Account settings; the key shown and the recovery codes. */
  async function setUpTwoFactor(on: Page, password: string) {
    await on
      .getByRole('button', { name: 'Set up two-factor authentication' })
      .click({ timeout: 15_000 });
    const confirm = on.getByRole('form', { name: 'Confirm your password' });
    await field(confirm, 'Password').fill(password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const secret = ((await on.getByTestId('two-factor-secret').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(on.getByRole('img', { name: /QR code/ }).getAttribute('src')).resolves.toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    const setUp = on.getByRole('form', { name: 'Set up your authenticator app' });
    await field(setUp, 'Authentication code').fill(codeOf(secret));
    await setUp.getByRole('button', { name: 'Turn on' }).click();
    const list = on.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await on.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await on.getByText('Two-factor authentication is on.').waitFor();
    return { secret, codes };
  }

  async function signOut(context: BrowserContext) {
    const out = await context.request.post(url('/api/logout'), {
      headers: await csrfHeaders(context.request, app.appUrl),
    });
    expect(out.ok()).toBe(true);
  }

  /** The password step; the page then asks for the code. */
  async function signInWithPassword(on: Page, account: { email: string; password: string }) {
    await on.goto(url('/login'));
    await field(on, 'Email').fill(account.email);
    await field(on, 'Password').fill(account.password);
    await on.getByRole('button', { name: 'Sign in' }).click();
    await on.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  }

  async function enterCode(on: Page, code: string) {
    await on.getByRole('textbox').fill(code);
    await on.getByRole('button', { name: 'Verify' }).click();
  }

  it('sets up two-factor authentication with the key shown', async () => {
    await page.goto(url('/dashboard?view=account'));
    ({ secret: ownerSecret, codes: recoveryCodes } = await setUpTwoFactor(
      page,
      ownerAccount.password,
    ));
  }, 60_000);

  it('signs in with a code after the password, and refuses the same code again', async () => {
    await signOut(owner);
    await signInWithPassword(page, ownerAccount);
    // The enrolment used the current step: the next one's code.
    const code = codeOf(ownerSecret, 1);
    await enterCode(page, code);
    await page.waitForURL(/\/dashboard/);

    await signOut(owner);
    await signInWithPassword(page, ownerAccount);
    await enterCode(page, code);
    await page.getByText('This code has already been used.', { exact: false }).waitFor();
    expect(page.url()).toContain('/login/two-factor');
  }, 60_000);

  it('signs in with a recovery code once', async () => {
    // Still on the second step of the last sign-in.
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await enterCode(page, recoveryCodes[0]!);
    await page.waitForURL(/\/dashboard/);

    await signOut(owner);
    await signInWithPassword(page, ownerAccount);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await enterCode(page, recoveryCodes[0]!);
    await page.getByText('That recovery code is not valid or has been used.').waitFor();
    await enterCode(page, recoveryCodes[1]!);
    await page.waitForURL(/\/dashboard/);
  }, 60_000);

  it('requires two-factor of members: blocked with a notice, then in after setting it up', async () => {
    await page.goto(url('/workspaces'));
    const requirement = page.getByLabel('Require two-factor for members');
    // The switch follows the server's answer.
    await requirement.click();
    await page.getByText('Two-factor authentication is now required in this workspace').waitFor();
    await page
      .getByRole('switch', { name: 'Require two-factor for members', checked: true })
      .waitFor();

    const memberContext = await session!.browser.newContext();
    await registerVerifiedAccount(memberContext, app, member);
    const invited = await owner.request.post(url(`/api/v1/workspaces/${workspaceId}/members`), {
      headers: await csrfHeaders(owner.request, app.appUrl),
      data: { email: member.email, role: 'viewer' },
    });
    expect(invited.ok()).toBe(true);
    await acceptInvitationTo(memberContext, app, workspaceId);

    const refused = await memberContext.request.get(url(`/api/tokens?workspace_id=${workspaceId}`));
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    const memberPage = await memberContext.newPage();
    await memberPage.goto(url(`/dashboard?workspace=${workspaceId}`));
    const notice = memberPage
      .getByRole('alert')
      .filter({ hasText: 'This workspace requires two-factor authentication.' })
      .first();
    await notice.waitFor();
    await notice.getByRole('link', { name: 'Set up two-factor authentication' }).click();
    const { secret } = await setUpTwoFactor(memberPage, member.password);

    const allowed = await memberContext.request.get(url(`/api/tokens?workspace_id=${workspaceId}`));
    expect(allowed.status()).toBe(200);

    // 5 wrong codes lock the second step, the right code included.
    await signOut(memberContext);
    await signInWithPassword(memberPage, member);
    const wrong = codeOf(secret, 1) === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await enterCode(memberPage, wrong);
      await memberPage.getByText('That code is not valid.', { exact: false }).waitFor();
    }
    await enterCode(memberPage, wrong);
    await memberPage.getByText('Too many wrong codes:', { exact: false }).waitFor();
    await enterCode(memberPage, codeOf(secret, 1));
    await memberPage.getByText('Too many wrong codes:', { exact: false }).waitFor();
    expect(memberPage.url()).toContain('/login/two-factor');
    await memberContext.close();
  }, 90_000);
});
