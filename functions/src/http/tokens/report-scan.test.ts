import { defaultApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import type { Token } from '@expiry-radar/shared/domain/token';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenToken, inDays } from '../../../test-support/token-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { listAllTokens } from '../../data/token-records';
import { handler as createApiKey } from '../api-keys/create-api-key';
import { handler as reportScan } from './report-scan';

const ROUTE = '/api/v1/workspaces/{id}/scans';

const item = (path: string, expiresAt: string, extra: Record<string, unknown> = {}) => ({
  external_id: path,
  name: `web.example.com (${path})`,
  type: 'ssl_cert',
  expiresAt,
  domains: ['web.example.com'],
  issuer: 'Example CA',
  ...extra,
});

describe('POST /api/v1/workspaces/{id}/scans', () => {
  it('upserts by source id: creates, leaves equal items unwritten, updates, marks removed under the scanned roots only', async () => {
    const { admin, viewer, workspaceId } = await givenTeam();
    const keyOf = async (access: 'read' | 'read_write') => {
      const created = await invoke(
        createApiKey,
        routeRequest('POST', '/api/account/api-keys', {
          cookie: admin.cookie,
          body: {
            name: `CLI ${access}`,
            workspace_id: workspaceId,
            access,
            expires_at: defaultApiKeyExpiry(new Date()),
          },
        }),
      );
      return (created.json as { secret: string }).secret;
    };
    const [writeKey, readKey] = [await keyOf('read_write'), await keyOf('read')];
    const scan = (secret: string, body: unknown) =>
      invoke(
        reportScan,
        apiGatewayEvent({
          method: 'POST',
          path: `/api/v1/workspaces/${workspaceId}/scans`,
          routePath: ROUTE,
          pathParameters: { id: workspaceId },
          body,
          headers: { authorization: `Bearer ${secret}` },
        }),
      );
    const scanned = async () =>
      (await listAllTokens(workspaceId))
        .map((record) => record.token)
        .filter((token): token is Token & { source: NonNullable<Token['source']> } =>
          Boolean(token.source),
        );
    // A certificate typed in by hand with the name of a found one: offered for linking, not doubled.
    const twin = await givenToken(admin.cookie, workspaceId, {
      name: 'web.example.com (/srv/b/twin.pem)',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(50),
    });

    const first = {
      scanner: 'files',
      scope: 'host-1',
      roots: ['/srv/a/', '/srv/b/'],
      items: [
        item('/srv/a/one.pem', inDays(20)),
        item('/srv/a/two.pem', inDays(-2)),
        item('/srv/b/twin.pem', inDays(50)),
      ],
    };
    const preview = await scan(writeKey, { ...first, dry_run: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json).toMatchObject({ dry_run: true, created: 2 });
    expect(await scanned()).toEqual([]);

    const created = await scan(writeKey, first);
    expect(created.json).toMatchObject({
      dry_run: false,
      created: 2,
      updated: 0,
      removed: 0,
      unchanged: 0,
      link_candidates: [{ token_id: twin.id, external_id: '/srv/b/twin.pem' }],
    });
    const tokens = await scanned();
    expect(tokens).toHaveLength(2);
    // An expired certificate on disk is recorded as it is.
    expect(tokens.find((token) => token.source.external_id === '/srv/a/two.pem')).toMatchObject({
      category: 'cert',
      expiresAt: inDays(-2),
      issuer: 'Example CA',
      domains: ['web.example.com'],
      source: { kind: 'files', integration_id: 'files:host-1', removed_at: null },
    });

    // The same scan again writes nothing.
    const again = await scan(writeKey, first);
    expect(again.json).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 2 });
    expect(await scanned()).toEqual(tokens);

    // one.pem replaced (later expiry), two.pem deleted; another host's scan of its own files and a
    // scan of /srv/a alone leave these tokens alone.
    const other = await scan(writeKey, { ...first, scope: 'host-2', items: [] });
    expect(other.json).toMatchObject({ created: 0, removed: 0 });
    const replaced = await scan(writeKey, {
      ...first,
      items: [item('/srv/a/one.pem', inDays(200), { serial_number: '0A' })],
    });
    expect(replaced.json).toMatchObject({ created: 0, updated: 1, renewed: 1, removed: 1 });
    const after = await scanned();
    expect(after.find((token) => token.source.external_id === '/srv/a/one.pem')).toMatchObject({
      expiresAt: inDays(200),
      serial_number: '0A',
      source: { removed_at: null },
    });
    expect(
      after.find((token) => token.source.external_id === '/srv/a/two.pem')?.source.removed_at,
    ).toEqual(expect.any(String));
    const narrower = await scan(writeKey, { ...first, roots: ['/srv/c/'], items: [] });
    expect(narrower.json).toMatchObject({ removed: 0 });

    // A read-only key, a viewer and bad input are refused.
    const refused = await scan(readKey, first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toMatchObject({
      error: 'This API key is read-only: it cannot make changes.',
    });
    const byViewer = await invoke(
      reportScan,
      routeRequest('POST', ROUTE, {
        params: { id: workspaceId },
        cookie: viewer.cookie,
        body: first,
      }),
    );
    expect(byViewer.statusCode).toBe(403);
    const bad = await scan(writeKey, {
      ...first,
      items: [{ ...item('/srv/a/x.pem', 'not a date'), type: 'api_key' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('type must be one of ssl_cert');
  });
});
