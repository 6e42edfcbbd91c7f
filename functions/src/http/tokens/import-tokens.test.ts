import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ImportTokensBody,
  ImportTokensResponse,
} from '@expiry-radar/shared/api/inventory-api-schemas';
import type { ListTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import { PRIVATE_KEY_MESSAGE } from '@expiry-radar/shared/domain/certificate-text';
import { writeCsv } from '@expiry-radar/shared/domain/csv-text';
import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenToken, inDays, listRequest } from '../../../test-support/token-fixtures';
import { buildToken, seedToken, seedTokens } from '../../../test-support/token-seeding';
import { givenTeam, putItem, routeRequest } from '../../../test-support/workspace-fixtures';
import { alertSettingsCodec } from '../../data/entities/alert-settings';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { keys } from '../../data/keys';
import { readAlertSettingsRecord } from '../../data/alert-settings-records';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as exportTokens } from './export-tokens';
import { handler as importTokens } from './import-tokens';

const IMPORTS = '/api/v1/workspaces/{id}/imports';

const importAs = (
  cookie: string | undefined,
  workspaceId: string,
  body: ImportTokensBody,
  options: { timeLimitMs?: number } = {},
) =>
  invoke(
    importTokens,
    routeRequest('POST', IMPORTS, { params: { id: workspaceId }, cookie, body }),
    options,
  );

/**
 * DynamoDB Local commits transactions many times slower than DynamoDB, and this machine may be
 * busy: the 5,000-row imports get the test's own limit. Their time is measured by `npm run bench`
 * (test/bench/import-cost.ts), not asserted here.
 */
const UNHURRIED = { timeLimitMs: 110_000 };

async function importOk(
  cookie: string,
  workspaceId: string,
  body: ImportTokensBody,
  options: { timeLimitMs?: number } = {},
) {
  const response = await importAs(cookie, workspaceId, body, options);
  if (response.statusCode !== 200)
    throw new Error(`Import: ${response.statusCode} ${response.body}`);
  return response.json as ImportTokensResponse;
}

const csv = (header: string[], rows: string[][]) => writeCsv(header, rows);

async function listAll(cookie: string, workspaceId: string) {
  const response = await listRequest(cookie, `workspace_id=${workspaceId}&limit=100&sort=name_asc`);
  return response.json as ListTokensResponse;
}

/** The workspace's import events (the set-up's single creates are in its trail too). */
async function importEvents(workspaceId: string) {
  const events = await listWorkspaceAuditEvents(workspaceId, { count: 100, now: new Date() });
  return events.filter((event) => event.action === 'tokens.imported');
}

async function storedItem(token: Pick<Token, 'id' | 'workspace_id'>) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.token(token.workspace_id, token.id),
    }),
  );
  return Item;
}

const HEADER = ['name', 'category', 'type', 'expiresAt', 'section', 'domains', 'cost', 'key_size'];

describe('POST /api/v1/workspaces/{id}/imports', () => {
  it('previews each row (create, update, unchanged, invalid, duplicate, values left out) and writes nothing', async () => {
    const { workspaceId, admin } = await givenTeam();
    const existing = await givenToken(admin.cookie, workspaceId, {
      name: 'Billing cert',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(30),
      domains: 'billing.example.com',
    });
    await givenToken(admin.cookie, workspaceId, {
      name: 'Vault key',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(60),
    });
    const content = csv(HEADER, [
      [
        'New cert',
        'Certificates',
        'SSL Certificate',
        inDays(90),
        'prod',
        'new.example.com',
        '',
        '2048',
      ],
      [
        'Billing cert',
        'cert',
        'ssl_cert',
        existing.expiresAt,
        'prod',
        'billing.example.com',
        '',
        '',
      ],
      ['Vault key', '', 'api_key', inDays(60), '', '', '', ''],
      ['', 'cert', 'ssl_cert', inDays(10), '', '', '', ''],
      ['Bad type', 'license', 'ssl_cert', inDays(10), '', '', '', ''],
      ['Past', 'general', 'other', inDays(-1), '', '', '', ''],
      ['Bad domain', 'cert', 'tls_cert', inDays(10), '', 'localhost', '', ''],
      ['Bad cost', 'license', 'software_license', inDays(10), '', '', '-3', ''],
      ['Bad key size', 'cert', 'tls_cert', inDays(10), '', '', '', 'big'],
      ['Key on api key', 'key_secret', 'API Key', inDays(10), '', '', '', '256'],
      ['New cert', 'cert', 'ssl_cert', inDays(20), '', '', '', ''],
      ['Bad date', 'general', 'document', '2026-02-30', '', '', '', ''],
    ]);
    const before = await listAll(admin.cookie, workspaceId);
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
    });
    expect(answer).toMatchObject({
      dryRun: true,
      rows: 12,
      created: 5,
      updated: 1,
      unchanged: 1,
      duplicates: [{ row: 11, firstRow: 1 }],
    });
    expect(answer.outcomes).toEqual([
      'create',
      'update',
      'unchanged',
      'invalid',
      'invalid',
      'invalid',
      'create',
      'create',
      'create',
      'create',
      'duplicate',
      'invalid',
    ]);
    expect(answer.invalid).toEqual([
      { row: 4, field: 'name', message: 'Name is required', code: 'VALIDATION_ERROR' },
      {
        row: 5,
        field: 'type',
        message:
          'Type "SSL Certificate" is not of the Licenses category. Use one of: Software License (software_license), Service Subscription (service_subscription), Domain Registration (domain_registration).',
        code: 'VALIDATION_ERROR',
      },
      {
        row: 6,
        field: 'expiresAt',
        message: 'Expiration date must be in the future',
        code: 'VALIDATION_ERROR',
      },
      { row: 12, field: 'expiresAt', message: 'Invalid date format', code: 'VALIDATION_ERROR' },
    ]);
    // A bad optional value costs the row nothing but the value, which the answer names.
    expect(answer.dropped).toEqual([
      {
        row: 7,
        field: 'domains',
        message: 'Please provide at least one valid domain: "localhost" is not valid',
      },
      { row: 8, field: 'cost', message: 'Cost must be a valid positive number' },
      { row: 9, field: 'key_size', message: 'Key size must be a valid positive integer' },
      {
        row: 10,
        field: 'key_size',
        message: 'Key size is only valid for encryption keys, SSH keys and certificates',
      },
    ]);
    expect(answer.columns).toEqual(HEADER.map((column) => ({ column, field: column })));
    expect(await listAll(admin.cookie, workspaceId)).toEqual(before);
    expect(await importEvents(workspaceId)).toHaveLength(0);
  });

  it('reads the dates the app shows and numeric ones in the order the file shows, and says which', async () => {
    const { workspaceId, admin } = await givenTeam();
    const row = (name: string, date: string) => [name, 'general', 'other', date, '', '', '', ''];
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: csv(HEADER, [
        row('Named', 'Jan 5, 2031'),
        row('Day first', '5 March 2031'),
        row('Ambiguous', '04/03/2031'),
        row('Decides', '25/12/2031'),
      ]),
      dryRun: false,
      dateOrder: 'month-day-year',
    });
    expect(answer.outcomes).toEqual(['create', 'create', 'create', 'create']);
    expect(answer.numericDates).toEqual({ order: 'day-month-year', from: 'file' });
    const stored = (await listAll(admin.cookie, workspaceId)).items.map((token) => [
      token.name,
      token.expiresAt,
    ]);
    expect(stored).toEqual([
      ['Ambiguous', '2031-03-04'],
      ['Day first', '2031-03-05'],
      ['Decides', '2031-12-25'],
      ['Named', '2031-01-05'],
    ]);

    // Every date could be either: the importer's locale decides; without one they are refused.
    const content = csv(HEADER, [row('Either', '04/03/2031')]);
    const byLocale = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
      dateOrder: 'month-day-year',
    });
    expect(byLocale.numericDates).toEqual({ order: 'month-day-year', from: 'locale' });
    const unknown = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
    });
    expect(unknown.numericDates).toBeNull();
    expect(unknown.invalid).toEqual([
      { row: 1, field: 'expiresAt', message: 'Invalid date format', code: 'VALIDATION_ERROR' },
    ]);
  });

  it('imports rows already expired as expired tokens only when asked to, and names them', async () => {
    const { workspaceId, admin } = await givenTeam();
    const content = csv(HEADER, [
      ['Old cert', 'cert', 'ssl_cert', inDays(-30), '', '', '', ''],
      ['Current cert', 'cert', 'ssl_cert', inDays(30), '', '', '', ''],
      ['Not a date', 'cert', 'ssl_cert', '2026-02-30', '', '', '', ''],
    ]);
    const refused = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
    });
    expect(refused.outcomes).toEqual(['invalid', 'create', 'invalid']);
    expect(refused.expired).toEqual([]);

    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: false,
      includeExpired: true,
    });
    expect(answer.outcomes).toEqual(['create', 'create', 'invalid']);
    expect(answer.expired).toEqual([1]);
    expect(answer.invalid).toEqual([
      { row: 3, field: 'expiresAt', message: 'Invalid date format', code: 'VALIDATION_ERROR' },
    ]);
    const names = (await listAll(admin.cookie, workspaceId)).items.map((token) => [
      token.name,
      token.expiresAt,
    ]);
    expect(names).toEqual([
      ['Current cert', inDays(30)],
      ['Old cert', inDays(-30)],
    ]);
    const [event] = await importEvents(workspaceId);
    expect(event?.metadata).toMatchObject({ created: 2, expired: 1 });
  });

  it("updates a token without a row's bad optional value, keeping the token's own", async () => {
    const { workspaceId, admin } = await givenTeam();
    await givenToken(admin.cookie, workspaceId, {
      name: 'Office suite',
      category: 'license',
      type: 'software_license',
      expiresAt: inDays(40),
      cost: 120,
    });
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: csv(HEADER, [
        ['Office suite', 'license', 'software_license', inDays(40), 'finance', '', 'n/a', ''],
      ]),
      dryRun: false,
    });
    expect(answer.outcomes).toEqual(['update']);
    expect(answer.dropped).toEqual([
      { row: 1, field: 'cost', message: 'Cost must be a valid positive number' },
    ]);
    const [stored] = (await listAll(admin.cookie, workspaceId)).items;
    expect(stored).toMatchObject({ name: 'Office suite', section: 'finance', cost: 120 });
  });

  it('writes the rows as single writes would: counters, alert arming, one audit event', async () => {
    const { workspaceId, admin, manager } = await givenTeam();
    const existing = await givenToken(admin.cookie, workspaceId, {
      name: 'Edge cert',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(40),
      section: 'old',
    });
    const single = await givenToken(admin.cookie, workspaceId, {
      name: 'Single',
      category: 'general',
      type: 'other',
      expiresAt: inDays(12),
    });
    const content = JSON.stringify([
      {
        name: 'Edge cert',
        type: 'ssl_cert',
        expiresAt: inDays(40),
        section: 'web',
        notes: 'moved',
      },
      { name: 'Imported', category: 'general', type: 'Other', expiresAt: inDays(12) },
      {
        name: 'Stripe',
        type: 'api_key',
        expiresAt: inDays(300),
        section: 'web',
        location: 'Vault',
      },
      { name: 'Stripe', type: 'api_key', expiresAt: inDays(200) },
      { name: 'Broken', type: 'api_key', expiresAt: 'soon' },
    ]);
    const answer = await importOk(manager.cookie, workspaceId, {
      format: 'json',
      content,
      dryRun: false,
    });
    expect(answer).toMatchObject({ created: 2, updated: 1, unchanged: 0, rows: 5 });
    expect(answer.outcomes).toEqual(['update', 'create', 'create', 'duplicate', 'invalid']);

    const list = await listAll(admin.cookie, workspaceId);
    expect(list.total).toBe(4);
    expect(list.facets.category).toEqual({ cert: 1, key_secret: 1, license: 0, general: 2 });
    expect(list.facets.section).toEqual(
      expect.arrayContaining([
        { section: null, count: 2 },
        { section: 'web', count: 2 },
      ]),
    );
    expect(list.facets.section).toHaveLength(2);
    const byName = new Map(list.items.map((token) => [token.name, token]));
    expect(byName.get('Edge cert')).toMatchObject({
      id: existing.id,
      section: 'web',
      notes: 'moved',
      created_at: existing.created_at,
    });
    expect(byName.get('Stripe')).toMatchObject({
      category: 'key_secret',
      location: 'Vault',
      expiresAt: inDays(300),
    });
    // Armed like a single create of the same expiry.
    const imported = byName.get('Imported')!;
    const [importedItem, singleItem] = await Promise.all([
      storedItem(imported),
      storedItem(single),
    ]);
    expect(importedItem?.nextAlertAt).toBeDefined();
    expect(importedItem?.nextAlertAt).toBe(singleItem?.nextAlertAt);

    const trail = await importEvents(workspaceId);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actor: { id: manager.userId },
      target: { type: 'workspace', id: workspaceId },
      metadata: {
        format: 'json',
        rows: 5,
        created: 2,
        updated: 1,
        unchanged: 0,
        invalid: 1,
        duplicates: 1,
        refused: 0,
      },
    });
  });

  it('re-imports its own export unchanged: the dry run shows no change, the import writes nothing', async () => {
    const { workspaceId, admin } = await givenTeam();
    await givenToken(admin.cookie, workspaceId, {
      name: '=Formula-like',
      category: 'license',
      type: 'software_license',
      expiresAt: inDays(20),
      vendor: 'Acme, Inc.',
      cost: 99.5,
      notes: 'two\nlines',
    });
    await givenToken(admin.cookie, workspaceId, {
      name: 'Multi-domain',
      category: 'cert',
      type: 'tls_cert',
      expiresAt: inDays(50),
      domains: ['a.example.com', 'b.example.com'],
      key_size: 4096,
      algorithm: 'RSA',
    });
    for (const format of ['csv', 'json'] as const) {
      const exported = await invoke(
        exportTokens,
        routeRequest('GET', '/api/v1/workspaces/{id}/tokens/export', {
          params: { id: workspaceId },
          cookie: admin.cookie,
          query: `format=${format}`,
        }),
      );
      const dry = await importOk(admin.cookie, workspaceId, {
        format,
        content: exported.body!,
        dryRun: true,
      });
      expect(dry).toMatchObject({ created: 0, updated: 0, unchanged: 2, invalid: [] });
      const before = await listAll(admin.cookie, workspaceId);
      const real = await importOk(admin.cookie, workspaceId, {
        format,
        content: exported.body!,
        dryRun: false,
      });
      expect(real).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
      expect(await listAll(admin.cookie, workspaceId)).toEqual(before);
    }
    expect(await importEvents(workspaceId)).toHaveLength(0);
  });

  it("keeps an expired token's unchanged expiry, but a changed one must be in the future", async () => {
    const { workspaceId, admin } = await givenTeam();
    await seedToken(workspaceId, { name: 'Expired key', expiresAt: inDays(-10), notes: 'old' });
    const rowsWith = (expiresAt: string) =>
      csv(['name', 'type', 'expiresAt', 'notes'], [['Expired key', 'api_key', expiresAt, 'new']]);
    const kept = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: rowsWith(inDays(-10)),
      dryRun: false,
    });
    expect(kept).toMatchObject({ updated: 1, invalid: [] });
    const moved = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: rowsWith(inDays(-5)),
      dryRun: true,
    });
    expect(moved.invalid).toEqual([
      {
        row: 1,
        field: 'expiresAt',
        message: 'Expiration date must be in the future',
        code: 'VALIDATION_ERROR',
      },
    ]);
    const [token] = (await listAll(admin.cookie, workspaceId)).items;
    expect(token).toMatchObject({ expiresAt: inDays(-10), notes: 'new' });
  });

  it('refuses a row whose name and type several tokens of the workspace share', async () => {
    const { workspaceId, admin } = await givenTeam();
    for (const days of [10, 20]) {
      await givenToken(admin.cookie, workspaceId, { name: 'Twin', expiresAt: inDays(days) });
    }
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: csv(['name', 'type', 'expiresAt'], [['Twin', 'api_key', inDays(30)]]),
      dryRun: false,
    });
    expect(answer.outcomes).toEqual(['refused']);
    expect(answer.invalid).toEqual([
      {
        row: 1,
        field: null,
        message: '2 tokens of this workspace have this name and type. Edit them on the dashboard.',
        code: 'CONFLICT',
      },
    ]);
  });

  it('refuses rows whose text is broken or holds control characters, and normalises the rest', async () => {
    const { workspaceId, admin } = await givenTeam();
    const rows = [
      { name: 'Broken \ud800', type: 'api_key', expiresAt: inDays(30) },
      { name: 'Bell', type: 'api_key', expiresAt: inDays(30), section: 'ops\u0007' },
      { name: 'Tab\tname', type: 'api_key', expiresAt: inDays(30) },
      { name: 'Cafe\u0301', type: 'api_key', expiresAt: inDays(30), notes: 'one\ntwo' },
    ];
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'json',
      content: JSON.stringify(rows),
      dryRun: false,
    });
    expect(answer.outcomes).toEqual(['invalid', 'invalid', 'invalid', 'create']);
    expect(answer.invalid).toEqual([
      {
        row: 1,
        field: 'name',
        message: '"name" is not valid text: it holds a broken character (a lone UTF-16 surrogate)',
        code: 'VALIDATION_ERROR',
      },
      {
        row: 2,
        field: 'section',
        message: '"section" must not contain control characters (such as NUL, escape or backspace)',
        code: 'VALIDATION_ERROR',
      },
      {
        row: 3,
        field: 'name',
        message: '"name" must be on one line: no line breaks, tabs or NUL',
        code: 'VALIDATION_ERROR',
      },
    ]);
    const listed = await listAll(admin.cookie, workspaceId);
    expect(listed.items.map((token) => [token.name, token.notes])).toEqual([
      ['Caf\u00e9', 'one\ntwo'],
    ]);
  });

  it('refuses a row with a private key in its notes or description, as the certificate reader does', async () => {
    const { workspaceId, admin } = await givenTeam();
    const key =
      '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX\n-----END RSA PRIVATE KEY-----';
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: csv(
        ['name', 'type', 'expiresAt', 'notes', 'description'],
        [
          ['Key in notes', 'api_key', inDays(30), key, ''],
          ['Key in description', 'api_key', inDays(30), '', key],
          ['Clean', 'api_key', inDays(30), 'Rotated with the private key of the CA', ''],
        ],
      ),
      dryRun: false,
    });
    expect(answer.outcomes).toEqual(['invalid', 'invalid', 'create']);
    expect(answer.invalid).toEqual([
      { row: 1, field: 'notes', message: PRIVATE_KEY_MESSAGE, code: 'VALIDATION_ERROR' },
      { row: 2, field: 'description', message: PRIVATE_KEY_MESSAGE, code: 'VALIDATION_ERROR' },
    ]);
    const listed = await listAll(admin.cookie, workspaceId);
    expect(listed.items.map((token) => token.name)).toEqual(['Clean']);
  });

  it('crossing the plan limit mid-file writes the rows before it and refuses the rows beyond', async () => {
    const { workspaceId, admin } = await givenTeam({ plan: 'free' });
    await seedTokens(
      workspaceId,
      Array.from({ length: 47 }, (_, index) =>
        buildToken(workspaceId, { name: `Seeded ${index}`, expiresAt: inDays(100) }),
      ),
    );
    const rows = Array.from({ length: 6 }, (_, index) => [
      `New ${index + 1}`,
      'general',
      'other',
      inDays(30),
    ]);
    // An update after the limit still goes through: it adds no token.
    rows.push(['Seeded 3', 'key_secret', 'api_key', inDays(101)]);
    const content = csv(['name', 'category', 'type', 'expiresAt'], rows);
    const preview = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
    });
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: false,
    });
    for (const result of [preview, answer]) {
      expect(result.outcomes).toEqual([
        'create',
        'create',
        'create',
        'refused',
        'refused',
        'refused',
        'update',
      ]);
      expect(result.invalid).toEqual(
        [4, 5, 6].map((row) => ({
          row,
          field: null,
          message: 'The Free plan allows 50 tokens per workspace. Upgrade your plan to add more.',
          code: 'PLAN_LIMIT',
        })),
      );
    }
    const list = await listAll(admin.cookie, workspaceId);
    expect(list.total).toBe(50);
    expect(list.items.filter((token) => token.name.startsWith('New ')).map((t) => t.name)).toEqual([
      'New 1',
      'New 2',
      'New 3',
    ]);
    expect(list.items.find((token) => token.name === 'Seeded 3')?.expiresAt).toBe(inDays(101));
  });

  it('checks contact groups as single writes do', async () => {
    const free = await givenTeam({ plan: 'free' });
    const pro = await givenTeam({ plan: 'pro' });
    const settings = await readAlertSettingsRecord(pro.workspaceId);
    await putItem(
      alertSettingsCodec.toItem({
        ...settings,
        settings: {
          ...settings.settings,
          contact_groups: [
            { id: 'g-ops', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] },
          ],
        },
      }),
    );
    const content = csv(
      ['name', 'type', 'expiresAt', 'contact_group_id'],
      [
        ['With group', 'api_key', inDays(10), 'g-ops'],
        ['Unknown group', 'api_key', inDays(10), 'g-none'],
      ],
    );
    const onPro = await importOk(pro.admin.cookie, pro.workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
    });
    expect(onPro.outcomes).toEqual(['create', 'invalid']);
    expect(onPro.invalid[0]).toMatchObject({
      row: 2,
      field: 'contact_group_id',
      message: "Contact group must be one of the workspace's contact groups",
    });
    const onFree = await importOk(free.admin.cookie, free.workspaceId, {
      format: 'csv',
      content,
      dryRun: true,
    });
    expect(onFree.invalid.map((problem) => problem.message)).toEqual([
      'Per-token contact groups need a Pro or Team workspace. Upgrade to Pro or Team to use them.',
      'Per-token contact groups need a Pro or Team workspace. Upgrade to Pro or Team to use them.',
    ]);
  });

  it('reads the additional contact groups, "renews automatically" and its grace, checking the groups', async () => {
    const pro = await givenTeam({ plan: 'pro' });
    const settings = await readAlertSettingsRecord(pro.workspaceId);
    await putItem(
      alertSettingsCodec.toItem({
        ...settings,
        settings: {
          ...settings.settings,
          contact_groups: [
            { id: 'g-ops', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] },
            { id: 'g-sec', name: 'Sec', emails: ['sec@example.com'], webhook_names: [] },
          ],
        },
      }),
    );
    const answer = await importOk(pro.admin.cookie, pro.workspaceId, {
      format: 'csv',
      content: csv(
        ['name', 'type', 'expiresAt', 'Additional contact groups', 'Auto renew', 'Grace days'],
        [
          ['Renewing', 'api_key', inDays(40), 'g-ops, g-sec', 'yes', '10'],
          ['Unknown group', 'api_key', inDays(40), 'g-ops, g-none', '', ''],
        ],
      ),
      dryRun: false,
    });
    expect(answer.outcomes).toEqual(['create', 'invalid']);
    expect(answer.invalid[0]).toMatchObject({
      row: 2,
      field: 'additional_contact_group_ids',
      message: "Contact group must be one of the workspace's contact groups",
    });
    const [renewing] = (await listAll(pro.admin.cookie, pro.workspaceId)).items;
    expect(renewing).toMatchObject({
      name: 'Renewing',
      additional_contact_group_ids: ['g-ops', 'g-sec'],
      renews_automatically: true,
      renewal_grace_days: 10,
    });
  });

  it("reads the owner column as a member's address, refusing a row whose address is no member's", async () => {
    const { workspaceId, admin, viewer } = await givenTeam();
    const content = csv(
      ['name', 'type', 'expiresAt', 'owner'],
      [
        ['Owned', 'api_key', inDays(10), `  ${viewer.email.toUpperCase()} `],
        ['Stranger owned', 'api_key', inDays(10), 'nobody@example.com'],
        ['Unowned', 'api_key', inDays(10), ''],
      ],
    );
    const result = await importOk(admin.cookie, workspaceId, { format: 'csv', content });
    expect(result.outcomes).toEqual(['create', 'invalid', 'create']);
    expect(result.invalid).toEqual([
      expect.objectContaining({
        row: 2,
        field: 'owner',
        message: 'Owner must be the email address of a member of this workspace',
      }),
    ]);
    const tokens = (await listAll(admin.cookie, workspaceId)).items;
    expect(tokens.map((token) => [token.name, token.owner_id ?? null])).toEqual([
      ['Owned', viewer.userId],
      ['Unowned', null],
    ]);
    // Its own export imports back unchanged, owners included.
    const exported = await invoke(
      exportTokens,
      routeRequest('GET', '/api/v1/workspaces/{id}/tokens/export', {
        params: { id: workspaceId },
        cookie: admin.cookie,
      }),
    );
    const again = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content: exported.body!,
      dryRun: true,
    });
    expect(again.outcomes).toEqual(['unchanged', 'unchanged']);
  });

  it('follows a mapping: renamed columns, ignored ones, and labels as values', async () => {
    const { workspaceId, admin } = await givenTeam();
    const content = csv(
      ['Token', 'Kind', 'Valid until', 'Owner team', 'id'],
      [['Mapped', 'Software License', inDays(15), 'finance', 'ignored-id']],
    );
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      mapping: { Token: 'name', Kind: 'type', 'Valid until': 'expiresAt', 'Owner team': null },
      dryRun: false,
    });
    expect(answer.columns).toEqual([
      { column: 'Token', field: 'name' },
      { column: 'Kind', field: 'type' },
      { column: 'Valid until', field: 'expiresAt' },
      { column: 'Owner team', field: null },
      { column: 'id', field: null },
    ]);
    const [token] = (await listAll(admin.cookie, workspaceId)).items;
    expect(token).toMatchObject({ name: 'Mapped', category: 'license', type: 'software_license' });
    expect(token!.id).not.toBe('ignored-id');
  });

  it('takes the natural names of categories and types, and lists the accepted ones otherwise', async () => {
    const { workspaceId, admin } = await givenTeam();
    const content = csv(
      ['name', 'category', 'type', 'expiresAt'],
      [
        ['Singular cert', 'Certificate', 'SSL Certificate', inDays(15)],
        ['Plural cert', 'certificates', 'TLS certificates', inDays(15)],
        ['Licence', 'License', 'software licenses', inDays(15)],
        ['Key', 'Keys and Secrets', 'API keys', inDays(15)],
        ['Secret', 'secret', 'Secrets', inDays(15)],
        ['Doc', 'GENERAL', 'Documents', inDays(15)],
        ['Unknown category', 'Gadgets', 'other', inDays(15)],
        ['Unknown type', 'cert', 'Gizmo', inDays(15)],
      ],
    );
    const answer = await importOk(admin.cookie, workspaceId, {
      format: 'csv',
      content,
      dryRun: false,
    });
    expect(answer.outcomes).toEqual([
      'create',
      'create',
      'create',
      'create',
      'create',
      'create',
      'invalid',
      'invalid',
    ]);
    expect(answer.invalid).toEqual([
      {
        row: 7,
        field: 'category',
        message:
          'Category "Gadgets" is not known. Use one of: Certificates (cert), Keys & Secrets (key_secret), Licenses (license), General (general).',
        code: 'VALIDATION_ERROR',
      },
      {
        row: 8,
        field: 'type',
        message:
          'Type "Gizmo" is not known. Use one of: SSL Certificate (ssl_cert), TLS Certificate (tls_cert), Code Signing Certificate (code_signing), Client Certificate (client_cert).',
        code: 'VALIDATION_ERROR',
      },
    ]);
    const stored = (await listAll(admin.cookie, workspaceId)).items.map((token) => [
      token.name,
      token.category,
      token.type,
    ]);
    expect(stored).toEqual([
      ['Doc', 'general', 'document'],
      ['Key', 'key_secret', 'api_key'],
      ['Licence', 'license', 'software_license'],
      ['Plural cert', 'cert', 'tls_cert'],
      ['Secret', 'key_secret', 'secret'],
      ['Singular cert', 'cert', 'ssl_cert'],
    ]);
  });

  it('refuses files it cannot read, or without the required columns, as a whole', async () => {
    const { workspaceId, admin } = await givenTeam();
    const refusal = async (body: ImportTokensBody) => {
      const response = await importAs(admin.cookie, workspaceId, body);
      expect(response.statusCode).toBe(400);
      return (response.json as { error: string }).error;
    };
    expect(await refusal({ format: 'json', content: '{"name":', dryRun: true })).toBe(
      'The file is not valid JSON.',
    );
    expect(await refusal({ format: 'json', content: '{"name":"x"}', dryRun: true })).toBe(
      'A JSON import is an array of token objects.',
    );
    expect(
      await refusal({ format: 'csv', content: 'name,type\r\nA,api_key\r\n', dryRun: true }),
    ).toBe('No column feeds Expiration Date. Map a column to each.');
    expect(await refusal({ format: 'csv', content: 'name,type,expiresAt\r\n', dryRun: true })).toBe(
      'The file has no rows to import.',
    );
    expect(
      await refusal({
        format: 'csv',
        content: 'name,type,expiresAt\r\n"open,api_key,2030-01-01\r\n',
        dryRun: true,
      }),
    ).toBe('Row 1 of the CSV file could not be read: check its quotes.');
    expect(
      await refusal({
        format: 'csv',
        content: 'Name,Token,type,expiresAt\r\na,b,api_key,2030-01-01\r\n',
        mapping: { Name: 'name', Token: 'name' },
        dryRun: true,
      }),
    ).toBe('Columns "Name" and "Token" both feed Name. Map only one of them to it.');
    const tooMany = csv(
      ['name', 'type', 'expiresAt'],
      Array.from({ length: 5001 }, (_, index) => [`T${index}`, 'api_key', inDays(10)]),
    );
    expect(await refusal({ format: 'csv', content: tooMany, dryRun: true })).toBe(
      'An import takes at most 5,000 rows; this file has 5,001. Split it and import each part.',
    );
  });

  it('is for admins and workspace managers of a workspace that is not frozen', async () => {
    const team = await givenTeam();
    const body: ImportTokensBody = {
      format: 'csv',
      content: csv(['name', 'type', 'expiresAt'], [['A', 'api_key', inDays(10)]]),
      dryRun: true,
    };
    expect((await importAs(team.viewer.cookie, team.workspaceId, body)).statusCode).toBe(403);
    expect((await importAs(team.outsider.cookie, team.workspaceId, body)).statusCode).toBe(404);
    expect((await importAs(undefined, team.workspaceId, body)).statusCode).toBe(401);
    const frozen = await givenTeam({ frozen: true });
    const refused = await importAs(frozen.admin.cookie, frozen.workspaceId, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
  });

  it('imports 5,000 rows in one request within the Lambda payload limit (6 MB)', async () => {
    const { workspaceId, admin } = await givenTeam();
    const rows = Array.from({ length: 5000 }, (_, index) => [
      `Bulk token ${String(index).padStart(4, '0')}`,
      'key_secret',
      'api_key',
      inDays(30 + (index % 300)),
      `section-${index % 7}`,
      'Vault',
    ]);
    const content = csv(['name', 'category', 'type', 'expiresAt', 'section', 'location'], rows);
    const body = JSON.stringify({ format: 'csv', content, dryRun: false });
    expect(Buffer.byteLength(body)).toBeLessThan(6 * 1024 * 1024);
    const response = await importAs(
      admin.cookie,
      workspaceId,
      { format: 'csv', content, dryRun: false },
      UNHURRIED,
    );
    expect(response.statusCode).toBe(200);
    expect(Buffer.byteLength(response.body!)).toBeLessThan(6 * 1024 * 1024);
    expect(response.json).toMatchObject({ created: 5000, invalid: [], duplicates: [] });
    const list = await listAll(admin.cookie, workspaceId);
    expect(list.total).toBe(5000);
    expect(list.facets.section.reduce((sum, facet) => sum + facet.count, 0)).toBe(5000);
    // Importing the same file again writes nothing.
    const again = await importOk(
      admin.cookie,
      workspaceId,
      { format: 'csv', content, dryRun: false },
      UNHURRIED,
    );
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5000 });
  }, 240_000);
});
