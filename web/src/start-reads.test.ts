import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import { installFetchMock, jsonResponse } from '../test-support/mock-fetch';
import type { requestRoute } from './lib/api-client';
import { findRoute } from '@expiry-radar/shared/api/route-table';
import type { getRuntimeConfig, loadRuntimeConfig } from './lib/runtime-config';

/** Runs the page's first script as the page starts on `path` (a fresh module state each time). */
async function startPageAt(path: string) {
  window.history.pushState({}, '', path);
  let modules!: {
    requestRoute: typeof requestRoute;
    loadRuntimeConfig: typeof loadRuntimeConfig;
    getRuntimeConfig: typeof getRuntimeConfig;
  };
  await jest.isolateModulesAsync(async () => {
    await import('./start-reads');
    const { requestRoute } = await import('./lib/api-client');
    const { loadRuntimeConfig, getRuntimeConfig } = await import('./lib/runtime-config');
    modules = { requestRoute, loadRuntimeConfig, getRuntimeConfig };
  });
  return modules;
}

function serve() {
  return installFetchMock({
    'GET /config.json': () => jsonResponse({ apiBaseUrl: '', analyticsKey: 'phc_1' }),
    'GET /api/session': () => jsonResponse({ user: null }),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [] }),
    'GET /api/tokens': () => jsonResponse({ items: [], total: 0 }),
  });
}

describe('the page’s first script', () => {
  it('on /dashboard asks for the settings, then the session, the workspaces and every first page (which carry the summary), before the app runs', async () => {
    const { requests } = serve();
    window.localStorage.setItem('expiry-radar:signed-in', 'true');
    const app = await startPageAt('/dashboard?workspace=ws-1');
    const sent = requests.map(({ url }) => `${url.pathname}${url.search}`);
    expect(sent).toEqual([
      '/config.json',
      '/api/session',
      '/api/v1/workspaces?limit=100&offset=0',
      ...CATEGORIES.map(
        (category) =>
          `/api/tokens?workspace_id=ws-1&category%5B%5D=${category}&limit=100&offset=0&sort=expiration_asc`,
      ),
    ]);

    // The app's own load of the settings and its reads take those answers: nothing is sent again.
    await expect(app.loadRuntimeConfig()).resolves.toMatchObject({ analyticsKey: 'phc_1' });
    expect(app.getRuntimeConfig()).toMatchObject({ analyticsKey: 'phc_1' });
    await app.requestRoute(findRoute('getSession'));
    await app.requestRoute(findRoute('listTokens'), {
      query: {
        workspace_id: 'ws-1',
        'category[]': [CATEGORIES[0]],
        limit: 100,
        offset: 0,
        sort: 'expiration_asc',
      },
    });
    expect(requests).toHaveLength(sent.length);
  });

  it('on /dashboard in a browser not signed in at its last check, asks for the session alone: the reads that need one wait for it', async () => {
    const { requests } = serve();
    const app = await startPageAt('/dashboard?workspace=ws-1');
    expect(requests.map(({ url }) => url.pathname)).toEqual(['/config.json', '/api/session']);
    // The app takes both answers.
    await app.loadRuntimeConfig();
    await app.requestRoute(findRoute('getSession'));
    expect(requests).toHaveLength(2);
  });

  it('asks for nothing on any other page', async () => {
    const { requests } = serve();
    const app = await startPageAt('/preferences');
    expect(requests).toHaveLength(0);
    await app.loadRuntimeConfig();
    expect(requests.map(({ path }) => path)).toEqual(['/config.json']);
  });

  it('opens the session and local storage on any page', async () => {
    serve();
    const read = jest.spyOn(Storage.prototype, 'getItem');
    try {
      await startPageAt('/pricing');
      const storages = read.mock.contexts;
      expect(storages).toContain(window.sessionStorage);
      expect(storages).toContain(window.localStorage);
    } finally {
      read.mockRestore();
    }
  });

  describe('the dashboard route’s chunks that the build names on the script’s tag', () => {
    const chunks = ['/assets/dashboard-route-abc123.js', '/assets/landing-and-dashboard-def456.js'];
    const preloads = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      );

    beforeEach(() => {
      const script = document.createElement('script');
      script.dataset.dashboardChunks = chunks.join(' ');
      document.head.append(script);
    });

    afterEach(() => {
      document.head.replaceChildren();
    });

    it('are preloaded on /dashboard, each of them', async () => {
      serve();
      await startPageAt('/dashboard');
      expect(preloads()).toEqual(chunks);
    });

    it('are not on any other page', async () => {
      serve();
      await startPageAt('/');
      expect(preloads()).toEqual([]);
    });
  });

  describe('the locale data for names and dates', () => {
    const idleCallbacks: IdleRequestCallback[] = [];
    const original = Object.getOwnPropertyDescriptor(window, 'requestIdleCallback');

    beforeEach(() => {
      idleCallbacks.length = 0;
      window.requestIdleCallback = (callback) => idleCallbacks.push(callback);
    });

    afterEach(() => {
      if (original) Object.defineProperty(window, 'requestIdleCallback', original);
      else delete (window as Partial<Window>).requestIdleCallback;
      jest.restoreAllMocks();
    });

    it('loads on /dashboard when the page is first idle: a collator and a date formatter', async () => {
      serve();
      await startPageAt('/dashboard');
      const collator = jest.spyOn(Intl, 'Collator');
      const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
      // Nothing before the page is idle.
      expect(collator).not.toHaveBeenCalled();
      expect(dateFormat).not.toHaveBeenCalled();
      for (const callback of idleCallbacks) {
        callback({ didTimeout: false, timeRemaining: () => 50 });
      }
      expect(collator).toHaveBeenCalledTimes(1);
      expect(dateFormat).toHaveBeenCalledTimes(1);
    });

    it('is left to the pages that need it elsewhere', async () => {
      serve();
      await startPageAt('/pricing');
      expect(idleCallbacks).toHaveLength(0);
    });
  });
});
