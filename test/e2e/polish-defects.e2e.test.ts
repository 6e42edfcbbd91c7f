/**
 * The defects of the product-polish issue, each at 1280 px and at 390 px in Chromium against the
 * local runtime (local billing mode): an owner on the free plan meets the plan-limit refusals
 * (one message, in one place, never a status line), an invalid domain in a list, the texts of a
 * renewal, of Billing and of a wrong password; upgrades from Billing through the confirmation
 * Pricing opens; is refused a workspace name they already use; invites people whose email links
 * name the workspace and the inviter; downgrades, and a link to the frozen workspace says why
 * another one shows; a new account's "Resend" counts down; the Audit log names things; and no
 * handled refusal logs a warning with a stack trace.
 */
import type { BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { firstWorkspaceId, registerVerifiedAccount } from '../support/browser-accounts';
import {
  startBrowserSession,
  stopBrowserSession,
  type BrowserSession,
} from '../support/browser-session';
import { csrfHeaders } from '../support/csrf';
import {
  field,
  openCreateTokenForm,
  screenshot,
  strongPassword,
  uniqueEmail,
  waitForPageHeading,
  waitForTextIn,
} from '../support/e2e-helpers';
import type { LocalAppProcess } from '../support/local-app-process';
import { linkInEmail, waitForEmail } from '../support/ses-inbox';

const WIDTHS = [1280, 390] as const;
const TOKEN_LIMIT_MESSAGE =
  'The Free plan allows 50 tokens per workspace. Upgrade your plan to add more.';
const WORKSPACE_LIMIT_MESSAGE =
  'Your Free plan allows 1 workspace. Upgrade your plan to create more workspaces.';
const MEMBER_LIMIT_MESSAGE =
  'A workspace on the Free plan can have 1 member (pending invitations included). Upgrade the plan to add more members.';
/** What no user should ever read. */
const STATUS_LINE = /Request failed|status \d{3}/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The workspace's token counter (what the plan's token limit is checked against, in the create's
 * own transaction), written through the data layer into the runtime's DynamoDB Local as
 * support/local-plan.ts does, instead of creating that many tokens.
 */
async function setTokenCount(app: LocalAppProcess, workspaceId: string, count: number) {
  const { applyLocalCredentials } =
    await import('@expiry-radar/functions/local/emulators/local-credentials');
  applyLocalCredentials();
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: app.endpoints.dynamoDb,
    TABLE_NAME: app.tableName,
  });
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('@expiry-radar/functions/data/keys');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: app.tableName,
      Key: keys.workspace(workspaceId),
      UpdateExpression: 'SET tokenCount = :count',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}

async function atWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
}

/** How often the text shows on the page, once a toast beside it would have had time to show. */
async function shownTimes(page: Page, text: string): Promise<number> {
  await page.waitForTimeout(300);
  return page.getByText(text, { exact: true }).count();
}

/** Cancels a dialog holding a typed name: the edit asks first, and the change is discarded. */
async function cancelTypedName(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Discard' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A plan change dialog's text once the plan's price has loaded into it. */
async function confirmationText(dialog: Locator): Promise<string> {
  await dialog.getByText(/^Pro: \$/).waitFor();
  return (await dialog.textContent()) ?? '';
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('polish defects at 1280 and 390 px', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let owner: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let personalId: string;
  let acmeId: string;
  const consoleLines: string[] = [];
  const ownerAccount = { email: uniqueEmail('polish-owner'), password: strongPassword('owner') };
  const colleague = { email: uniqueEmail('polish-colleague'), password: strongPassword('mate') };
  const newcomer = uniqueEmail('polish-newcomer');
  const ownerName = ownerAccount.email.split('@')[0]!;
  const url = (path: string) => `${app.appUrl}${path}`;

  const listen = (context: BrowserContext) =>
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error') {
        consoleLines.push(`${message.type()}: ${message.text()}`);
      }
    });

  async function post(path: string, data: unknown) {
    return owner.request.post(url(path), {
      headers: await csrfHeaders(owner.request, app.appUrl),
      data,
    });
  }

  beforeAll(async () => {
    session = await startBrowserSession({
      env: { STRIPE_SECRET_KEY: '', STRIPE_SECRET_KEY_PARAMETER: '' },
      account: ownerAccount,
    });
    ({ app, context: owner, page, pageErrors } = session);
    listen(owner);
    personalId = await firstWorkspaceId(owner, app);
    const headers = await csrfHeaders(owner.request, app.appUrl);
    for (const index of [1, 2]) {
      const created = await owner.request.post(url('/api/tokens'), {
        headers,
        data: {
          workspace_id: personalId,
          name: `Seed key ${index}`,
          category: 'key_secret',
          type: 'api_key',
          expiresAt: addCalendarDays(new Date(), 40 + index),
        },
      });
      expect(created.status()).toBe(201);
    }
    // As if it held the free plan's 50 tokens: the next create is refused by the real check.
    await setTokenCount(app, personalId, 50);
  }, 120_000);

  afterAll(() => stopBrowserSession(session));

  it('plan-limit refusals show one message in one place, never a status line', async () => {
    for (const width of WIDTHS) {
      await atWidth(page, width);
      // Token create: a toast with the server's message, once.
      await page.goto(url(`/dashboard?workspace=${personalId}`));
      await waitForPageHeading(page, 'Token Management Dashboard');
      const form = await openCreateTokenForm(page);
      await choose(page, 'Category', 'Keys & Secrets');
      await choose(page, 'Type', 'API Key');
      await field(form, 'Name').fill(`One too many ${width}`);
      await form.getByRole('button', { name: 'Create Token' }).click();
      await waitForTextIn(page.locator('body'), TOKEN_LIMIT_MESSAGE);
      expect(await shownTimes(page, TOKEN_LIMIT_MESSAGE)).toBe(1);
      expect(await page.getByText(STATUS_LINE).count()).toBe(0);
      await screenshot(page, `polish-defects-token-limit-${width}`);

      // Workspace create: not offered at the limit, the reason under the button; the server
      // refuses it with the same sentence.
      await page.goto(url('/workspaces'));
      await waitForPageHeading(page, 'Workspaces');
      const create = page.getByRole('button', { name: 'Create workspace' });
      await waitForTextIn(page.locator('body'), WORKSPACE_LIMIT_MESSAGE);
      expect(await create.isDisabled()).toBe(true);
      expect(await create.getAttribute('aria-describedby')).toBeTruthy();
      expect(await shownTimes(page, WORKSPACE_LIMIT_MESSAGE)).toBe(1);
      expect(await page.getByText(STATUS_LINE).count()).toBe(0);
      const refused = await post('/api/v1/workspaces', { name: `Second ${width}` });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: 'PLAN_LIMIT',
        error: WORKSPACE_LIMIT_MESSAGE,
      });

      // Member invite: in the form, no toast beside it.
      const invite = page.getByRole('form', { name: 'Invite a member' });
      await field(invite, 'Email').fill(`limited-${width}@example.com`);
      await invite.getByRole('button', { name: 'Invite' }).click();
      await waitForTextIn(invite, MEMBER_LIMIT_MESSAGE);
      expect(await shownTimes(page, MEMBER_LIMIT_MESSAGE)).toBe(1);
      expect(await page.getByText(STATUS_LINE).count()).toBe(0);
      await screenshot(page, `polish-defects-invite-limit-${width}`);
    }
  }, 60_000);

  it('refuses an invalid domain in a list, naming it, in the form and the API', async () => {
    const message = 'Please provide at least one valid domain: "intranet" is not valid';
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto(url(`/dashboard?workspace=${personalId}`));
      await waitForPageHeading(page, 'Token Management Dashboard');
      const form = await openCreateTokenForm(page);
      await choose(page, 'Category', 'Certificates');
      await choose(page, 'Type', 'SSL Certificate');
      await field(form, 'Name').fill('www certificate');
      await field(form, 'Domains').fill('www.example.com, intranet');
      await form.getByRole('button', { name: 'Create Token' }).click();
      await form.getByText(message).waitFor();
    }
    const refused = await post('/api/tokens', {
      workspace_id: personalId,
      name: 'www certificate',
      category: 'cert',
      type: 'ssl_cert',
      domains: ['www.example.com', 'intranet'],
      expiresAt: addCalendarDays(new Date(), 90),
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
  }, 30_000);

  it('renewing toasts "Token renewed successfully"; Billing in the local mode promises no card checkout', async () => {
    for (const [index, width] of WIDTHS.entries()) {
      await atWidth(page, width);
      await page.goto(url(`/dashboard?workspace=${personalId}`));
      await waitForPageHeading(page, 'Token Management Dashboard');
      await page.getByRole('button', { name: `Renew Seed key ${index + 1}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Renew Token' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Token renewed successfully').waitFor();
      expect(await page.getByText('Token updated successfully').count()).toBe(0);

      await page.goto(url('/billing'));
      await waitForPageHeading(page, 'Billing & Plans');
      await page
        .getByText(
          'Your current plan, its limits and usage, and plan changes, which the local billing mode makes at once without payment.',
        )
        .waitFor();
      expect(await page.getByText(/card checkout|billing portal/).count()).toBe(0);
    }
  }, 30_000);

  it('a wrong password at sign-in is never an expired session', async () => {
    const visitor = await session!.browser.newContext();
    listen(visitor);
    const signIn = await visitor.newPage();
    for (const width of WIDTHS) {
      await atWidth(signIn, width);
      await signIn.goto(url('/login'));
      await field(signIn, 'Email').fill(ownerAccount.email);
      await field(signIn, 'Password').fill('not the password at all');
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await signIn.getByRole('alert').getByText('Invalid email or password').waitFor();
      expect(await signIn.getByText(/session has expired/i).count()).toBe(0);
      expect(new URL(signIn.url()).pathname).toBe('/login');
    }
    expect(consoleLines.filter((line) => /session has expired/i.test(line))).toEqual([]);
    await visitor.close();
  }, 30_000);

  it('upgrading from Billing asks the confirmation the way from Pricing shows', async () => {
    const texts: string[] = [];
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto(url('/billing'));
      await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      let dialog = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
      texts.push(await confirmationText(dialog));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();

      await page.goto(url('/pricing'));
      await page.getByRole('link', { name: 'Choose Pro' }).click();
      dialog = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
      texts.push(await confirmationText(dialog));
      await screenshot(page, `polish-defects-upgrade-confirmation-${width}`);
      if (width === 390) {
        await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
        await page.getByText('Plan upgraded to Pro').waitFor();
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain('Your plan changes from Free to Pro at once');
    await page.getByRole('heading', { name: 'Current plan: Pro' }).waitFor();
  }, 30_000);

  it('refuses a workspace name the owner already uses, without regard to case', async () => {
    const taken = 'You already have a workspace named "Client Acme"';
    await atWidth(page, 1280);
    await page.goto(url('/workspaces'));
    await waitForPageHeading(page, 'Workspaces');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create workspace' });
    await field(dialog, 'Workspace name').fill('Client Acme');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Workspace created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Rename Personal to it: refused at the name field.
    await page.getByRole('button', { name: 'Rename Personal' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename workspace' });
    await field(dialog, 'Workspace name').fill('CLIENT ACME');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.getByText(taken).waitFor();
    await cancelTypedName(page, dialog);

    await atWidth(page, 390);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    dialog = page.getByRole('dialog', { name: 'Create workspace' });
    await field(dialog, 'Workspace name').fill('client  acme');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(taken).waitFor();
    await screenshot(page, 'polish-defects-duplicate-name-390');
    await cancelTypedName(page, dialog);

    // The API refuses it too, also when the dialog's own check is passed by.
    const refused = await post('/api/v1/workspaces', { name: 'CLIENT acme' });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'CONFLICT', error: taken });
    const listed = await owner.request.get(url('/api/v1/workspaces'));
    const { items } = (await listed.json()) as { items: Array<{ id: string; name: string }> };
    expect(items.map((workspace) => workspace.name).sort()).toEqual(['Client Acme', 'Personal']);
    acmeId = items.find((workspace) => workspace.name === 'Client Acme')!.id;
  }, 30_000);

  it('invitation links fill in the address and name the workspace and the inviter', async () => {
    const other = await session!.browser.newContext();
    await registerVerifiedAccount(other, app, colleague);
    await other.close();
    for (const email of [newcomer, colleague.email]) {
      const invited = await post(`/api/v1/workspaces/${acmeId}/members`, { email, role: 'viewer' });
      expect(invited.status()).toBe(201);
    }
    const subject = `${ownerName} invited you to Client Acme on Expiry Radar`;
    const links = {
      register: linkInEmail(
        await waitForEmail(app.endpoints.ses!, { to: newcomer, subject }),
        '/register',
      ),
      login: linkInEmail(
        await waitForEmail(app.endpoints.ses!, { to: colleague.email, subject }),
        '/login',
      ),
    };
    const visitor = await session!.browser.newContext();
    listen(visitor);
    const landing = await visitor.newPage();
    for (const width of WIDTHS) {
      await atWidth(landing, width);
      for (const [kind, link] of Object.entries(links)) {
        await landing.goto(link.href);
        await landing.getByText(`You were invited to Client Acme by ${ownerName}`).waitFor();
        expect(await field(landing, 'Email').inputValue()).toBe(
          kind === 'register' ? newcomer : colleague.email,
        );
        await screenshot(landing, `polish-defects-invitation-${kind}-${width}`);
      }
    }
    await visitor.close();
  }, 45_000);

  it('a link to a frozen workspace says why another one is shown', async () => {
    await atWidth(page, 1280);
    await page.goto(url('/billing'));
    await page.getByRole('heading', { name: 'Current plan: Pro' }).waitFor();
    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Downgrade to Free?' });
    // The downgrade lists what it will freeze.
    await dialog
      .getByRole('list', { name: 'Frozen on the Free plan' })
      .getByText('Client Acme')
      .waitFor();
    await dialog.getByRole('button', { name: 'Downgrade to Free' }).click();
    await page.getByRole('heading', { name: 'Current plan: Free' }).waitFor();

    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto(url(`/dashboard?workspace=${acmeId}`));
      const notice = page.getByRole('alert').filter({ hasText: '“Client Acme” is frozen' });
      await notice.getByText('“Personal” is shown instead.', { exact: false }).waitFor();
      await notice.getByText("It is beyond your plan's limits", { exact: false }).waitFor();
      await page.waitForURL((current) => current.searchParams.get('workspace') === personalId);
      await notice.waitFor();
      await screenshot(page, `polish-defects-frozen-link-${width}`);
      await notice.getByRole('button', { name: 'Close' }).click();
      await notice.waitFor({ state: 'hidden' });
    }
  }, 30_000);

  it('"Resend verification" shows its cooldown from registration on, also after a reload', async () => {
    const visitor = await session!.browser.newContext();
    listen(visitor);
    const newPage = await visitor.newPage();
    await atWidth(newPage, 390);
    await newPage.goto(url('/register'));
    const address = uniqueEmail('polish-verify');
    const password = strongPassword('verify');
    await field(newPage, 'Email').fill(address);
    await field(newPage, 'Password').fill(password);
    await newPage.getByRole('button', { name: 'Create account' }).click();
    await waitForPageHeading(newPage, 'Verify your email');
    // Registering starts no session: signed in, the page offers the resend.
    await newPage.getByRole('link', { name: 'Sign in to resend the email' }).click();
    await waitForPageHeading(newPage, 'Sign in');
    await field(newPage, 'Email').fill(address);
    await field(newPage, 'Password').fill(password);
    await newPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPageHeading(newPage, 'Verify your email');
    for (const width of WIDTHS) {
      await atWidth(newPage, width);
      await newPage.reload();
      await waitForPageHeading(newPage, 'Verify your email');
      const resend = newPage.getByRole('button', { name: 'Resend verification email' });
      await newPage.getByText(/^You can resend in \d+ s$/).waitFor();
      expect(await resend.isDisabled()).toBe(true);
      await screenshot(newPage, `polish-defects-resend-cooldown-${width}`);
    }
    await visitor.close();
  }, 30_000);

  it('the Audit log names things: tokens, plans, members; ids only in the details', async () => {
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto(url(`/audit?workspace=${personalId}`));
      await waitForPageHeading(page, 'Audit Log');
      const scopes = page.getByRole('group', { name: 'Audit scope' });
      const events =
        width === 1280
          ? page.getByRole('table', { name: 'Events' })
          : page.getByRole('list', { name: 'Events' });
      await events.getByText('Token (API Key) Seed key 1').first().waitFor();
      expect(await events.textContent()).not.toMatch(UUID);

      // The account's and the workspaces' plan changes, by plan name.
      await scopes.getByRole('button', { name: 'My activity' }).click();
      await events.getByText('Free → Pro').first().waitFor();
      await events.getByText('Pro → Free').first().waitFor();

      await scopes.getByRole('button', { name: 'Organization' }).click();
      await events.getByText(`Invitation ${newcomer}`).waitFor();
      await events.getByText(`Invitation ${colleague.email}`).waitFor();
      expect(await events.textContent()).not.toMatch(UUID);
      await screenshot(page, `polish-defects-audit-${width}`);

      // The ids, and a label for every detail, behind "Show details".
      await events.getByRole('button', { name: 'Show details: Member invited' }).first().click();
      const details = page.getByLabel('Event details').first();
      await details.getByText('Event id').waitFor();
      expect(await details.textContent()).toMatch(UUID);
      await details.getByText('Email', { exact: true }).waitFor();
      await details.getByText('Role', { exact: true }).waitFor();
    }
  }, 45_000);

  it('no handled refusal logged a warning with a stack trace, and nothing crashed', () => {
    const withStack = consoleLines.filter((line) => /\n\s+at /.test(line));
    const refusalWarnings = consoleLines.filter((line) => /^warning: Request failed/.test(line));
    expect({ withStack, refusalWarnings }).toEqual({ withStack: [], refusalWarnings: [] });
    expect(pageErrors).toEqual([]);
  });
});
