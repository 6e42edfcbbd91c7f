import { installFetchMock, jsonResponse } from '../../test-support/mock-fetch';
import type * as ApiCallModule from './api-call';
import type * as RouteTableModule from '@expiry-radar/shared/api/route-table';

/** `api-call` with a fresh module state, its route table's loading recorded. */
async function loadApiCall() {
  const loaded: string[] = [];
  let module!: typeof ApiCallModule;
  await jest.isolateModulesAsync(async () => {
    jest.doMock('@expiry-radar/shared/api/route-table', () => {
      loaded.push('route table');
      return jest.requireActual<typeof RouteTableModule>('@expiry-radar/shared/api/route-table');
    });
    module = await import('./api-call');
  });
  return { ...module, loaded };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the route table', () => {
  const idleCallbacks: { callback: IdleRequestCallback; timeout?: number }[] = [];
  const original = Object.getOwnPropertyDescriptor(window, 'requestIdleCallback');

  beforeEach(() => {
    idleCallbacks.length = 0;
    window.requestIdleCallback = (callback, options) =>
      idleCallbacks.push({ callback, timeout: options?.timeout });
  });

  afterEach(() => {
    if (original) Object.defineProperty(window, 'requestIdleCallback', original);
    else delete (window as Partial<Window>).requestIdleCallback;
    jest.dontMock('@expiry-radar/shared/api/route-table');
  });

  it('loads with the first call once the page is idle (or after at most 500 ms), then answers it', async () => {
    const { requests } = installFetchMock({
      'GET /api/invitations': () => jsonResponse({ items: [] }),
    });
    const { call, loaded, ROUTE_TABLE_IDLE_WAIT_MS } = await loadApiCall();
    expect(ROUTE_TABLE_IDLE_WAIT_MS).toBe(500);

    const answer = call('listInvitations');
    await flush();
    expect(loaded).toEqual([]);
    expect(requests).toHaveLength(0);
    expect(idleCallbacks.map(({ timeout }) => timeout)).toEqual([ROUTE_TABLE_IDLE_WAIT_MS]);

    idleCallbacks[0]!.callback({ didTimeout: false, timeRemaining: () => 50 });
    await expect(answer).resolves.toEqual({ items: [] });
    expect(loaded).toEqual(['route table']);
    expect(requests.map(({ path }) => path)).toEqual(['/api/invitations']);
  });

  it('is loaded once: calls made meanwhile wait for the same idle moment', async () => {
    installFetchMock({ 'GET /api/invitations': () => jsonResponse({ items: [] }) });
    const { call } = await loadApiCall();
    const first = call('listInvitations');
    const second = call('listInvitations');
    await flush();
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]!.callback({ didTimeout: true, timeRemaining: () => 0 });
    await expect(Promise.all([first, second])).resolves.toEqual([{ items: [] }, { items: [] }]);
  });
});
