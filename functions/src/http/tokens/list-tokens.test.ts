import type { ListTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import { CATEGORIES, TYPES_BY_CATEGORY } from '@expiry-radar/shared/domain/categories';
import { givenSignedInUser } from '../../../test-support/fixtures';
import {
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
  listRequest,
} from '../../../test-support/token-fixtures';

const names = (response: { json: unknown }) =>
  (response.json as ListTokensResponse).items.map((token) => token.name);

/** Six tokens over the four categories, three sections and a spread of expiry dates. */
async function givenInventory() {
  const { workspaceId, owner } = await givenWorkspace();
  const add = (fields: Record<string, unknown>) => givenToken(owner.cookie, workspaceId, fields);
  await add({
    name: 'Alpha cert',
    category: 'cert',
    type: 'ssl_cert',
    expiresAt: inDays(10),
    section: 'prod',
    domains: 'alpha.example.com, www.alpha.example.com',
    issuer: "Let's Encrypt",
  });
  await add({ name: 'beta cert', category: 'cert', type: 'tls_cert', expiresAt: inDays(40) });
  await add({
    name: 'Gamma key',
    category: 'key_secret',
    type: 'api_key',
    expiresAt: inDays(5),
    section: 'prod',
    location: 'Vault',
    used_by: 'billing-service',
  });
  await add({
    name: 'delta secret',
    category: 'key_secret',
    type: 'secret',
    expiresAt: inDays(100),
    section: 'staging',
    description: 'Database password rotation',
  });
  await add({
    name: 'Epsilon license',
    category: 'license',
    type: 'software_license',
    expiresAt: inDays(20),
    vendor: 'Acme Corp',
  });
  await add({ name: 'zeta doc', category: 'general', type: 'document', expiresAt: inDays(60) });
  const list = (query: string) => listRequest(owner.cookie, `workspace_id=${workspaceId}&${query}`);
  return { workspaceId, owner, list };
}

const BY_EXPIRY = [
  'Gamma key',
  'Alpha cert',
  'Epsilon license',
  'beta cert',
  'zeta doc',
  'delta secret',
];
const BY_NAME = [
  'Alpha cert',
  'beta cert',
  'delta secret',
  'Epsilon license',
  'Gamma key',
  'zeta doc',
];
const ALL_FACETS = {
  category: { cert: 2, key_secret: 2, license: 1, general: 1 },
  section: [
    { section: null, count: 3 },
    { section: 'prod', count: 2 },
    { section: 'staging', count: 1 },
  ],
};

describe('GET /api/tokens', () => {
  let inventory: Awaited<ReturnType<typeof givenInventory>>;
  beforeAll(async () => {
    inventory = await givenInventory();
  });

  it('answers every token by expiry with the total and the facets', async () => {
    const response = await inventory.list('');
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(BY_EXPIRY);
    expect(response.json).toMatchObject({ total: 6, facets: ALL_FACETS });
    const token = (response.json as ListTokensResponse).items[1]!;
    expect(token).toMatchObject({
      name: 'Alpha cert',
      category: 'cert',
      type: 'ssl_cert',
      section: 'prod',
      domains: ['alpha.example.com', 'www.alpha.example.com'],
      issuer: "Let's Encrypt",
      location: null,
      key_size: null,
      workspace_id: inventory.workspaceId,
    });
    expect(Object.keys(token).sort()).toEqual(
      [
        'id',
        'name',
        'type',
        'category',
        'expiresAt',
        'section',
        'domains',
        'location',
        'used_by',
        'contact_group_id',
        'additional_contact_group_ids',
        'owner_id',
        'renews_automatically',
        'renewal_grace_days',
        'issuer',
        'serial_number',
        'subject',
        'key_size',
        'algorithm',
        'license_type',
        'vendor',
        'cost',
        'renewal_url',
        'renewal_date',
        'contacts',
        'description',
        'notes',
        'created_at',
        'updated_at',
        'workspace_id',
      ].sort(),
    );
  });

  it('sorts by expiry ascending, descending and by name', async () => {
    expect(names(await inventory.list('sort=expiration_asc'))).toEqual(BY_EXPIRY);
    expect(names(await inventory.list('sort=expiration_desc'))).toEqual([...BY_EXPIRY].reverse());
    expect(names(await inventory.list('sort=name_asc'))).toEqual(BY_NAME);
  });

  it('filters by categories, repeated or comma-separated; the section facet counts in them', async () => {
    const response = await inventory.list('category[]=cert&category[]=license');
    expect(names(response)).toEqual(['Alpha cert', 'Epsilon license', 'beta cert']);
    // The category facet leaves out the category filter, the section facet does not.
    expect(response.json).toMatchObject({
      total: 3,
      facets: {
        category: ALL_FACETS.category,
        section: [
          { section: null, count: 2 },
          { section: 'prod', count: 1 },
        ],
      },
    });
    expect(names(await inventory.list('category=general,key_secret&sort=name_asc'))).toEqual([
      'delta secret',
      'Gamma key',
      'zeta doc',
    ]);
  });

  it('filters by section, unsectioned (__none__) or all (__all__); the category facet counts in it', async () => {
    const prod = await inventory.list('section=prod');
    expect(names(prod)).toEqual(['Gamma key', 'Alpha cert']);
    // The section facet leaves out the section filter, the category facet does not.
    expect(prod.json).toMatchObject({
      total: 2,
      facets: {
        category: { cert: 1, key_secret: 1, license: 0, general: 0 },
        section: ALL_FACETS.section,
      },
    });
    const none = await inventory.list('section=__none__');
    expect(names(none)).toEqual(['Epsilon license', 'beta cert', 'zeta doc']);
    expect(none.json).toMatchObject({ total: 3 });
    expect((await inventory.list('section=__all__')).json).toMatchObject({ total: 6 });
    const certsWithout = await inventory.list('category[]=cert&section=__none__');
    expect(names(certsWithout)).toEqual(['beta cert']);
    expect(certsWithout.json).toMatchObject({
      total: 1,
      facets: {
        category: { cert: 1, key_secret: 0, license: 1, general: 1 },
        section: [
          { section: 'prod', count: 1 },
          { section: null, count: 1 },
        ],
      },
    });
    expect((await inventory.list('section=nowhere')).json).toMatchObject({ items: [], total: 0 });
  });

  it('pages with limit and offset', async () => {
    const page = await inventory.list('limit=2&offset=2');
    expect(names(page)).toEqual(['Epsilon license', 'beta cert']);
    expect(page.json).toMatchObject({ total: 6 });
    expect(names(await inventory.list('limit=2&offset=5'))).toEqual(['delta secret']);
    expect(await inventory.list('offset=6')).toMatchObject({ json: { items: [], total: 6 } });
    expect(names(await inventory.list('limit=1&offset=1&sort=name_asc&category=cert'))).toEqual([
      'beta cert',
    ]);
    expect(names(await inventory.list('limit=1&offset=1&section=prod'))).toEqual(['Alpha cert']);
  });

  it('searches name, location, used_by, issuer, vendor, description and domains without case', async () => {
    const search = async (q: string) => names(await inventory.list(`q=${encodeURIComponent(q)}`));
    expect(await search('ALPHA.EXAMPLE')).toEqual(['Alpha cert']);
    expect(await search('vault')).toEqual(['Gamma key']);
    expect(await search('BILLING')).toEqual(['Gamma key']);
    expect(await search("let's")).toEqual(['Alpha cert']);
    expect(await search('acme')).toEqual(['Epsilon license']);
    expect(await search('rotation')).toEqual(['delta secret']);
    expect(await search('prod')).toEqual([]);
  });

  it('counts facets over the search and every filter but their own', async () => {
    const response = await inventory.list('q=cert&category=key_secret&section=prod');
    expect(response.json).toEqual({
      items: [],
      total: 0,
      facets: { category: { cert: 1, key_secret: 0, license: 0, general: 0 }, section: [] },
    });
    const certs = await inventory.list('q=cert&category=cert');
    expect(certs.json).toMatchObject({
      total: 2,
      facets: {
        category: { cert: 2, key_secret: 0, license: 0, general: 0 },
        section: [
          { section: 'prod', count: 1 },
          { section: null, count: 1 },
        ],
      },
    });
    const paged = await inventory.list('q=TA&sort=name_asc&limit=2&offset=1');
    expect(names(paged)).toEqual(['delta secret', 'zeta doc']);
    expect(paged.json).toMatchObject({ total: 3 });
    expect(names(await inventory.list('q=e&section=__none__'))).toEqual([
      'Epsilon license',
      'beta cert',
      'zeta doc',
    ]);
  });

  it('orders a search exactly like the indexes', async () => {
    for (const sort of ['expiration_asc', 'expiration_desc', 'name_asc', 'name_desc']) {
      const indexed = await inventory.list(`sort=${sort}`);
      const searched = await inventory.list(`sort=${sort}&q=e`);
      expect(searched.json).toEqual(indexed.json);
    }
  });

  it('lets viewers read; answers 404 to non-members and 401 without a session', async () => {
    const viewer = await givenMember(inventory.workspaceId, 'viewer');
    const asViewer = await listRequest(viewer.cookie, `workspace_id=${inventory.workspaceId}`);
    expect(asViewer.statusCode).toBe(200);
    expect((asViewer.json as ListTokensResponse).total).toBe(6);
    const stranger = await givenSignedInUser();
    const asStranger = await listRequest(stranger.cookie, `workspace_id=${inventory.workspaceId}`);
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json).toMatchObject({ code: 'NOT_FOUND' });
    expect((await listRequest(undefined, `workspace_id=${inventory.workspaceId}`)).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['', 'Workspace is required'],
    ['workspace_id=', 'Workspace is required'],
    ['workspace_id=w&limit=0', 'Limit must be an integer between 1 and 100'],
    ['workspace_id=w&limit=101', 'Limit must be an integer between 1 and 100'],
    ['workspace_id=w&limit=ten', 'Limit must be an integer between 1 and 100'],
    ['workspace_id=w&offset=-1', 'Offset must be a non-negative integer'],
    ['workspace_id=w&offset=1.5', 'Offset must be a non-negative integer'],
    ['workspace_id=w&category[]=cert&category[]=bogus', 'Invalid category'],
    ['workspace_id=w&sort=newest', undefined],
    [`workspace_id=w&q=${'x'.repeat(201)}`, 'Search must be 200 characters or less'],
    [`workspace_id=w&section=${'s'.repeat(121)}`, undefined],
    // Longer than any id: refused before it becomes a table key past DynamoDB's key size.
    [`workspace_id=${'x'.repeat(2_100)}`, 'Workspace id must be 200 characters or less'],
  ])('answers 400 to query case %#', async (query, message) => {
    const response = await listRequest(inventory.owner.cookie, query);
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    if (message) expect(response.json).toMatchObject({ error: message });
  });
});

describe('GET /api/tokens over many tokens', () => {
  it('pages through several categories exactly like a sort of all tokens', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const created = [];
    for (let index = 0; index < 36; index += 1) {
      const category = CATEGORIES[index % 4]!;
      created.push(
        await givenToken(owner.cookie, workspaceId, {
          name: `Token ${String((index * 7) % 36).padStart(2, '0')}`,
          category,
          type: TYPES_BY_CATEGORY[category][0],
          expiresAt: inDays(1 + ((index * 11) % 17)),
          section: index % 3 === 0 ? 'blue' : null,
        }),
      );
    }
    const byExpiry = [...created].sort((a, b) =>
      `${a.expiresAt}#${a.id}` < `${b.expiresAt}#${b.id}` ? -1 : 1,
    );
    const byName = [...created].sort((a, b) =>
      `${a.name.toLowerCase()}#${a.id}` < `${b.name.toLowerCase()}#${b.id}` ? -1 : 1,
    );
    const ids = (response: { json: unknown }) =>
      (response.json as ListTokensResponse).items.map((token) => token.id);
    const keysLastFirst = byName.filter((t) => t.category === 'key_secret').reverse();
    const searchedLastFirst = byName.filter((t) => t.name.includes('Token 1')).reverse();
    const cases = [
      { query: 'limit=10&offset=0', expected: byExpiry.slice(0, 10) },
      { query: 'limit=10&offset=13', expected: byExpiry.slice(13, 23) },
      {
        query: 'limit=10&offset=30&sort=expiration_desc',
        expected: [...byExpiry].reverse().slice(30),
      },
      { query: 'limit=7&offset=5&sort=name_asc', expected: byName.slice(5, 12) },
      {
        query: 'limit=5&offset=3&category[]=cert&category[]=license',
        expected: byExpiry.filter((t) => ['cert', 'license'].includes(t.category)).slice(3, 8),
      },
      {
        query: 'limit=4&offset=2&section=blue&sort=name_asc',
        expected: byName.filter((t) => t.section === 'blue').slice(2, 6),
      },
      // A category's last names first, and "Load more" (the next offset) going on from there.
      {
        query: 'limit=4&category[]=key_secret&sort=name_desc',
        expected: keysLastFirst.slice(0, 4),
      },
      {
        query: 'limit=4&offset=4&category[]=key_secret&sort=name_desc',
        expected: keysLastFirst.slice(4, 8),
      },
      {
        query: 'limit=3&offset=0&q=token%201&sort=name_desc',
        expected: searchedLastFirst.slice(0, 3),
      },
      {
        query: 'limit=3&offset=3&q=token%201&sort=name_desc',
        expected: searchedLastFirst.slice(3, 6),
      },
    ];
    for (const { query, expected } of cases) {
      const response = await listRequest(owner.cookie, `workspace_id=${workspaceId}&${query}`);
      expect(ids(response)).toEqual(expected.map((token) => token.id));
    }
    const blue = await listRequest(owner.cookie, `workspace_id=${workspaceId}&section=blue`);
    expect(blue.json).toMatchObject({
      total: 12,
      facets: {
        category: { cert: 3, key_secret: 3, license: 3, general: 3 },
        section: [
          { section: null, count: 24 },
          { section: 'blue', count: 12 },
        ],
      },
    });
  });

  it('answers one token by id (an alert link), and nothing of another workspace', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, { name: 'Linked key' });
    await givenToken(owner.cookie, workspaceId, { name: 'Other key' });
    const one = await listRequest(owner.cookie, `workspace_id=${workspaceId}&id=${token.id}`);
    expect(one.statusCode).toBe(200);
    expect(names(one)).toEqual(['Linked key']);
    expect((one.json as ListTokensResponse).total).toBe(1);

    const { workspaceId: otherWorkspace, owner: other } = await givenWorkspace();
    const foreign = await listRequest(
      other.cookie,
      `workspace_id=${otherWorkspace}&id=${token.id}`,
    );
    expect(names(foreign)).toEqual([]);
    const outsider = await listRequest(other.cookie, `workspace_id=${workspaceId}&id=${token.id}`);
    expect(outsider.statusCode).toBe(404);
  });
});
