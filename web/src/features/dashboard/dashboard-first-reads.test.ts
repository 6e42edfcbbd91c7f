import { CATEGORIES } from '@expiry-radar/shared/domain/category-values';
import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { createTestQueryClient } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { localStore, storageKeys } from '../../lib/local-store';
import { tokenKeys } from '../tokens';
import { fetchDashboardFirstReads } from './dashboard-first-reads';
import { DEFAULT_SORT, requestSort } from './token-sort-state';

const WORKSPACES = [
  { id: 'ws-1', name: 'Platform', plan: 'pro', role: 'admin', is_frozen: false },
  {
    id: 'ws-2fa',
    name: 'Payments',
    plan: 'team',
    role: 'workspace_manager',
    is_frozen: false,
    require_two_factor: true,
  },
];

/** Each category's tokens per section: what its page's section facet counts, whatever section. */
const SECTIONS_OF: Record<
  (typeof CATEGORIES)[number],
  { section: string | null; count: number }[]
> = {
  cert: [
    { section: null, count: 1 },
    { section: 'ops', count: 1 },
  ],
  key_secret: [],
  license: [{ section: null, count: 3 }],
  general: [],
};

/** A category's first page: no tokens in the URL's section, and the facets of the workspace. */
const emptyPage = (category: (typeof CATEGORIES)[number]) => ({
  items: [],
  total: 0,
  facets: {
    category: { cert: 0, key_secret: 0, license: 0, general: 0 },
    section: SECTIONS_OF[category],
  },
});

function serve(session: unknown = sessionFor(), tokensStatus = 200) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/v1/workspaces': () => jsonResponse({ items: WORKSPACES }),
    'GET /api/tokens': ({ url }) =>
      tokensStatus === 200
        ? jsonResponse(emptyPage(url.searchParams.get('category[]') as (typeof CATEGORIES)[number]))
        : jsonResponse({ error: 'Down', code: 'INTERNAL' }, tokensStatus),
  });
}

const dashboard = (query = '') => new URL(`http://localhost/dashboard${query}`);
const pathsOf = (requests: { url: URL }[]) => requests.map(({ url }) => url.pathname);
const firstPageKey = (workspaceId: string, category: (typeof CATEGORIES)[number]) =>
  tokenKeys.list(workspaceId, {
    category,
    q: '',
    sort: requestSort(DEFAULT_SORT),
    section: SECTION_FILTER_ALL,
  });

beforeEach(() => {
  resetApiClientState();
  localStore.remove(storageKeys.lastWorkspace);
});

describe('the dashboard first reads, in the cache before the page renders', () => {
  it("are the page's own queries: the session, the workspaces, every first page, and the summary the pages carry together", async () => {
    const { requests } = serve();
    const queryClient = createTestQueryClient();

    await fetchDashboardFirstReads(queryClient, dashboard('?workspace=ws-1'));

    expect(pathsOf(requests).filter((path) => path === '/api/tokens')).toHaveLength(4);
    // Each page's section facet counts its category in every section: the sum is the workspace.
    expect(queryClient.getQueryData(tokenKeys.summary('ws-1'))).toEqual({
      total: 5,
      facets: {
        category: { cert: 2, key_secret: 0, license: 3, general: 0 },
        section: [
          { section: null, count: 4 },
          { section: 'ops', count: 1 },
        ],
      },
    });
    for (const category of CATEGORIES) {
      expect(queryClient.getQueryData(firstPageKey('ws-1', category))).toEqual({
        pages: [emptyPage(category)],
        pageParams: [0],
      });
    }
  });

  it('read the last used workspace when the URL names none', async () => {
    const { requests } = serve();
    localStore.set(storageKeys.lastWorkspace, 'ws-1');

    await fetchDashboardFirstReads(createTestQueryClient(), dashboard());

    const tokenReads = requests.filter(({ url }) => url.pathname === '/api/tokens');
    expect(tokenReads).toHaveLength(4);
    expect(tokenReads.every(({ url }) => url.searchParams.get('workspace_id') === 'ws-1')).toBe(
      true,
    );
  });

  it('leave the summary to the page when no first page answered', async () => {
    serve(sessionFor(), 500);
    const queryClient = createTestQueryClient();

    await fetchDashboardFirstReads(queryClient, dashboard('?workspace=ws-1'));

    expect(queryClient.getQueryData(tokenKeys.summary('ws-1'))).toBeUndefined();
  });

  it('read no tokens of a workspace that requires two-factor of a member without it', async () => {
    const { requests } = serve();

    await fetchDashboardFirstReads(createTestQueryClient(), dashboard('?workspace=ws-2fa'));

    expect(pathsOf(requests)).toEqual(['/api/session', '/api/v1/workspaces']);
  });

  it('stop at the session when nobody is signed in, or the address is not verified', async () => {
    for (const session of [{ loggedIn: false }, sessionFor({ needsVerification: true })]) {
      resetApiClientState();
      const { requests } = serve(session);

      await fetchDashboardFirstReads(createTestQueryClient(), dashboard('?workspace=ws-1'));

      expect(pathsOf(requests)).toEqual(['/api/session']);
    }
  });

  it('read nothing for the account settings (view=account)', async () => {
    const { requests } = serve();

    await fetchDashboardFirstReads(createTestQueryClient(), dashboard('?view=account'));

    expect(requests).toHaveLength(0);
  });
});
