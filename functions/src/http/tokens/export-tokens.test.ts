import { readCsv } from '@expiry-radar/shared/domain/csv-text';
import type { Token } from '@expiry-radar/shared/domain/token';
import { TOKEN_FILE_COLUMNS } from '@expiry-radar/shared/domain/token-file';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { givenToken, inDays } from '../../../test-support/token-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { handler as exportTokens } from './export-tokens';

const ROUTE = '/api/v1/workspaces/{id}/tokens/export';

const exportAs = (cookie: string | undefined, workspaceId: string, query = '') =>
  invoke(exportTokens, routeRequest('GET', ROUTE, { params: { id: workspaceId }, cookie, query }));

/** A team workspace with three tokens of different categories, one with a formula-like name. */
async function givenInventory() {
  const team = await givenTeam();
  const add = (fields: Record<string, unknown>) =>
    givenToken(team.admin.cookie, team.workspaceId, fields);
  const tokens = [
    await add({
      name: 'beta cert',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(40),
      domains: 'beta.example.com, www.beta.example.com',
      issuer: "Let's Encrypt",
      key_size: 2048,
      algorithm: 'RSA',
      section: 'prod',
    }),
    await add({
      name: '=Alpha license',
      category: 'license',
      type: 'software_license',
      expiresAt: inDays(20),
      vendor: 'Acme, Inc.',
      cost: 1200.5,
      notes: 'Renew with\nprocurement',
    }),
    await add({
      name: 'gamma key',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(5),
      owner_id: team.manager.userId,
    }),
  ];
  return { ...team, tokens };
}

describe('GET /api/v1/workspaces/{id}/tokens/export', () => {
  let inventory: Awaited<ReturnType<typeof givenInventory>>;
  beforeAll(async () => {
    inventory = await givenInventory();
  });
  const byName = (name: string) => inventory.tokens.find((token) => token.name === name)!;

  it('answers CSV by default: every field in file order, sorted by name, as a download', async () => {
    const response = await exportAs(inventory.admin.cookie, inventory.workspaceId);
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers?.['content-disposition']).toMatch(
      /^attachment; filename="expiry-radar-tokens-platform-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.body!;
    expect(body.split('\r\n')[0]).toBe(TOKEN_FILE_COLUMNS.join(','));
    // The formula-like name is kept from running in a spreadsheet.
    expect(body).toContain(`"'=Alpha license"`);
    const table = readCsv(body);
    expect(table.records.map((record) => record.name)).toEqual([
      '=Alpha license',
      'beta cert',
      'gamma key',
    ]);
    const cert = byName('beta cert');
    expect(table.records[1]).toEqual({
      name: 'beta cert',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: cert.expiresAt,
      section: 'prod',
      domains: 'beta.example.com, www.beta.example.com',
      issuer: "Let's Encrypt",
      serial_number: '',
      subject: '',
      algorithm: 'RSA',
      key_size: '2048',
      location: '',
      used_by: '',
      description: '',
      vendor: '',
      license_type: '',
      cost: '',
      renewal_url: '',
      renewal_date: '',
      contacts: '',
      notes: '',
      contact_group_id: '',
      additional_contact_group_ids: '',
      owner: '',
      renews_automatically: 'false',
      renewal_grace_days: '',
      id: cert.id,
      created_at: cert.created_at,
      updated_at: cert.updated_at,
      workspace_id: inventory.workspaceId,
    });
    // The owner column holds the owner's address.
    expect(table.records[2]).toMatchObject({ owner: inventory.manager.email });
    expect(table.records[0]).toMatchObject({
      vendor: 'Acme, Inc.',
      cost: '1200.5',
      notes: 'Renew with\nprocurement',
    });
  });

  it('answers JSON with format=json: the tokens as stored, keys in file order', async () => {
    const response = await exportAs(inventory.admin.cookie, inventory.workspaceId, 'format=json');
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-disposition']).toMatch(/\.json"$/);
    const rows = response.json as Token[];
    expect(rows.map((row) => row.name)).toEqual(['=Alpha license', 'beta cert', 'gamma key']);
    const { owner_id: _ownerId, ...beta } = byName('beta cert');
    expect(rows[1]).toEqual({ ...beta, owner: null });
    expect(rows[2]).toMatchObject({ owner: inventory.manager.email });
    expect(Object.keys(rows[0]!)).toEqual(TOKEN_FILE_COLUMNS);
  });

  it('is for every member, viewers too, and answers the same file twice', async () => {
    const first = await exportAs(inventory.viewer.cookie, inventory.workspaceId);
    const second = await exportAs(inventory.manager.cookie, inventory.workspaceId);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toBe(first.body);
  });

  it('answers 404 to non-members, 401 without a session and 403 before verification', async () => {
    expect((await exportAs(inventory.outsider.cookie, inventory.workspaceId)).statusCode).toBe(404);
    expect((await exportAs(undefined, inventory.workspaceId)).statusCode).toBe(401);
    const unverified = await givenSignedInUser({ emailVerified: false });
    expect((await exportAs(unverified.cookie, inventory.workspaceId)).statusCode).toBe(403);
  });

  it('refuses an unknown format', async () => {
    const response = await exportAs(inventory.admin.cookie, inventory.workspaceId, 'format=xml');
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ error: 'Format must be json or csv' });
  });

  it('answers the header row alone for a workspace without tokens, frozen ones too', async () => {
    const { workspaceId, viewer } = await givenTeam({ frozen: true });
    const response = await exportAs(viewer.cookie, workspaceId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${TOKEN_FILE_COLUMNS.join(',')}\r\n`);
  });
});
