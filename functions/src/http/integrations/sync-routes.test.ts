import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import {
  INTEGRATION_MESSAGES,
  type Integration,
  type ListIntegrationsResponse,
  type SyncReport,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { invoke } from '../../../test-support/api-gateway-event';
import { makeSelfSignedCertificate } from '../../../test-support/certificates';
import { startGitlabStandIn, type GitlabStandIn } from '../../../test-support/gitlab-stand-in';
import { inDays } from '../../../test-support/token-fixtures';
import { startVaultStandIn, type VaultStandIn } from '../../../test-support/vault-stand-in';
import { startGithubStandIn, type GithubStandIn } from '../../local/emulators/github-stand-in';
import { startAzureStandIn, type AzureStandIn } from '../../local/emulators/azure-stand-in';
import { startGcpStandIn, type GcpStandIn } from '../../local/emulators/gcp-stand-in';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import {
  findDueIntegrations,
  findIntegration,
  replaceIntegration,
} from '../../data/integration-records';
import { listAllTokens } from '../../data/token-records';
import { SYNC_INTERVAL_HOURS } from '../../domain/integration-schedule';
import { resetConfigForTests } from '../../platform/config';
import { handler as createIntegration } from './create-integration';
import { handler as previewIntegrationSync } from './preview-integration-sync';
import { handler as listIntegrations } from './list-integrations';
import { handler as syncIntegration } from './sync-integration';
import { handler as updateIntegration } from './update-integration';

const LIST_ROUTE = '/api/v1/workspaces/{id}/integrations';

let standIn: GitlabStandIn;
let vault: VaultStandIn;
let github: GithubStandIn;
let azure: AzureStandIn;
let gcp: GcpStandIn;
beforeAll(async () => {
  // The stand-ins listen on loopback, which outbound calls reach only when allowed (never in production).
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  standIn = await startGitlabStandIn();
  vault = await startVaultStandIn({ namespace: 'ops' });
  github = await startGithubStandIn();
  azure = await startAzureStandIn();
  gcp = await startGcpStandIn();
});
afterAll(async () => {
  await standIn.stop();
  await github.stop();
  await azure.stop();
  await gcp.stop();
  await vault.stop();
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
});

const post = (
  handler: typeof syncIntegration,
  action: 'sync' | 'preview',
  workspaceId: string,
  iid: string,
  cookie: string,
) =>
  invoke(
    handler,
    routeRequest('POST', `${LIST_ROUTE}/{iid}/${action}`, {
      params: { id: workspaceId, iid },
      cookie,
    }),
  );

type Team = Awaited<ReturnType<typeof givenTeam>>;

/** The team's admin adds an integration (`body` as POST .../integrations takes it); its id. */
async function addIntegration(team: Team, body: Record<string, unknown>): Promise<string> {
  const created = await invoke(
    createIntegration,
    routeRequest('POST', LIST_ROUTE, {
      params: { id: team.workspaceId },
      cookie: team.admin.cookie,
      body,
    }),
  );
  if (created.statusCode !== 201) throw new Error(created.body);
  return (created.json as Integration).id;
}

async function discoveredNames(workspaceId: string) {
  return (await listAllTokens(workspaceId))
    .map((record) => record.token)
    .filter((token) => token.source)
    .map((token) => [token.name, token.expiresAt, token.source?.removed_at ?? null])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describe('POST .../integrations/{iid}/preview and /sync', () => {
  it('previews without writing, syncs, then follows a renewal and a removal at the source', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const id = await addIntegration(team, {
      kind: 'gitlab',
      name: 'GitLab stand-in',
      settings: { base_url: standIn.baseUrl },
      credentials: { token: standIn.token },
    });
    standIn.setTokens([
      { id: 1, name: 'ci', expires_at: inDays(20) },
      { id: 2, name: 'bot', expires_at: inDays(40) },
    ]);

    const preview = await post(
      previewIntegrationSync,
      'preview',
      team.workspaceId,
      id,
      team.manager.cookie,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json).toMatchObject({ dry_run: true, created: 2, errors: [] });
    expect(preview.body).not.toContain(standIn.token);
    expect(await discoveredNames(team.workspaceId)).toEqual([]);

    const first = await post(syncIntegration, 'sync', team.workspaceId, id, team.manager.cookie);
    // Read whole within the request: its report, done.
    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({
      state: 'done',
      dry_run: false,
      created: 2,
      updated: 0,
      removed: 0,
    });
    expect(await discoveredNames(team.workspaceId)).toEqual([
      ['GitLab personal access token: bot', inDays(40), null],
      ['GitLab personal access token: ci', inDays(20), null],
    ]);

    standIn.setTokens([{ id: 1, name: 'ci', expires_at: inDays(300) }]);
    const second = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
    expect(second.json as SyncReport).toMatchObject({ updated: 1, renewed: 1, removed: 1 });
    const names = await discoveredNames(team.workspaceId);
    expect(names.map(([name, expiry, removed]) => [name, expiry, removed !== null])).toEqual([
      ['GitLab personal access token: bot', inDays(40), true],
      ['GitLab personal access token: ci', inDays(300), false],
    ]);

    const third = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
    expect(third.json).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 1 });
  });

  it("counts a sync now as the day's sync: the scheduled one moves a day on, so it does not run again at once", async () => {
    const team = await givenTeam({ plan: 'pro' });
    standIn.setTokens([{ id: 1, name: 'ci', expires_at: inDays(20) }]);
    // Enabled on the daily schedule: due at once, as after "Enable and sync".
    const id = await addIntegration(team, {
      kind: 'gitlab',
      name: 'Daily GitLab',
      enabled: true,
      schedule: 'daily',
      settings: { base_url: standIn.baseUrl },
      credentials: { token: standIn.token },
    });
    const isDue = async () =>
      (await findDueIntegrations(new Date())).some((due) => due.integrationId === id);
    expect(await isDue()).toBe(true);

    const before = Date.now();
    const synced = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
    expect(synced.json).toMatchObject({ dry_run: false, created: 1 });
    expect(await isDue()).toBe(false);
    const next = Date.parse((await findIntegration(team.workspaceId, id))!.nextSyncAt!);
    const day = SYNC_INTERVAL_HOURS * 60 * 60 * 1000;
    expect(next).toBeGreaterThanOrEqual(before + day);
    expect(next).toBeLessThanOrEqual(Date.now() + day);

    // A preview is not a sync: the schedule stays.
    await post(previewIntegrationSync, 'preview', team.workspaceId, id, team.admin.cookie);
    expect(Date.parse((await findIntegration(team.workspaceId, id))!.nextSyncAt!)).toBe(next);
  });

  it('syncs a Vault integration: its certificates, KV secrets with an expiry and its token', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const certificate = makeSelfSignedCertificate({ commonName: 'api.example.com', days: 60 });
    vault.setCertificates('pki', [{ serial: '0a:0b', pem: certificate.pem }]);
    vault.setSecrets('kv', {
      'payments/stripe': { expires_at: inDays(45) },
      'payments/notes': null,
    });
    vault.setTokenExpiry(`${inDays(25)}T12:00:00Z`);
    const id = await addIntegration(team, {
      kind: 'vault',
      name: 'Vault stand-in',
      settings: {
        address: vault.address,
        namespace: 'ops',
        pki_mounts: ['pki'],
        kv_mounts: ['kv'],
      },
      credentials: { token: vault.token },
    });

    const first = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({ created: 3, errors: [] });
    expect(first.body).not.toContain(vault.token);
    const tokens = (await listAllTokens(team.workspaceId)).map((record) => record.token);
    expect(
      tokens
        .map((token) => [token.source?.external_id, token.name, token.type, token.expiresAt])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['kv:kv:payments/stripe', 'payments/stripe', 'secret', inDays(45)],
      ['pki:pki:0a:0b', 'api.example.com', 'ssl_cert', inDays(60)],
      ['token:stored-token-accessor', 'Vault token: token-expiry-radar', 'api_key', inDays(25)],
    ]);

    const again = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
    expect(again.json).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 3 });
  });

  it('refuses CR, LF or NUL in a Vault namespace or a token with 400, also when stored before the rules', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const vaultBody = (namespace: string, token: string) => ({
      kind: 'vault',
      name: 'Vault stand-in',
      settings: { address: vault.address, namespace, pki_mounts: [], kv_mounts: [] },
      credentials: { token },
    });
    for (const [namespace, token] of [
      ['ops\r\nX-Injected: 1', vault.token],
      ['ops\u0000', vault.token],
      ['ops', `${vault.token}\nX-Injected: 1`],
      ['ops', `${vault.token}\u0000`],
    ]) {
      const created = await invoke(
        createIntegration,
        routeRequest('POST', LIST_ROUTE, {
          params: { id: team.workspaceId },
          cookie: team.admin.cookie,
          body: vaultBody(namespace!, token!),
        }),
      );
      expect(created.statusCode).toBe(400);
      expect(created.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const gitlabToken = await invoke(
      createIntegration,
      routeRequest('POST', LIST_ROUTE, {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
        body: {
          kind: 'gitlab',
          name: 'GitLab',
          settings: { base_url: standIn.baseUrl },
          credentials: { token: 'glpat\r\nX: 1' },
        },
      }),
    );
    expect(gitlabToken.statusCode).toBe(400);

    // Stored before these rules: preview and sync answer 400 with the reason, nothing is sent.
    const id = await addIntegration(team, vaultBody('ops', vault.token));
    const stored = await findIntegration(team.workspaceId, id);
    await replaceIntegration({
      ...stored!,
      settings: { ...stored!.settings, namespace: 'ops\r\nX-Injected: 1' },
      revision: stored!.revision + 1,
    });
    for (const [handler, action] of [
      [previewIntegrationSync, 'preview'],
      [syncIntegration, 'sync'],
    ] as const) {
      const answer = await post(handler, action, team.workspaceId, id, team.admin.cookie);
      expect(answer.statusCode).toBe(400);
      expect(answer.json).toMatchObject({
        error:
          'Namespace must not contain line breaks or NUL characters. Edit the integration to fix it.',
      });
    }
    const sealed = await getCredentialSealer().seal(JSON.stringify({ token: 'hvs.x\r\nX: 1' }), {
      workspaceId: team.workspaceId,
      integrationId: id,
    });
    const current = await findIntegration(team.workspaceId, id);
    await replaceIntegration({
      ...current!,
      settings: { ...current!.settings, namespace: 'ops' },
      sealedCredentials: sealed,
      revision: current!.revision + 1,
    });
    const withBadToken = await post(
      previewIntegrationSync,
      'preview',
      team.workspaceId,
      id,
      team.admin.cookie,
    );
    expect(withBadToken.statusCode).toBe(400);
    expect(withBadToken.json).toMatchObject({
      error:
        'Credentials must not contain line breaks or NUL characters. Edit the integration to fix it.',
    });
  });

  it('refuses viewers; an AWS integration run outside AWS answers a report error, not a failure', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const id = await addIntegration(team, {
      kind: 'aws',
      name: 'AWS',
      settings: { role_arn: 'arn:aws:iam::123456789012:role/Read', regions: ['us-east-1'] },
    });
    const byViewer = await post(syncIntegration, 'sync', team.workspaceId, id, team.viewer.cookie);
    expect(byViewer.statusCode).toBe(403);
    // The local runtime (and these tests) run in no AWS account: no role can be assumed.
    for (const [handler, action] of [
      [previewIntegrationSync, 'preview'],
      [syncIntegration, 'sync'],
    ] as const) {
      const answer = await post(handler, action, team.workspaceId, id, team.admin.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json).toMatchObject({
        created: 0,
        removed: 0,
        errors: [
          'Could not assume the role arn:aws:iam::123456789012:role/Read: this installation does not run in an AWS account (the local runtime), so it has no credentials to assume roles with. AWS discovery works where Expiry Radar is deployed to AWS.',
        ],
      });
    }
  });

  it('syncs a GitHub organization as a GitHub App: rotation updates the same token, one gone is marked, one excluded never appears, a second sync writes nothing', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const day = (days: number) => `${inDays(days)}T00:00:00Z`;
    github.setOrganization('acme', {
      tokens: [
        { id: 1, owner: 'octocat', token_name: 'release', token_expires_at: day(20) },
        { id: 2, owner: 'hubot', token_name: 'sandbox bot', token_expires_at: day(30) },
        { id: 3, owner: 'mona', token_name: 'docs', token_expires_at: day(40) },
      ],
      repositories: { api: [{ id: 7, title: 'ci', created_at: day(-10) }] },
    });
    const id = await addIntegration(team, {
      kind: 'github',
      name: 'GitHub stand-in',
      settings: { api_url: github.apiUrl, organization: 'acme', deploy_key_max_age_days: 60 },
      credentials: { app_id: github.appId, private_key: github.appPrivateKey },
      rules: { exclude: ['sandbox'] },
    });
    const sync = async () =>
      (await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie))
        .json as SyncReport;
    const preview = await post(
      previewIntegrationSync,
      'preview',
      team.workspaceId,
      id,
      team.admin.cookie,
    );
    expect(preview.body).not.toContain('PRIVATE KEY');
    expect(preview.json).toMatchObject({ created: 3, errors: [] });

    expect(await sync()).toMatchObject({ created: 3, errors: [] });
    expect(await discoveredNames(team.workspaceId)).toEqual([
      ['GitHub deploy key: ci (api)', inDays(50), null],
      ['GitHub fine-grained token: docs (mona)', inDays(40), null],
      ['GitHub fine-grained token: release (octocat)', inDays(20), null],
    ]);

    // Rotated at the source (a later expiry) and one gone.
    github.setOrganization('acme', {
      tokens: [{ id: 1, owner: 'octocat', token_name: 'release', token_expires_at: day(200) }],
      repositories: { api: [{ id: 7, title: 'ci', created_at: day(-10) }] },
    });
    expect(await sync()).toMatchObject({ updated: 1, renewed: 1, removed: 1, created: 0 });
    const names = await discoveredNames(team.workspaceId);
    expect(names.map(([name, expiry, removed]) => [name, expiry, removed !== null])).toEqual([
      ['GitHub deploy key: ci (api)', inDays(50), false],
      ['GitHub fine-grained token: docs (mona)', inDays(40), true],
      ['GitHub fine-grained token: release (octocat)', inDays(200), false],
    ]);
    expect(await sync()).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 2 });
    const stored = await findIntegration(team.workspaceId, id);
    expect(stored?.lastSync).toMatchObject({ updated: 1, removed: 1 });
  });

  it('syncs Azure Key Vault and Entra ID: rotation updates the same token, one gone is marked, one excluded never appears, a second sync writes nothing', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const day = (days: number) => `${inDays(days)}T12:00:00Z`;
    const app = (secretEnd: string) => ({
      appId: '11111111-2222-4333-8444-555555555555',
      displayName: 'billing-api',
      passwordCredentials: [{ keyId: 'secret-1', displayName: 'ci', endDateTime: secretEnd }],
    });
    azure.setState({
      applications: [app(day(20))],
      vaults: {
        ops: {
          secrets: [
            { name: 'db-password', expires: day(30) },
            { name: 'sandbox-token', expires: day(40) },
          ],
          certificates: [{ name: 'www', expires: day(50) }],
        },
      },
    });
    const id = await addIntegration(team, {
      kind: 'azure',
      name: 'Azure stand-in',
      settings: {
        tenant_id: azure.tenantId,
        authority_host: azure.url,
        graph_url: azure.url,
        management_url: azure.url,
        vault_urls: [azure.vaultUrl('ops')],
      },
      credentials: { client_id: azure.clientId, client_secret: azure.clientSecret },
      rules: { exclude: ['sandbox'] },
    });
    const sync = async () =>
      (await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie))
        .json as SyncReport;
    const first = await sync();
    expect(first).toMatchObject({ created: 3, errors: [] });
    expect(JSON.stringify(first)).not.toContain(azure.clientSecret);
    expect(await discoveredNames(team.workspaceId)).toEqual([
      ['Azure Key Vault certificate: www (ops)', inDays(50), null],
      ['Azure Key Vault secret: db-password (ops)', inDays(30), null],
      ['Entra ID app billing-api client secret: ci', inDays(20), null],
    ]);

    // The client secret rotated (a later end date) and the certificate deleted.
    azure.setState({
      applications: [app(day(400))],
      vaults: { ops: { secrets: [{ name: 'db-password', expires: day(30) }] } },
    });
    expect(await sync()).toMatchObject({ updated: 1, renewed: 1, removed: 1, created: 0 });
    const names = await discoveredNames(team.workspaceId);
    expect(names.map(([name, expiry, removed]) => [name, expiry, removed !== null])).toEqual([
      ['Azure Key Vault certificate: www (ops)', inDays(50), true],
      ['Azure Key Vault secret: db-password (ops)', inDays(30), false],
      ['Entra ID app billing-api client secret: ci', inDays(400), false],
    ]);
    expect(await sync()).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 2 });
  });

  it('syncs Google Cloud secrets and service account keys: rotation updates the same token, one gone is marked, one excluded never appears, a second sync writes nothing', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const day = (days: number) => `${inDays(days)}T08:00:00Z`;
    const account = 'ci@demo-project.iam.gserviceaccount.com';
    gcp.setState({
      projects: {
        'demo-project': {
          secrets: [
            { id: 'db-password', expireTime: day(30) },
            { id: 'sandbox-token', expireTime: day(35) },
            { id: 'api-token', nextRotationTime: day(10) },
          ],
          serviceAccounts: { [account]: [{ id: 'keyaaaa1111', validBeforeTime: day(60) }] },
        },
      },
    });
    const id = await addIntegration(team, {
      kind: 'gcp',
      name: 'Google Cloud stand-in',
      settings: {
        project_ids: ['demo-project'],
        token_url: gcp.tokenUrl,
        secret_manager_url: gcp.url,
        iam_url: gcp.url,
      },
      credentials: { service_account_key: gcp.serviceAccountKey },
      rules: { exclude: ['sandbox'] },
    });
    const sync = async () =>
      (await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie))
        .json as SyncReport;
    const first = await sync();
    expect(first).toMatchObject({ created: 3, errors: [] });
    expect(JSON.stringify(first)).not.toContain('PRIVATE KEY');
    expect(await discoveredNames(team.workspaceId)).toEqual([
      ['Google Cloud secret: api-token (demo-project)', inDays(10), null],
      ['Google Cloud secret: db-password (demo-project)', inDays(30), null],
      [
        'Google Cloud service account key: ci@demo-project.iam.gserviceaccount.com (keyaaaa1)',
        inDays(60),
        null,
      ],
    ]);

    // The secret rotated (its next rotation later) and the key deleted.
    gcp.setState({
      projects: {
        'demo-project': {
          secrets: [
            { id: 'db-password', expireTime: day(30) },
            { id: 'api-token', nextRotationTime: day(40) },
          ],
          serviceAccounts: { [account]: [] },
        },
      },
    });
    expect(await sync()).toMatchObject({ updated: 1, renewed: 1, removed: 1, created: 0 });
    const names = await discoveredNames(team.workspaceId);
    expect(names.map(([name, expiry, removed]) => [name, expiry, removed !== null])).toEqual([
      ['Google Cloud secret: api-token (demo-project)', inDays(40), false],
      ['Google Cloud secret: db-password (demo-project)', inDays(30), false],
      [
        'Google Cloud service account key: ci@demo-project.iam.gserviceaccount.com (keyaaaa1)',
        inDays(60),
        true,
      ],
    ]);
    expect(await sync()).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 2 });
  });
  it("signs in to Google Cloud by workload identity federation with the workspace's session of the deployment's role, storing no key", async () => {
    const team = await givenTeam({ plan: 'pro' });
    gcp.setState({
      projects: {
        'fed-project': { secrets: [{ id: 'ledger', expireTime: `${inDays(25)}T08:00:00Z` }] },
      },
    });
    const settings = {
      project_ids: ['fed-project'],
      secret_manager_url: gcp.url,
      iam_url: gcp.url,
      sts_url: gcp.url,
      iam_credentials_url: gcp.url,
      sign_in: 'workload_identity',
      workload_identity_provider: gcp.workloadIdentityProvider,
      service_account_email: gcp.federatedServiceAccount,
    };
    const refused = await invoke(
      createIntegration,
      routeRequest('POST', LIST_ROUTE, {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
        body: {
          kind: 'gcp',
          name: 'Federated',
          settings,
          credentials: { service_account_key: gcp.serviceAccountKey },
        },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({ error: INTEGRATION_MESSAGES.noKeyWithWorkloadIdentity });
    const id = await addIntegration(team, {
      kind: 'gcp',
      name: 'Federated',
      settings,
      credentials: {},
    });
    expect((await findIntegration(team.workspaceId, id))?.sealedCredentials).toBeNull();

    // Outside AWS there is no role to sign with: the report says so.
    const local = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
    expect((local.json as SyncReport).errors).toEqual([
      expect.stringContaining(
        "Workload identity federation signs in with the deployment's AWS role",
      ),
    ]);

    const roleArn = 'arn:aws:iam::111122223333:role/ExpiryRadar-GcpFederationRole';
    process.env.GCP_FEDERATION_ROLE_ARN = roleArn;
    resetConfigForTests();
    const sts = mockClient(STSClient);
    sts.on(AssumeRoleCommand).resolves({
      Credentials: {
        AccessKeyId: 'ASIAFEDERATED',
        SecretAccessKey: 'secret',
        SessionToken: 'session',
        Expiration: new Date(Date.now() + 900_000),
      },
    });
    try {
      const synced = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
      expect(synced.json).toMatchObject({ created: 1, errors: [] });
      expect(sts.commandCalls(AssumeRoleCommand)[0]?.args[0].input).toMatchObject({
        RoleArn: roleArn,
        RoleSessionName: `expiry-radar-${team.workspaceId}`,
      });
      expect(gcp.federations.at(-1)).toEqual({
        accessKeyId: 'ASIAFEDERATED',
        region: process.env.AWS_REGION ?? 'us-east-1',
        audience: gcp.workloadIdentityProvider,
      });
      const listed = await invoke(
        listIntegrations,
        routeRequest('GET', LIST_ROUTE, {
          params: { id: team.workspaceId },
          cookie: team.admin.cookie,
        }),
      );
      expect((listed.json as ListIntegrationsResponse).gcp_federation_subject).toBe(
        `arn:aws:sts::111122223333:assumed-role/ExpiryRadar-GcpFederationRole/expiry-radar-${team.workspaceId}`,
      );

      // Impersonating a service account the pool may not: the sync is refused, nothing marked.
      const other = await invoke(
        updateIntegration,
        routeRequest('PATCH', `${LIST_ROUTE}/{iid}`, {
          params: { id: team.workspaceId, iid: id },
          cookie: team.admin.cookie,
          body: {
            settings: {
              ...settings,
              service_account_email: 'someone@fed-project.iam.gserviceaccount.com',
            },
          },
        }),
      );
      expect(other.statusCode).toBe(200);
      const denied = await post(syncIntegration, 'sync', team.workspaceId, id, team.admin.cookie);
      expect((denied.json as SyncReport).errors).toEqual([
        expect.stringMatching(
          /^Impersonating someone@fed-project\.iam\.gserviceaccount\.com refused the sign-in \(403\)/,
        ),
      ]);
      expect((denied.json as SyncReport).removed).toBe(0);
    } finally {
      sts.restore();
      delete process.env.GCP_FEDERATION_ROLE_ARN;
      resetConfigForTests();
    }
  });
});
