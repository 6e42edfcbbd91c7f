import fc from 'fast-check';
import { CATEGORIES, TOKEN_TYPES } from '@expiry-radar/shared/domain/categories';
import {
  createRequest,
  givenToken,
  givenWorkspace,
  inDays,
  listRequest,
  updateRequest,
} from '../../../test-support/token-fixtures';

/** Values near the real ones (often valid, often not) and arbitrary JSON. */
const text = fc.oneof(fc.string(), fc.string({ minLength: 95, maxLength: 130 }), fc.constant(''));
const fieldValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const date = fc.oneof(
  fc.integer({ min: -400, max: 4000 }).map(inDays),
  fc.date({ noInvalidDate: true }).map((value) => value.toISOString()),
  fc.string(),
);

function tokenBody(workspaceId: string) {
  return fc.oneof(
    fc.record(
      {
        name: fc.oneof(text, fieldValue),
        category: fc.oneof(fc.constantFrom(...CATEGORIES), fieldValue),
        type: fc.oneof(fc.constantFrom(...TOKEN_TYPES), fieldValue),
        expiresAt: fc.oneof(date, fieldValue),
        section: fc.oneof(text, fc.constantFrom('__all__', '__none__'), fieldValue),
        domains: fc.oneof(
          fc.array(fc.domain(), { maxLength: 4 }),
          fc.domain().map((d) => `${d}, ${d}`),
          fieldValue,
        ),
        cost: fc.oneof(fc.double(), fc.string(), fieldValue),
        key_size: fc.oneof(fc.integer(), fc.string(), fieldValue),
        algorithm: fieldValue,
        issuer: fieldValue,
        location: fieldValue,
        renewal_url: fc.oneof(fc.webUrl(), fieldValue),
        renewal_date: fc.oneof(date, fieldValue),
        contact_group_id: fieldValue,
        notes: fieldValue,
        workspace_id: fc.oneof(fc.constant(workspaceId), fieldValue),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
    fc.string(),
  );
}

const runs = { numRuns: 60 };

describe('token requests never produce a 5xx', () => {
  let workspace: Awaited<ReturnType<typeof givenWorkspace>>;
  beforeAll(async () => {
    workspace = await givenWorkspace({ plan: 'enterprise' });
  });

  it('POST /api/tokens', async () => {
    await fc.assert(
      fc.asyncProperty(tokenBody(workspace.workspaceId), async (body) => {
        const response = await createRequest(workspace.owner.cookie, body);
        expect(response.statusCode).toBeLessThan(500);
      }),
      runs,
    );
  }, 120_000);

  it('PUT /api/tokens/{id}', async () => {
    const tokens = await Promise.all(
      [
        { category: 'cert', type: 'ssl_cert' },
        { category: 'key_secret', type: 'ssh_key' },
        { category: 'license', type: 'software_license' },
        { category: 'general', type: 'other' },
      ].map((fields) => givenToken(workspace.owner.cookie, workspace.workspaceId, fields)),
    );
    const id = fc.oneof(
      fc.constantFrom(...tokens.map((token) => token.id)),
      fc.string({ minLength: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(id, tokenBody(workspace.workspaceId), async (tokenId, body) => {
        const response = await updateRequest(workspace.owner.cookie, tokenId, body);
        expect(response.statusCode).toBeLessThan(500);
      }),
      runs,
    );
  }, 120_000);

  it('GET /api/tokens', async () => {
    await givenToken(workspace.owner.cookie, workspace.workspaceId, { section: 'a,b' });
    const pair = (name: fc.Arbitrary<string>, value: fc.Arbitrary<string>) =>
      fc.tuple(name, value).map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`);
    const number = fc.oneof(fc.integer().map(String), fc.double().map(String), fc.string());
    const parameter = fc.oneof(
      pair(fc.constantFrom('limit', 'offset'), number),
      pair(
        fc.constantFrom('category', 'category[]'),
        fc.oneof(fc.constantFrom(...CATEGORIES), fc.string()),
      ),
      pair(
        fc.constant('sort'),
        fc.oneof(fc.constantFrom('expiration_asc', 'expiration_desc', 'name_asc'), fc.string()),
      ),
      pair(
        fc.constant('section'),
        fc.oneof(fc.constantFrom('__all__', '__none__', 'a,b'), fc.string()),
      ),
      pair(fc.constant('q'), fc.string()),
      pair(fc.constant('workspace_id'), fc.oneof(fc.constant(workspace.workspaceId), fc.string())),
      fc.string(),
    );
    const query = fc
      .array(parameter, { maxLength: 6 })
      .map((parts) => [`workspace_id=${workspace.workspaceId}`, ...parts].join('&'));
    await fc.assert(
      fc.asyncProperty(fc.oneof(query, fc.string()), async (rawQuery) => {
        const response = await listRequest(workspace.owner.cookie, rawQuery);
        expect(response.statusCode).toBeLessThan(500);
      }),
      runs,
    );
  }, 120_000);
});
