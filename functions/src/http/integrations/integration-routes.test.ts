import '../../../test-support/log-at-info';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  Integration,
  ListIntegrationsResponse,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { getCredentialSealer, localCredentialSealer } from '../../adapters/credential-sealer';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { INTEGRATION_COUNT } from '../../data/entities/integration';
import { findIntegration } from '../../data/integration-records';
import { keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig, resetConfigForTests } from '../../platform/config';
import { logger } from '../../platform/logger';
import { handler as createIntegration } from './create-integration';
import { handler as deleteIntegration } from './delete-integration';
import { handler as listIntegrations } from './list-integrations';
import { handler as updateIntegration } from './update-integration';

const LIST_ROUTE = '/api/v1/workspaces/{id}/integrations';
const ONE_ROUTE = '/api/v1/workspaces/{id}/integrations/{iid}';
const GITLAB_TOKEN = 'glpat-Secret-Token-123456789';
const VAULT_SECRET_ID = 'vault-secret-id-4f1b2c';

const list = (workspaceId: string, cookie?: string) =>
  invoke(
    listIntegrations,
    routeRequest('GET', LIST_ROUTE, { params: { id: workspaceId }, cookie }),
  );
const create = (workspaceId: string, cookie: string | undefined, body: unknown) =>
  invoke(
    createIntegration,
    routeRequest('POST', LIST_ROUTE, { params: { id: workspaceId }, cookie, body }),
  );
const update = (workspaceId: string, iid: string, cookie: string | undefined, body: unknown) =>
  invoke(
    updateIntegration,
    routeRequest('PATCH', ONE_ROUTE, { params: { id: workspaceId, iid }, cookie, body }),
  );
const remove = (workspaceId: string, iid: string, cookie?: string) =>
  invoke(
    deleteIntegration,
    routeRequest('DELETE', ONE_ROUTE, { params: { id: workspaceId, iid }, cookie }),
  );

const gitlabBody = {
  kind: 'gitlab',
  name: 'GitLab.com',
  settings: { base_url: 'https://gitlab.example.com/', project_ids: ['42', 'ops/infra'] },
  credentials: { token: GITLAB_TOKEN },
};

/** Every line written to stdout and every logger call made while `run` runs, as text. */
async function captureLogging<T>(run: () => Promise<T>): Promise<{ result: T; logged: string }> {
  const written: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  const methods = ['debug', 'info', 'warn', 'error', 'critical', 'appendKeys'] as const;
  const spies = methods.map((method) => jest.spyOn(logger, method));
  let result: T;
  try {
    result = await run();
  } finally {
    write.mockRestore();
  }
  const calls = spies.flatMap((spy) => spy.mock.calls.map((args) => JSON.stringify(args)));
  spies.forEach((spy) => spy.mockRestore());
  return { result, logged: [...written, ...calls].join('\n') };
}

async function storedItem(workspaceId: string, integrationId: string) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.integration(workspaceId, integrationId),
    }),
  );
  return Item;
}

async function integrationCount(workspaceId: string): Promise<unknown> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.workspace(workspaceId) }),
  );
  return Item?.[INTEGRATION_COUNT];
}

describe('POST /api/v1/workspaces/{id}/integrations', () => {
  it('stores a GitLab integration with its token sealed, answers and logs no credentials', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const { result: response, logged } = await captureLogging(() =>
      create(team.workspaceId, team.manager.cookie, gitlabBody),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json as Integration;
    expect(body).toEqual({
      id: expect.any(String) as string,
      workspace_id: team.workspaceId,
      kind: 'gitlab',
      name: 'GitLab.com',
      schedule: 'daily',
      enabled: false,
      settings: {
        base_url: 'https://gitlab.example.com',
        project_ids: ['42', 'ops/infra'],
        group_ids: [],
      },
      rules: { include: [], exclude: [], removed: 'mark', delete_after_days: 30 },
      has_credentials: true,
      last_sync: null,
      paused: false,
      syncing_since: null,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    expect(response.body).not.toContain(GITLAB_TOKEN);
    expect(logged).not.toContain(GITLAB_TOKEN);

    const item = await storedItem(team.workspaceId, body.id);
    expect(JSON.stringify(item)).not.toContain(GITLAB_TOKEN);
    const context = { workspaceId: team.workspaceId, integrationId: body.id };
    const sealed = String(item?.sealedCredentials);
    expect(JSON.parse(await getCredentialSealer().open(sealed, context))).toEqual({
      token: GITLAB_TOKEN,
    });
    // Bound to its integration and to the key: neither another integration nor another key opens it.
    await expect(
      getCredentialSealer().open(sealed, { ...context, integrationId: 'another' }),
    ).rejects.toThrow();
    await expect(localCredentialSealer('another key').open(sealed, context)).rejects.toThrow();
    expect(await integrationCount(team.workspaceId)).toBe(1);

    const [event] = await listWorkspaceAuditEvents(team.workspaceId, {
      count: 10,
      now: new Date(),
    });
    expect(event).toMatchObject({
      action: 'integration.created',
      actor: { id: team.manager.userId },
      target: { type: 'integration', id: body.id, name: 'GitLab.com' },
      metadata: { kind: 'gitlab', schedule: 'daily', enabled: false },
    });
    expect(JSON.stringify(event)).not.toContain(GITLAB_TOKEN);
  });

  it('takes Vault with AppRole and AWS without any secret', async () => {
    const team = await givenTeam({ plan: 'team' });
    const vault = await create(team.workspaceId, team.admin.cookie, {
      kind: 'vault',
      name: 'Vault',
      settings: { address: 'https://vault.example.com:8200', pki_mounts: ['pki'] },
      credentials: { role_id: 'role-1', secret_id: VAULT_SECRET_ID },
    });
    expect(vault.statusCode).toBe(201);
    expect(vault.body).not.toContain(VAULT_SECRET_ID);
    expect((vault.json as Integration).has_credentials).toBe(true);

    const aws = await create(team.workspaceId, team.admin.cookie, {
      kind: 'aws',
      name: 'Production account',
      schedule: 'manual',
      settings: {
        role_arn: 'arn:aws:iam::123456789012:role/ExpiryRadarDiscovery',
        regions: ['eu-west-1'],
      },
    });
    expect(aws.statusCode).toBe(201);
    expect(aws.json).toMatchObject({
      kind: 'aws',
      schedule: 'manual',
      has_credentials: false,
      settings: { regions: ['eu-west-1'], access_key_max_age_days: 90 },
    });
  });

  it('refuses bad input with a clear 400', async () => {
    const team = await givenTeam();
    const cases: Array<[unknown, string]> = [
      [
        { ...gitlabBody, kind: 'jenkins' },
        'Kind must be one of aws, gitlab, vault, github, azure or gcp',
      ],
      [{ ...gitlabBody, name: ' ' }, 'Integration name is required'],
      [{ ...gitlabBody, credentials: {} }, 'Token is required'],
      [{ ...gitlabBody, settings: { base_url: 'ftp://x' } }, 'URL must be a valid http(s) URL'],
      [
        { kind: 'aws', name: 'A', settings: { role_arn: 'nope', regions: ['us-east-1'] } },
        'Role ARN must look like arn:aws:iam::123456789012:role/name',
      ],
      [
        { kind: 'vault', name: 'V', settings: { address: 'https://v' }, credentials: {} },
        'Give either a Vault token or an AppRole role id and secret id',
      ],
      [
        { kind: 'github', name: 'G', settings: { organization: 'ac me' }, credentials: {} },
        'Organization must be a GitHub organization login',
      ],
      [
        { kind: 'github', name: 'G', settings: { organization: 'acme' }, credentials: {} },
        'Give either a GitHub token or a GitHub App id and its private key',
      ],
      [
        {
          kind: 'github',
          name: 'G',
          settings: { organization: 'acme', repositories: ['a/b'] },
          credentials: { token: 't' },
        },
        "Repositories must be names of the organization's repositories",
      ],
      [
        {
          kind: 'github',
          name: 'G',
          settings: { organization: 'acme', deploy_key_max_age_days: 0 },
          credentials: { token: 't' },
        },
        'Maximum deploy key age must be whole days between 1 and 3650',
      ],
      [
        {
          kind: 'github',
          name: 'G',
          settings: { organization: 'acme' },
          credentials: { app_id: '12', private_key: 'not a pem' },
        },
        "Private key must be the GitHub App's private key in PEM",
      ],
      [
        {
          kind: 'azure',
          name: 'A',
          settings: { tenant_id: 'not a tenant' },
          credentials: { client_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', client_secret: 's' },
        },
        'Tenant id must be a directory (tenant) id or a domain',
      ],
      [
        {
          kind: 'azure',
          name: 'A',
          settings: { tenant_id: 'contoso.onmicrosoft.com', subscription_ids: ['sub-1'] },
          credentials: { client_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', client_secret: 's' },
        },
        'Subscription ids must be GUIDs',
      ],
      [
        {
          kind: 'azure',
          name: 'A',
          settings: { tenant_id: 'contoso.onmicrosoft.com', app_registrations: false },
          credentials: { client_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', client_secret: 's' },
        },
        'Give Key Vault URLs or subscriptions, or read app registrations',
      ],
      [
        {
          kind: 'azure',
          name: 'A',
          settings: { tenant_id: 'contoso.onmicrosoft.com' },
          credentials: { client_id: 'app', client_secret: 's' },
        },
        'Client id must be the application (client) id, a GUID',
      ],
      [
        {
          kind: 'azure',
          name: 'A',
          settings: { tenant_id: 'contoso.onmicrosoft.com' },
          credentials: {
            client_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
            certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
          },
        },
        'Certificate must be the PEM file holding the certificate (-----BEGIN CERTIFICATE-----) and its RSA private key (-----BEGIN PRIVATE KEY-----)',
      ],
      [
        {
          kind: 'azure',
          name: 'A',
          settings: { tenant_id: 'contoso.onmicrosoft.com' },
          credentials: { client_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
        },
        'Give either a client secret or a certificate with its private key, not both',
      ],
      [
        { kind: 'gcp', name: 'G', settings: { project_ids: [] }, credentials: {} },
        'Give at least one project',
      ],
      [
        {
          kind: 'gcp',
          name: 'G',
          settings: { project_ids: ['Not_A_Project'] },
          credentials: { service_account_key: '{}' },
        },
        'Project ids must be Google Cloud project ids',
      ],
      [
        {
          kind: 'gcp',
          name: 'G',
          settings: { project_ids: ['demo-project'] },
          credentials: { service_account_key: '{"type": "authorized_user"}' },
        },
        'The service account key must be the JSON key file Google Cloud gave',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await create(team.workspaceId, team.admin.cookie, body);
      expect({ status: response.statusCode, body: JSON.stringify(response.json) }).toEqual({
        status: 400,
        body: expect.stringContaining(message) as string,
      });
    }
  });

  it('refuses viewers (403), outsiders (404) and frozen workspaces', async () => {
    const team = await givenTeam();
    expect((await create(team.workspaceId, team.viewer.cookie, gitlabBody)).statusCode).toBe(403);
    expect((await create(team.workspaceId, team.outsider.cookie, gitlabBody)).statusCode).toBe(404);
    expect((await create(team.workspaceId, undefined, gitlabBody)).statusCode).toBe(401);
    const frozen = await givenTeam({ frozen: true });
    expect((await create(frozen.workspaceId, frozen.admin.cookie, gitlabBody)).json).toMatchObject({
      code: 'WORKSPACE_FROZEN',
    });
  });

  it('keeps to the plan: one integration on free, the place given back by a deletion', async () => {
    const team = await givenTeam({ plan: 'free' });
    const first = await create(team.workspaceId, team.admin.cookie, gitlabBody);
    expect(first.statusCode).toBe(201);
    const second = await create(team.workspaceId, team.admin.cookie, gitlabBody);
    expect(second.statusCode).toBe(409);
    expect(second.json).toMatchObject({
      code: 'PLAN_LIMIT',
      error:
        'A workspace on the Free plan can have 1 integration. Upgrade the plan to add more integrations.',
    });
    const removed = await remove(
      team.workspaceId,
      (first.json as Integration).id,
      team.admin.cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect(await integrationCount(team.workspaceId)).toBe(0);
    expect((await create(team.workspaceId, team.admin.cookie, gitlabBody)).statusCode).toBe(201);
  });

  it('lets only as many concurrent creations through as the plan allows', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create(team.workspaceId, team.admin.cookie, gitlabBody)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    const listed = (await list(team.workspaceId, team.admin.cookie))
      .json as ListIntegrationsResponse;
    expect(listed.items).toHaveLength(5);
  });
});

describe('GET /api/v1/workspaces/{id}/integrations', () => {
  it("answers admins and managers the integrations without credentials, the limit and the workspace's external id", async () => {
    const team = await givenTeam({ plan: 'team' });
    await create(team.workspaceId, team.admin.cookie, gitlabBody);
    const { result: response, logged } = await captureLogging(() =>
      list(team.workspaceId, team.manager.cookie),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json as ListIntegrationsResponse;
    expect(body.items.map((item) => [item.kind, item.name, item.has_credentials])).toEqual([
      ['gitlab', 'GitLab.com', true],
    ]);
    expect(body.limit).toBe(20);
    expect(body.aws_external_id).toBe(`expiry-radar-${team.workspaceId}`);
    expect(body.aws_trusted_account_id).toBeNull();
    expect(response.body).not.toContain(GITLAB_TOKEN);
    expect(response.body).not.toContain('sealed');
    expect(logged).not.toContain(GITLAB_TOKEN);
    expect((await list(team.workspaceId, team.viewer.cookie)).statusCode).toBe(403);
    expect((await list(team.workspaceId, team.outsider.cookie)).statusCode).toBe(404);
  });

  it("names the account customers' AWS roles trust when it runs in AWS", async () => {
    const team = await givenTeam();
    process.env.DISCOVERY_ACCOUNT_ID = '111122223333';
    resetConfigForTests();
    try {
      const response = await list(team.workspaceId, team.admin.cookie);
      expect((response.json as ListIntegrationsResponse).aws_trusted_account_id).toBe(
        '111122223333',
      );
    } finally {
      delete process.env.DISCOVERY_ACCOUNT_ID;
      resetConfigForTests();
    }
  });
});

describe('PATCH /api/v1/workspaces/{id}/integrations/{iid}', () => {
  it('changes name, schedule and credentials, keeps credentials left out, audits what changed', async () => {
    const team = await givenTeam();
    const created = (await create(team.workspaceId, team.admin.cookie, gitlabBody))
      .json as Integration;
    const before = await findIntegration(team.workspaceId, created.id);

    const renamed = await update(team.workspaceId, created.id, team.manager.cookie, {
      name: 'GitLab (self-managed)',
      enabled: true,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'GitLab (self-managed)', enabled: true });
    const kept = await findIntegration(team.workspaceId, created.id);
    expect(kept?.sealedCredentials).toBe(before?.sealedCredentials);

    const rotatedToken = 'glpat-rotated-987654321';
    const { result: rotated, logged } = await captureLogging(() =>
      update(team.workspaceId, created.id, team.admin.cookie, {
        credentials: { token: rotatedToken },
      }),
    );
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body).not.toContain(rotatedToken);
    expect(logged).not.toContain(rotatedToken);
    const after = await findIntegration(team.workspaceId, created.id);
    const opened = await getCredentialSealer().open(after!.sealedCredentials!, {
      workspaceId: team.workspaceId,
      integrationId: created.id,
    });
    expect(JSON.parse(opened)).toEqual({ token: rotatedToken });

    const events = await listWorkspaceAuditEvents(team.workspaceId, { count: 10, now: new Date() });
    expect(events.map((event) => [event.action, event.metadata.changed])).toEqual([
      ['integration.updated', ['credentials']],
      ['integration.updated', ['name', 'enabled']],
      ['integration.created', undefined],
    ]);
    expect(JSON.stringify(events)).not.toContain(rotatedToken);
  });

  it('changes the rules, audits them, and refuses patterns that do not compile or could be slow', async () => {
    const team = await givenTeam();
    const created = (
      await create(team.workspaceId, team.admin.cookie, {
        ...gitlabBody,
        rules: { exclude: ['^sandbox'] },
      })
    ).json as Integration;
    expect(created.rules).toEqual({
      include: [],
      exclude: ['^sandbox'],
      removed: 'mark',
      delete_after_days: 30,
    });

    const rules = {
      include: ['^prod-', 'project:42:'],
      exclude: ['temp'],
      removed: 'delete',
      delete_after_days: 14,
    };
    const changed = await update(team.workspaceId, created.id, team.manager.cookie, { rules });
    expect(changed.statusCode).toBe(200);
    expect((changed.json as Integration).rules).toEqual(rules);
    const unchanged = await update(team.workspaceId, created.id, team.manager.cookie, {
      name: 'GitLab',
      rules,
    });
    expect(unchanged.statusCode).toBe(200);
    const events = await listWorkspaceAuditEvents(team.workspaceId, { count: 10, now: new Date() });
    expect(events.map((event) => [event.action, event.metadata.changed])).toEqual([
      ['integration.updated', ['name']],
      ['integration.updated', ['rules']],
      ['integration.created', undefined],
    ]);
    expect(events[1]?.metadata).toMatchObject({
      rules,
      previous_rules: { include: [], exclude: ['^sandbox'], removed: 'mark' },
    });
    expect(events[2]?.metadata).toMatchObject({
      rules: { include: [], exclude: ['^sandbox'], removed: 'mark' },
    });

    const cases: Array<[unknown, string]> = [
      [{ include: ['prod-('] }, 'The pattern prod-( is not a valid regular expression'],
      [{ exclude: ['(a+)+$'] }, 'The pattern (a+)+$ repeats a group that itself repeats'],
      [{ exclude: ['(x|xy)*z'] }, 'The pattern (x|xy)*z repeats a group that itself repeats'],
      [{ include: ['(a)\\1'] }, 'uses a backreference'],
      [{ include: ['a.*b.*c.*d.+e'] }, 'has more than 3 unbounded repetitions'],
      [{ include: ['x'.repeat(201)] }, 'A pattern must be 200 characters or less'],
      [{ include: [''] }, 'A pattern must not be empty'],
      [{ include: Array.from({ length: 21 }, (_, i) => `p${i}`) }, 'At most 20 include'],
      [{ removed: 'forget' }, 'When an item disappears at the source, choose mark or delete'],
      [{ removed: 'delete', delete_after_days: 0 }, 'Delete after must be whole days'],
    ];
    for (const [bad, message] of cases) {
      const response = await update(team.workspaceId, created.id, team.admin.cookie, {
        rules: bad,
      });
      expect({ status: response.statusCode, body: JSON.stringify(response.json) }).toEqual({
        status: 400,
        body: expect.stringContaining(message) as string,
      });
    }
    const refusedOnCreate = await create(team.workspaceId, team.admin.cookie, {
      ...gitlabBody,
      rules: { include: ['[unclosed'] },
    });
    expect(refusedOnCreate.statusCode).toBe(400);
  });

  it('refuses settings or credentials of another kind, viewers, and unknown ids', async () => {
    const team = await givenTeam();
    const created = (await create(team.workspaceId, team.admin.cookie, gitlabBody))
      .json as Integration;
    const wrongCredentials = await update(team.workspaceId, created.id, team.admin.cookie, {
      credentials: { role_id: 'r', secret_id: 's' },
    });
    expect(wrongCredentials.statusCode).toBe(400);
    expect(wrongCredentials.json).toMatchObject({
      error: 'These credentials are not those of a gitlab integration',
    });
    const wrongSettings = await update(team.workspaceId, created.id, team.admin.cookie, {
      settings: { base_url: 'not a url' },
    });
    expect(wrongSettings.statusCode).toBe(400);
    expect(wrongSettings.json).toMatchObject({ error: 'URL must be a valid http(s) URL' });
    const byViewer = await update(team.workspaceId, created.id, team.viewer.cookie, { name: 'x' });
    expect(byViewer.statusCode).toBe(403);
    const unknown = await update(team.workspaceId, 'no-such-id', team.admin.cookie, { name: 'x' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH of where credentials are sent', () => {
  it('needs the GitLab token again to change the GitLab URL', async () => {
    const team = await givenTeam();
    const created = (await create(team.workspaceId, team.admin.cookie, gitlabBody))
      .json as Integration;
    const before = await findIntegration(team.workspaceId, created.id);
    const moved = await update(team.workspaceId, created.id, team.manager.cookie, {
      settings: { ...before!.settings, base_url: 'https://gitlab.attacker.example' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json).toMatchObject({
      error:
        'Enter the credentials again to change the GitLab URL: stored credentials are only sent where they were entered for',
    });
    expect((await findIntegration(team.workspaceId, created.id))?.settings).toEqual(
      before!.settings,
    );

    const sameUrl = await update(team.workspaceId, created.id, team.manager.cookie, {
      settings: { ...before!.settings, project_ids: ['42'] },
    });
    expect(sameUrl.statusCode).toBe(200);
    const withToken = await update(team.workspaceId, created.id, team.manager.cookie, {
      settings: { ...before!.settings, base_url: 'https://gitlab.example.org' },
      credentials: { token: 'glpat-entered-again-123' },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json).toMatchObject({ settings: { base_url: 'https://gitlab.example.org' } });
  });

  it('needs the Vault credentials again to change the Vault address', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const vaultBody = {
      kind: 'vault',
      name: 'Vault',
      settings: { address: 'https://vault.example.com:8200', pki_mounts: ['pki'] },
      credentials: { role_id: 'role', secret_id: 'secret' },
    };
    const created = (await create(team.workspaceId, team.admin.cookie, vaultBody))
      .json as Integration;
    const moved = await update(team.workspaceId, created.id, team.admin.cookie, {
      settings: { ...created.settings, address: 'https://vault.attacker.example' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json).toMatchObject({
      error:
        'Enter the credentials again to change the Vault address: stored credentials are only sent where they were entered for',
    });
    const withCredentials = await update(team.workspaceId, created.id, team.admin.cookie, {
      settings: { ...created.settings, address: 'https://vault2.example.com' },
      credentials: { token: 'hvs.entered-again' },
    });
    expect(withCredentials.statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/workspaces/{id}/integrations/{iid}', () => {
  it('removes it once (404 after), audits it, refuses viewers', async () => {
    const team = await givenTeam();
    const created = (await create(team.workspaceId, team.admin.cookie, gitlabBody))
      .json as Integration;
    expect((await remove(team.workspaceId, created.id, team.viewer.cookie)).statusCode).toBe(403);
    expect((await remove(team.workspaceId, created.id, team.manager.cookie)).statusCode).toBe(200);
    expect(await storedItem(team.workspaceId, created.id)).toBeUndefined();
    expect((await remove(team.workspaceId, created.id, team.manager.cookie)).statusCode).toBe(404);
    const [event] = await listWorkspaceAuditEvents(team.workspaceId, { count: 1, now: new Date() });
    expect(event).toMatchObject({ action: 'integration.deleted', target: { id: created.id } });
  });
});
