import { findRoute } from '@expiry-radar/shared/api/route-table';
import { startUpRoutes } from '@expiry-radar/shared/api/start-up-routes';
import { installFetchMock, jsonResponse } from '../../test-support/mock-fetch';
import { callAtStartUp, startUpAnswers, type StartUpCallId } from './start-up-calls';

describe('callAtStartUp', () => {
  it.each(Object.keys(startUpAnswers) as StartUpCallId[])(
    'checks %s’s answer with the route table’s schema, at the route table’s address',
    (id) => {
      const route = findRoute(id);
      expect(startUpAnswers[id]).toBe(route.response);
      expect(startUpRoutes[id]).toMatchObject({ method: route.method, path: route.path });
    },
  );

  it('sends the query and answers what the schema outputs', async () => {
    const { requests } = installFetchMock({
      'GET /api/v1/workspaces': () => jsonResponse({ items: [], total: 0, unknownField: true }),
    });
    await expect(
      callAtStartUp('listWorkspaces', { query: { limit: 5, offset: 0 } }),
    ).resolves.toEqual({ items: [], total: 0 });
    expect(requests.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([
      '/api/v1/workspaces?limit=5&offset=0',
    ]);
  });

  it('refuses an answer its schema does not accept', async () => {
    installFetchMock({ 'GET /api/tokens': () => jsonResponse({ items: 'none' }) });
    await expect(
      callAtStartUp('listTokens', { query: { workspace_id: 'ws-1', limit: 1 } }, { silent: true }),
    ).rejects.toBeDefined();
  });
});
