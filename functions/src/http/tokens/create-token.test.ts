import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Token } from '@expiry-radar/shared/domain/token';
import { givenContactGroups } from '../../../test-support/alert-settings-fixtures';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  createRequest,
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
  todayEverywhere,
  listRequest,
} from '../../../test-support/token-fixtures';
import { auditEventCodec } from '../../data/entities/audit-event';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';

async function auditActions(workspaceId: string): Promise<string[]> {
  const { Items } = await getDocumentClient().send(
    new QueryCommand({
      TableName: getConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
      ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':audit': 'AUDIT#' },
    }),
  );
  return (Items ?? []).map((item) => auditEventCodec.fromItem(item).action);
}

const valid = (workspaceId: string) => ({
  name: '  Stripe key  ',
  category: 'key_secret',
  type: 'api_key',
  expiresAt: inDays(365),
  workspace_id: workspaceId,
});

describe('POST /api/tokens', () => {
  let workspace: Awaited<ReturnType<typeof givenWorkspace>>;
  beforeAll(async () => {
    workspace = await givenWorkspace({ plan: 'team' });
  });

  it('creates a token, answers 201 with it and audits the change', async () => {
    const response = await createRequest(workspace.owner.cookie, {
      ...valid(workspace.workspaceId),
      section: '',
      location: '  ',
      used_by: 'billing',
      issuer: 'dropped: not a key_secret field',
      cost: '12',
    });
    expect(response.statusCode).toBe(201);
    const token = response.json as Token;
    expect(token).toMatchObject({
      name: 'Stripe key',
      category: 'key_secret',
      type: 'api_key',
      section: null,
      location: null,
      used_by: 'billing',
      issuer: null,
      cost: null,
      domains: [],
      workspace_id: workspace.workspaceId,
    });
    expect(token.id.startsWith(`${workspace.workspaceId}.`)).toBe(true);
    expect(token.created_at).toBe(token.updated_at);
    expect(await auditActions(workspace.workspaceId)).toContain('token.created');
  });

  it('keeps Unicode domain and endpoint names as their A-labels, as certificates carry them', async () => {
    const response = await createRequest(workspace.owner.cookie, {
      ...valid(workspace.workspaceId),
      category: 'cert',
      type: 'ssl_cert',
      domains: '  Bücher.DE , xn--bcher-kva.de, *.bücher.de',
      endpoints: [{ host: 'Bücher.de', port: 8443, sni: 'www.bücher.de' }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json).toMatchObject({
      domains: ['xn--bcher-kva.de', '*.xn--bcher-kva.de'],
      endpoints: [
        expect.objectContaining({
          host: 'xn--bcher-kva.de',
          port: 8443,
          sni: 'www.xn--bcher-kva.de',
        }),
      ],
    });
  });

  it('lets a workspace manager create; answers 403 to viewers and 404 to non-members', async () => {
    const manager = await givenMember(workspace.workspaceId, 'workspace_manager');
    expect((await createRequest(manager.cookie, valid(workspace.workspaceId))).statusCode).toBe(
      201,
    );
    const viewer = await givenMember(workspace.workspaceId, 'viewer');
    const asViewer = await createRequest(viewer.cookie, valid(workspace.workspaceId));
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json).toMatchObject({ code: 'FORBIDDEN' });
    const stranger = await givenSignedInUser();
    const asStranger = await createRequest(stranger.cookie, valid(workspace.workspaceId));
    expect(asStranger.statusCode).toBe(404);
    expect((await createRequest(undefined, valid(workspace.workspaceId))).statusCode).toBe(401);
  });

  it('answers 403 WORKSPACE_FROZEN in a frozen workspace', async () => {
    const frozen = await givenWorkspace({ frozen: true });
    const response = await createRequest(frozen.owner.cookie, valid(frozen.workspaceId));
    expect(response.statusCode).toBe(403);
    expect(response.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
  });

  it('answers 409 PLAN_LIMIT beyond the plan’s tokens per workspace', async () => {
    const free = await givenWorkspace({ plan: 'free' });
    await Promise.all(
      Array.from({ length: 50 }, () => givenToken(free.owner.cookie, free.workspaceId)),
    );
    const response = await createRequest(free.owner.cookie, valid(free.workspaceId));
    expect(response.statusCode).toBe(409);
    expect(response.json).toEqual({
      code: 'PLAN_LIMIT',
      error: 'The Free plan allows 50 tokens per workspace. Upgrade your plan to add more.',
    });
    const list = await listRequest(free.owner.cookie, `workspace_id=${free.workspaceId}&limit=1`);
    expect(list.json).toMatchObject({ total: 50 });
  }, 60_000);

  it('sets a contact group only on plans that have contact groups', async () => {
    await givenContactGroups(workspace.workspaceId, ['group-1']);
    const team = await createRequest(workspace.owner.cookie, {
      ...valid(workspace.workspaceId),
      contact_group_id: 'group-1',
    });
    expect(team.json).toMatchObject({ contact_group_id: 'group-1' });
    const free = await givenWorkspace({ plan: 'free' });
    const refused = await createRequest(free.owner.cookie, {
      ...valid(free.workspaceId),
      contact_group_id: 'group-1',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toMatchObject({ code: 'FORBIDDEN' });
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['name', { name: undefined }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: long(101) }, 'Name must be 100 characters or less'],
    ['type', { type: undefined }, 'Type is required'],
    ['type', { type: 'ssl_cert' }, 'Invalid type for key_secret category'],
    ['category', { category: undefined }, 'Category is required'],
    ['category', { category: 'car' }, 'Invalid category'],
    ['expiresAt', { expiresAt: undefined }, 'Expiration date is required'],
    ['expiresAt', { expiresAt: '' }, 'Expiration date is required'],
    ['expiresAt', { expiresAt: '2026-02-30' }, 'Invalid date format'],
    ['expiresAt', { expiresAt: todayEverywhere() }, 'Expiration date must be in the future'],
    ['expiresAt', { expiresAt: inDays(-3) }, 'Expiration date must be in the future'],
    [
      'domains',
      { category: 'cert', type: 'ssl_cert', domains: 'example.com, not a domain, ???' },
      'Please provide at least one valid domain: "not a domain", "???" are not valid',
    ],
    [
      'domains',
      {
        category: 'cert',
        type: 'ssl_cert',
        domains: [`${long(60)}.com`, ...Array.from({ length: 8 }, (_, i) => `${long(55)}${i}.com`)],
      },
      'Domains must be 500 characters or less',
    ],
    [
      'cost',
      { category: 'license', type: 'software_license', cost: -1 },
      'Cost must be a valid positive number',
    ],
    [
      'cost',
      { category: 'license', type: 'software_license', cost: 'abc' },
      'Cost must be a valid positive number',
    ],
    [
      'cost',
      { category: 'license', type: 'software_license', cost: 1e12 },
      'Cost must be less than 1 trillion',
    ],
    ['key_size', { type: 'ssh_key', key_size: 2.5 }, 'Key size must be a valid positive integer'],
    ['key_size', { type: 'ssh_key', key_size: -4 }, 'Key size must be a valid positive integer'],
    ['key_size', { type: 'ssh_key', key_size: 64 }, 'Key size must be between 128 and 16384'],
    [
      'key_size',
      { type: 'api_key', key_size: 2048 },
      'Key size is only valid for encryption keys, SSH keys and certificates',
    ],
    [
      'algorithm',
      { type: 'password', algorithm: 'RSA' },
      'Algorithm is only valid for encryption keys, SSH keys and certificates',
    ],
    ['section', { section: long(121) }, 'Section must be 120 characters or less'],
    ['section', { section: '__none__' }, 'This section name is reserved'],
    [
      'issuer',
      { category: 'cert', type: 'ssl_cert', issuer: long(101) },
      'Issuer must be 100 characters or less',
    ],
    [
      'serial_number',
      { category: 'cert', type: 'ssl_cert', serial_number: long(51) },
      'Serial number must be 50 characters or less',
    ],
    [
      'subject',
      { category: 'cert', type: 'ssl_cert', subject: long(301) },
      'Subject must be 300 characters or less',
    ],
    ['location', { location: long(201) }, 'Location must be 200 characters or less'],
    ['used_by', { used_by: long(201) }, 'Used by must be 200 characters or less'],
    ['description', { description: long(301) }, 'Description must be 300 characters or less'],
    [
      'algorithm',
      { type: 'ssh_key', algorithm: long(51) },
      'Algorithm must be 50 characters or less',
    ],
    [
      'license_type',
      { category: 'license', type: 'software_license', license_type: long(51) },
      'License type must be 50 characters or less',
    ],
    [
      'vendor',
      { category: 'license', type: 'software_license', vendor: long(101) },
      'Vendor must be 100 characters or less',
    ],
    [
      'renewal_url',
      { category: 'license', type: 'software_license', renewal_url: `https://${long(500)}` },
      'Renewal URL must be 500 characters or less',
    ],
    [
      'renewal_url',
      { category: 'license', type: 'software_license', renewal_url: 'ftp://x' },
      'Renewal URL must start with http:// or https://',
    ],
    [
      'renewal_date',
      { category: 'license', type: 'software_license', renewal_date: 'soon' },
      'Invalid date format',
    ],
    [
      'contacts',
      { category: 'license', type: 'software_license', contacts: long(201) },
      'Contacts must be 200 characters or less',
    ],
    ['notes', { notes: long(501) }, 'Notes must be 500 characters or less'],
    ['notes', { notes: 42 }, 'Must be text'],
    ['contact_group_id', { contact_group_id: 7 }, 'Invalid contact group'],
    ['workspace_id', { workspace_id: undefined }, 'Workspace is required'],
    ['workspace_id', { workspace_id: ' ' }, 'Workspace is required'],
  ])('answers 400 for %s (case %#)', async (path, change, message) => {
    const body = { ...valid(workspace.workspaceId), ...change };
    const response = await createRequest(workspace.owner.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: message,
      details: expect.arrayContaining([{ path, message }]) as unknown,
    });
  });

  it('answers 400 to a workspace id longer than any id (not a table key past its size)', async () => {
    for (const workspaceId of ['x'.repeat(2_100), 'é'.repeat(210_000)]) {
      const response = await createRequest(workspace.owner.cookie, {
        ...valid(workspace.workspaceId),
        workspace_id: workspaceId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'Workspace id must be 200 characters or less',
      });
    }
    const longest = await createRequest(workspace.owner.cookie, {
      ...valid(workspace.workspaceId),
      workspace_id: 'x'.repeat(200),
    });
    expect(longest.statusCode).toBe(404);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await createRequest(workspace.owner.cookie, '{nope');
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ error: 'Request body must be valid JSON' });
    for (const body of ['', 'null', '[]', '"text"']) {
      expect((await createRequest(workspace.owner.cookie, body)).statusCode).toBe(400);
    }
  });
});
