/**
 * Discovery in Chromium against the local runtime (loopback allowed, as `npm start` allows it):
 * a GitLab integration pointing at a GitLab stand-in started in the test is added, its preview
 * seen, then enabled and synced; the dashboard lists what it found. The stand-in then renews one
 * token and drops the other, "Sync now" runs again, and the dashboard shows the renewed expiry
 * and the dropped token marked "Removed at source" (kept, never deleted). Then GitHub: the form
 * with the App's permissions, an App's id and private key for the GitHub stand-in, an exclude rule,
 * the preview without the excluded token, the rule tested in the edit dialog against it, a sync.
 * Then Azure: the least-privileges panel and its script, the tenant, client id and secret and the
 * stand-in's endpoints, a preview of Key Vault items and app registration secrets, a sync. Then
 * Google Cloud: federation chosen says the local runtime has no AWS role to sign in with; with a
 * service account key, the roles and the gcloud script, the key pasted, a preview, a sync.
 */
import type { Locator, Page } from 'playwright-core';
import {
  startGitlabStandIn,
  type GitlabStandIn,
} from '../../functions/test-support/gitlab-stand-in';
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
import {
  startAzureStandIn,
  type AzureStandIn,
} from '../../functions/src/local/emulators/azure-stand-in';
import { startGcpStandIn, type GcpStandIn } from '../../functions/src/local/emulators/gcp-stand-in';
import {
  startGithubStandIn,
  type GithubStandIn,
} from '../../functions/src/local/emulators/github-stand-in';
import { blockingViolations } from '../support/accessibility';

/** `YYYY-MM-DD`, `days` from today (UTC), as GitLab writes `expires_at`. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const CI = 'GitLab personal access token: ci';
const BOT = 'GitLab personal access token: bot';

describe('discovery integrations in Chromium', () => {
  let session: BrowserSession | undefined;
  let app: LocalAppProcess;
  let page: Page;
  let pageErrors: string[];
  let standIn: GitlabStandIn;
  let github: GithubStandIn;
  let azure: AzureStandIn;
  let gcp: GcpStandIn;

  /**
   * Deletes the integration of `card`, the workspace's only one, and waits for its "removed"
   * toast to go: it shows over the empty page's "Add integration" button, and a toast under the
   * pointer waits for it to leave (a click there never lands).
   */
  const deleteOnlyIntegration = async (card: Locator) => {
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete integration' }).click();
    await page.getByRole('heading', { name: 'Find tokens instead of typing them in' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'removed. The tokens it found stay.' })
      .waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    standIn = await startGitlabStandIn('glpat-e2e-stand-in');
    github = await startGithubStandIn();
    azure = await startAzureStandIn();
    gcp = await startGcpStandIn();
    session = await startBrowserSession({
      account: { email: uniqueEmail('integrations'), password: strongPassword('integrations') },
    });
    ({ app, page, pageErrors } = session);
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSession(session);
    await standIn?.stop();
    await github?.stop();
    await azure?.stop();
    await gcp?.stop();
  });

  const keysAndSecrets = () => page.getByRole('region', { name: /^Keys & Secrets/ });
  const rowOf = (scope: Locator, name: string) =>
    scope.getByRole('row', { name: new RegExp(name.replace(/[:]/g, '\\$&')) });

  async function openIntegrations(): Promise<Locator> {
    await page.goto(`${app.appUrl}/dashboard`);
    await waitForPageHeading(page, 'Token Management Dashboard');
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await waitForPageHeading(page, 'Integrations');
    return page.getByRole('article', { name: 'Stand-in GitLab' });
  }

  it('adds GitLab, previews, syncs, then follows a renewal and a removal at the source', async () => {
    const expiries = { ci: inDays(20), bot: inDays(45), renewed: inDays(200) };
    standIn.setTokens([
      { id: 1, name: 'ci', expires_at: expiries.ci },
      { id: 2, name: 'bot', expires_at: expiries.bot },
    ]);

    await openIntegrations();
    await page.getByRole('heading', { name: 'Find tokens instead of typing them in' }).waitFor();
    expect(await page.getByText('0 of 1 integration').count()).toBe(1);
    await screenshot(page, 'integrations-empty');

    await page.getByRole('button', { name: 'Add integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add integration' });
    // AWS first: the role to set up in the customer's account, with this workspace's external id.
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'AWS' }).click();
    const role = dialog.getByRole('region', { name: 'Set up the role in your AWS account' });
    await role.getByText(/^External id: expiry-radar-/).waitFor();
    expect(
      await role.getByRole('region', { name: 'CloudFormation template' }).textContent(),
    ).toContain('sts:ExternalId');
    await screenshot(page, 'integrations-aws-role');
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'GitLab' }).click();
    await field(dialog, 'Name').fill('Stand-in GitLab');
    await field(dialog, 'GitLab URL').fill(standIn.baseUrl);
    await field(dialog, 'Access token').fill(standIn.token);
    await screenshot(page, 'integrations-add-dialog');
    await dialog.getByRole('button', { name: 'Add and preview' }).click();

    const card = page.getByRole('article', { name: 'Stand-in GitLab' });
    const preview = card.getByRole('region', { name: 'Preview' });
    await preview.getByText('A first sync would do this: 2 created', { exact: false }).waitFor();
    expect(await card.getByText('Disabled', { exact: true }).count()).toBe(1);
    expect(await preview.getByText(`New: ${CI}`).count()).toBe(1);
    // The plan's one integration is used: no second can be added.
    expect(await page.getByRole('button', { name: 'Add integration' }).isDisabled()).toBe(true);
    await screenshot(page, 'integrations-preview');
    expect(await blockingViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Enable and sync' }).click();
    const report = card.getByRole('region', { name: 'Last sync report' });
    await report.getByText('Synced: 2 created', { exact: false }).waitFor();
    await card.getByText('Enabled', { exact: true }).waitFor();
    await card.getByText(/Last sync .*: 2 created, 0 updated, 0 removed\./).waitFor();
    await screenshot(page, 'integrations-synced');

    await page.goto(`${app.appUrl}/dashboard`);
    await waitForPageHeading(page, 'Token Management Dashboard');
    await rowOf(keysAndSecrets(), CI).locator(`time[datetime="${expiries.ci}"]`).waitFor();
    await rowOf(keysAndSecrets(), BOT).locator(`time[datetime="${expiries.bot}"]`).waitFor();
    await screenshot(page, 'integrations-dashboard-after-first-sync');

    // At the source: ci renewed, bot revoked (no longer listed).
    standIn.setTokens([{ id: 1, name: 'ci', expires_at: expiries.renewed }]);
    const again = await openIntegrations();
    await again.getByRole('button', { name: 'Sync now' }).click();
    await again
      .getByRole('region', { name: 'Last sync report' })
      .getByText('Synced: 0 created, 1 updated (1 renewed), 1 removed at source', { exact: false })
      .waitFor();
    await screenshot(page, 'integrations-second-sync');

    await page.goto(`${app.appUrl}/dashboard`);
    await waitForPageHeading(page, 'Token Management Dashboard');
    const ci = rowOf(keysAndSecrets(), CI);
    await ci.locator(`time[datetime="${expiries.renewed}"]`).waitFor();
    expect(await ci.getByText('Removed at source').count()).toBe(0);
    const bot = rowOf(keysAndSecrets(), BOT);
    await bot.getByText('Removed at source').waitFor();
    await screenshot(page, 'integrations-dashboard-after-second-sync');
    expect(pageErrors).toEqual([]);
  });

  it('adds GitHub as an App with an exclude rule: the preview leaves the excluded token out, the edit dialog tests the rule, a sync brings the rest in', async () => {
    const inDaysAt = (days: number) => `${inDays(days)}T00:00:00Z`;
    github.setOrganization('acme', {
      tokens: [
        { id: 1, owner: 'octocat', token_name: 'release', token_expires_at: inDaysAt(25) },
        { id: 2, owner: 'hubot', token_name: 'sandbox bot', token_expires_at: inDaysAt(35) },
      ],
      repositories: { api: [{ id: 7, title: 'ci', created_at: inDaysAt(-5) }] },
    });
    // The free plan's one integration: the GitLab one goes first.
    const gitlab = await openIntegrations();
    await deleteOnlyIntegration(gitlab);

    await page.getByRole('button', { name: 'Add integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add integration' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'GitHub' }).click();
    await dialog.getByText(/Personal access tokens: Read/).waitFor();
    await field(dialog, 'Name').fill('Stand-in GitHub');
    await field(dialog, 'GitHub API URL').fill(github.apiUrl);
    await field(dialog, 'Organization').fill('acme');
    await field(dialog, 'App id').fill(github.appId);
    await field(dialog, 'Private key').fill(github.appPrivateKey);
    await field(dialog, 'Exclude patterns').fill('sandbox');
    await screenshot(page, 'integrations-github-dialog');
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add and preview' }).click();

    const card = page.getByRole('article', { name: 'Stand-in GitHub' });
    const preview = card.getByRole('region', { name: 'Preview' });
    await preview.getByText('A first sync would do this: 2 created', { exact: false }).waitFor();
    expect(
      await preview.getByText('New: GitHub fine-grained token: release (octocat)').count(),
    ).toBe(1);
    expect(await preview.getByText(/sandbox bot/).count()).toBe(0);
    await card.getByText('Rules: exclude sandbox.').waitFor();

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Stand-in GitHub' });
    const tested = edit.getByRole('region', { name: 'Rules tested against the last preview' });
    await tested.getByText('Tested against the last preview: 2 of 3 items kept.').waitFor();
    await tested.getByText('Exclude sandbox: matches 1').waitFor();
    await screenshot(page, 'integrations-github-rules');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'Enable and sync' }).click();
    await card
      .getByRole('region', { name: 'Last sync report' })
      .getByText('Synced: 2 created', { exact: false })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('adds Azure: the least privileges with their script, then Key Vault items and app registration secrets previewed and synced', async () => {
    const inDaysAt = (days: number) => `${inDays(days)}T12:00:00Z`;
    azure.setState({
      applications: [
        {
          appId: '11111111-2222-4333-8444-555555555555',
          displayName: 'billing-api',
          passwordCredentials: [{ keyId: 'k1', displayName: 'ci', endDateTime: inDaysAt(15) }],
        },
      ],
      vaults: { ops: { secrets: [{ name: 'db-password', expires: inDaysAt(25) }] } },
    });
    const github = page.getByRole('article', { name: 'Stand-in GitHub' });
    await deleteOnlyIntegration(github);

    await page.getByRole('button', { name: 'Add integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add integration' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Azure (Key Vault and Entra ID)' }).click();
    const permissions = dialog.getByRole('region', { name: 'Least privileges in Azure' });
    expect(
      await permissions.getByRole('region', { name: 'Azure CLI script' }).textContent(),
    ).toContain('"Key Vault Reader"');
    await field(dialog, 'Name').fill('Stand-in Azure');
    await field(dialog, 'Tenant id').fill(azure.tenantId);
    await field(dialog, 'Client id').fill(azure.clientId);
    await field(dialog, 'Client secret').fill(azure.clientSecret);
    await field(dialog, 'Key Vault URLs').fill(azure.vaultUrl('ops'));
    await field(dialog, 'Login endpoint (authority host)').fill(azure.url);
    await field(dialog, 'Microsoft Graph URL').fill(azure.url);
    await screenshot(page, 'integrations-azure-dialog');
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add and preview' }).click();

    const card = page.getByRole('article', { name: 'Stand-in Azure' });
    const preview = card.getByRole('region', { name: 'Preview' });
    await preview.getByText('A first sync would do this: 2 created', { exact: false }).waitFor();
    expect(await preview.getByText('New: Azure Key Vault secret: db-password (ops)').count()).toBe(
      1,
    );
    expect(await preview.getByText('New: Entra ID app billing-api client secret: ci').count()).toBe(
      1,
    );
    await card.getByRole('button', { name: 'Enable and sync' }).click();
    await card
      .getByRole('region', { name: 'Last sync report' })
      .getByText('Synced: 2 created', { exact: false })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('adds Google Cloud with a service account key: the roles with their script, then a secret and a key previewed and synced', async () => {
    const inDaysAt = (days: number) => `${inDays(days)}T12:00:00Z`;
    gcp.setState({
      projects: {
        'demo-project': {
          secrets: [{ id: 'db-password', expireTime: inDaysAt(18) }],
          serviceAccounts: {
            'ci@demo-project.iam.gserviceaccount.com': [
              { id: 'abcdef0123456789', validBeforeTime: inDaysAt(40) },
            ],
          },
        },
      },
    });
    const azureCard = page.getByRole('article', { name: 'Stand-in Azure' });
    await deleteOnlyIntegration(azureCard);

    await page.getByRole('button', { name: 'Add integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add integration' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Google Cloud' }).click();
    // Federation signs in with the deployment's AWS role, which the local runtime has not.
    await dialog.getByRole('combobox', { name: 'Sign in with' }).click();
    await page.getByRole('option', { name: /^Workload identity federation/ }).click();
    await dialog.getByText(/does not run in AWS \(the local runtime\)/).waitFor();
    await dialog.getByRole('combobox', { name: 'Sign in with' }).click();
    await page.getByRole('option', { name: /^Service account key/ }).click();
    await dialog.getByText(/^Signs in with a service account key/).waitFor();
    expect(await dialog.getByRole('region', { name: 'gcloud script' }).textContent()).toContain(
      'roles/secretmanager.viewer',
    );
    await field(dialog, 'Name').fill('Stand-in Google Cloud');
    await field(dialog, 'Projects').fill('demo-project');
    await field(dialog, 'Service account key').fill(gcp.serviceAccountKey);
    await field(dialog, 'Token URL').fill(gcp.tokenUrl);
    await field(dialog, 'Secret Manager URL').fill(gcp.url);
    await field(dialog, 'IAM URL').fill(gcp.url);
    await screenshot(page, 'integrations-gcp-dialog');
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add and preview' }).click();

    const card = page.getByRole('article', { name: 'Stand-in Google Cloud' });
    const preview = card.getByRole('region', { name: 'Preview' });
    await preview.getByText('A first sync would do this: 2 created', { exact: false }).waitFor();
    expect(
      await preview.getByText('New: Google Cloud secret: db-password (demo-project)').count(),
    ).toBe(1);
    await card.getByRole('button', { name: 'Enable and sync' }).click();
    await card
      .getByRole('region', { name: 'Last sync report' })
      .getByText('Synced: 2 created', { exact: false })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });
});
