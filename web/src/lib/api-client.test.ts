import toast from 'react-hot-toast';
import { CLIENT_ERROR_MESSAGES } from '@expiry-radar/shared/errors/client-error-message';
import {
  installFetchMock,
  installUnansweredFetch,
  jsonResponse,
  jsonResponseWithCancellableBody,
  toRecordedRequest,
} from '../../test-support/mock-fetch';
import { findRoute } from '@expiry-radar/shared/api/route-table';
import { call } from './api-call';
import { routeUrl } from './route-url';
import {
  ApiError,
  CSRF_HEADER,
  forgetCsrfToken,
  isSessionExpired,
  refusalMessage,
  requestRoute,
  resetApiClientState,
} from './api-client';
import { assignLocation } from './browser-location';
import { logger } from './logger';
import { requestAhead } from './requests-ahead';
import { resetToastHistory } from './toasts';

jest.mock('./browser-location', () => ({ assignLocation: jest.fn() }));

const errorToast = jest.spyOn(toast, 'error');

function at(path: string) {
  window.history.pushState({}, '', path);
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  errorToast.mockClear();
  jest.mocked(assignLocation).mockClear();
  at('/dashboard');
});

afterEach(() => {
  jest.useRealTimers();
  toast.remove();
});

describe('requestRoute', () => {
  it('sends cookies and JSON, and parses the JSON answer', async () => {
    const { fetchMock, requests } = installFetchMock({
      'GET /api/tokens': () => jsonResponse({ items: [] }),
    });
    await expect(
      requestRoute(findRoute('listTokens'), {
        query: { limit: 10, q: undefined, 'category[]': ['cert'] },
      }),
    ).resolves.toEqual({ items: [] });
    expect(fetchMock.mock.calls[0]?.[1]).toEqual(
      expect.objectContaining({ credentials: 'include', method: 'GET' }),
    );
    expect(requests[0]?.url.search).toBe('?limit=10&category%5B%5D=cert');
    expect(requests[0]?.headers.get(CSRF_HEADER)).toBeNull();
  });

  it('fetches the CSRF token once and sends it on POST, PUT, PATCH and DELETE', async () => {
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf-1' }),
      'POST /api/tokens': () => jsonResponse({ ok: true }),
      'PUT /api/tokens/1': () => jsonResponse({ ok: true }),
      'PATCH /api/v1/workspaces/1': () => jsonResponse({ ok: true }),
      'DELETE /api/tokens/1': () => jsonResponse({ ok: true }),
    });
    await requestRoute(findRoute('createToken'), { body: { name: 'x' } });
    await requestRoute(findRoute('updateToken'), { params: { id: '1' }, body: { name: 'y' } });
    await requestRoute(findRoute('renameWorkspace'), { params: { id: '1' }, body: { name: 'z' } });
    await requestRoute(findRoute('deleteToken'), { params: { id: '1' } });

    expect(requests.filter((r) => r.path === '/api/csrf-token')).toHaveLength(1);
    const mutations = requests.filter((r) => r.path !== '/api/csrf-token');
    expect(mutations.map((r) => r.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    for (const request of mutations) {
      expect(request.headers.get(CSRF_HEADER)).toBe('csrf-1');
      expect(request.headers.get('Content-Type') ?? 'application/json').toBe('application/json');
    }
    expect(mutations[0]?.body).toEqual({ name: 'x' });
  });

  it('refetches the CSRF token and retries once on 403 EBADCSRFTOKEN', async () => {
    let issued = 0;
    let attempts = 0;
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: `csrf-${++issued}` }),
      'POST /api/logout': () =>
        ++attempts === 1
          ? jsonResponse({ error: 'Invalid or missing CSRF token.', code: 'EBADCSRFTOKEN' }, 403)
          : jsonResponse({ ok: true }),
    });
    await expect(call('logout')).resolves.toEqual({ ok: true });
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers.get(CSRF_HEADER))).toEqual(['csrf-1', 'csrf-2']);
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('retries only once: a second EBADCSRFTOKEN is reported', async () => {
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'stale' }),
      'POST /api/logout': () =>
        jsonResponse({ error: 'Invalid or missing CSRF token.', code: 'EBADCSRFTOKEN' }, 403),
    });
    await expect(call('logout')).rejects.toMatchObject({
      status: 403,
      code: 'EBADCSRFTOKEN',
    });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(errorToast).toHaveBeenCalledWith('Invalid or missing CSRF token.', expect.anything());
  });

  it('gives up after 10 seconds with the network error', async () => {
    jest.useFakeTimers();
    installUnansweredFetch();
    const outcome = requestRoute(findRoute('listTokens')).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(9_999);
    expect(errorToast).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).noResponse).toBe(true);
    expect(errorToast).toHaveBeenCalledWith(CLIENT_ERROR_MESSAGES.network, expect.anything());
  });

  it('passes a caller abort through without a toast', async () => {
    installUnansweredFetch();
    const controller = new AbortController();
    const outcome = requestRoute(findRoute('listTokens'), {}, { signal: controller.signal });
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(errorToast).not.toHaveBeenCalled();
  });

  describe('error catalogue to toast text', () => {
    it.each([
      [400, { error: 'Name is required', code: 'VALIDATION_ERROR' }, 'Name is required'],
      [400, {}, 'Invalid request. Please check your input.'],
      [403, { error: 'Workspace is frozen', code: 'WORKSPACE_FROZEN' }, 'Workspace is frozen'],
      [403, {}, "Access denied. You don't have permission for this action."],
      [404, { error: 'Token missing', code: 'NOT_FOUND' }, 'Resource not found.'],
      [429, {}, 'Too many requests. Please wait a moment and try again.'],
      [500, { error: 'boom', code: 'INTERNAL' }, 'Server error. Please try again later.'],
      [409, { error: 'Your plan allows 3.', code: 'PLAN_LIMIT' }, 'Your plan allows 3.'],
      [409, {}, 'An unexpected error occurred.'],
      [503, {}, 'Server error. Please try again later.'],
      [
        429,
        {
          error: 'Too many requests. Please wait a moment and try again.',
          code: 'RATE_LIMITED',
          details: [{ path: 'retryAfterSeconds', message: '40' }],
        },
        'Too many requests. Try again in 40 s.',
      ],
    ])('%i %j shows "%s"', async (status, body, message) => {
      installFetchMock({ 'GET /api/account/plan': () => jsonResponse(body, status) });
      await expect(call('getPlan')).rejects.toBeInstanceOf(ApiError);
      expect(errorToast).toHaveBeenCalledTimes(1);
      expect(errorToast).toHaveBeenCalledWith(message, { id: `error:${message}` });
    });

    it('no response: the network error', async () => {
      globalThis.fetch = jest.fn<Promise<Response>, Parameters<typeof fetch>>(() =>
        Promise.reject(new TypeError('Failed to fetch')),
      );
      await expect(call('getPlan')).rejects.toMatchObject({ noResponse: true });
      expect(errorToast).toHaveBeenCalledWith(
        'Network error. Please check your connection and try again.',
        expect.anything(),
      );
    });

    it("otherwise: an unexpected error (an answer that does not fit the route's schema)", async () => {
      installFetchMock({ 'GET /api/account/plan': () => jsonResponse({ nope: true }) });
      await expect(call('getPlan')).rejects.toBeInstanceOf(ApiError);
      expect(errorToast).toHaveBeenCalledWith('An unexpected error occurred.', expect.anything());
    });

    it('never shows a status line, whatever the status and answer', async () => {
      for (let status = 400; status < 600; status += 1) {
        if (status === 401) continue;
        for (const body of [{}, { error: 'Refused here', code: 'CONFLICT' }]) {
          installFetchMock({ 'GET /api/account/plan': () => jsonResponse(body, status) });
          const error = await call('getPlan', {}, { silent: true }).catch((e: unknown) => e);
          expect(refusalMessage(error)).not.toMatch(/status|\b\d{3}\b/i);
        }
      }
    });

    it('logs a handled refusal (4xx) as one line without a stack trace, a failure with it', async () => {
      const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
      const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
      for (const [status, body, silent] of [
        [409, { error: 'Your plan allows 3.', code: 'PLAN_LIMIT' }, false],
        [403, { error: 'Frozen', code: 'WORKSPACE_FROZEN' }, true],
        [400, {}, false],
        [429, { error: 'Too many requests.', code: 'RATE_LIMITED' }, true],
      ] as const) {
        installFetchMock({ 'GET /api/account/plan': () => jsonResponse(body, status) });
        await expect(call('getPlan', {}, { silent })).rejects.toBeInstanceOf(ApiError);
      }
      expect(warn).not.toHaveBeenCalled();
      expect(info.mock.calls).toEqual([
        ['Request refused (409 PLAN_LIMIT): Your plan allows 3.'],
        ['Request refused (403 WORKSPACE_FROZEN): Frozen'],
        ['Request refused (400): Invalid request. Please check your input.'],
        ['Request refused (429 RATE_LIMITED): Too many requests.'],
      ]);

      installFetchMock({ 'GET /api/account/plan': () => jsonResponse({}, 500) });
      await expect(call('getPlan')).rejects.toBeInstanceOf(ApiError);
      expect(warn).toHaveBeenCalledWith(
        'Request failed:',
        'Server error. Please try again later.',
        expect.any(ApiError),
      );
      warn.mockRestore();
      info.mockRestore();
    });

    it('silent requests show no toast', async () => {
      installFetchMock({ 'GET /api/account/plan': () => jsonResponse({}, 500) });
      await expect(call('getPlan', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
      expect(errorToast).not.toHaveBeenCalled();
    });
  });

  describe('401', () => {
    it('outside public pages: session expired, then /login after 800 ms, back here once signed in', async () => {
      jest.useFakeTimers();
      at('/dashboard?workspace=ws-1&category=cert');
      installFetchMock({
        'GET /api/account/plan': () => jsonResponse({ code: 'UNAUTHORIZED' }, 401),
      });
      await expect(call('getPlan')).rejects.toMatchObject({ status: 401 });
      expect(errorToast).toHaveBeenCalledWith(
        'Your session has expired. Please log in again.',
        expect.anything(),
      );
      await jest.advanceTimersByTimeAsync(799);
      expect(assignLocation).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(assignLocation).toHaveBeenCalledWith(
        `/login?redirect=${encodeURIComponent('/dashboard?workspace=ws-1&category=cert')}`,
      );
    });

    it('a silent call (a form saying its own refusals) still says so and moves to sign-in', async () => {
      jest.useFakeTimers();
      installFetchMock({
        'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
        'PUT /api/tokens/t1': () => jsonResponse({ error: 'Please log in to continue.' }, 401),
      });
      const error = await call(
        'updateToken',
        { params: { id: 't1' }, body: { name: 'x' } },
        { silent: true },
      ).catch((e: unknown) => e);
      expect(isSessionExpired(error)).toBe(true);
      expect(errorToast).toHaveBeenCalledWith(
        'Your session has expired. Please log in again.',
        expect.anything(),
      );
      await jest.advanceTimersByTimeAsync(800);
      expect(assignLocation).toHaveBeenCalledWith('/login?redirect=%2Fdashboard');
    });

    it('redirects once for several 401s', async () => {
      jest.useFakeTimers();
      installFetchMock({ 'GET /api/account/plan': () => jsonResponse({}, 401) });
      await Promise.allSettled([call('getPlan'), call('getPlan')]);
      await jest.advanceTimersByTimeAsync(800);
      expect(assignLocation).toHaveBeenCalledTimes(1);
    });

    it.each([
      '/',
      '/login',
      '/register',
      '/pricing',
      '/help',
      '/privacy-policy',
      '/terms-of-service',
    ])('on %s: silent, no redirect', async (page) => {
      jest.useFakeTimers();
      at(page);
      installFetchMock({ 'GET /api/account/plan': () => jsonResponse({}, 401) });
      await expect(call('getPlan')).rejects.toMatchObject({ status: 401 });
      await jest.advanceTimersByTimeAsync(2_000);
      expect(errorToast).not.toHaveBeenCalled();
      expect(assignLocation).not.toHaveBeenCalled();
    });
  });

  it('records requests with their method and path (test helper)', () => {
    expect(toRecordedRequest('/api/x?y=1', { method: 'post' })).toMatchObject({
      method: 'POST',
      path: '/api/x',
    });
  });
});

describe('call', () => {
  it("sends the route's method to its path, parameters URI-encoded, and answers the parsed JSON", async () => {
    const member = {
      user_id: 'u/1',
      email: 'ada@example.com',
      display_name: null,
      role: 'viewer',
      status: 'active',
      joined_at: null,
    };
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf-1' }),
      'PATCH /api/v1/workspaces/a%20b/members/u%2F1': () => jsonResponse(member),
    });
    await expect(
      call('updateMember', { params: { id: 'a b', userId: 'u/1' }, body: { role: 'viewer' } }),
    ).resolves.toMatchObject({ user_id: 'u/1', role: 'viewer' });
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ role: 'viewer' });
    expect(patch?.headers.get(CSRF_HEADER)).toBe('csrf-1');
  });

  it('reports a route called without one of its path parameters as an unexpected error', async () => {
    const { fetchMock } = installFetchMock({});
    const params = {} as { id: string };
    await expect(call('getWorkspace', { params })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorToast).toHaveBeenCalledWith('An unexpected error occurred.', expect.anything());
  });
});

describe('requestAhead', () => {
  const page = { query: { workspace_id: 'ws-1', limit: 1 } } as const;
  let served = 0;
  const serve = (status = 200) =>
    installFetchMock({
      'GET /api/tokens': () => jsonResponse({ items: [], served: (served += 1) }, status),
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'DELETE /api/tokens/t1': () => jsonResponse({ ok: true }),
    });

  beforeEach(() => {
    served = 0;
  });

  it("sends the GET at once; the same route and query's call takes its answer instead of sending", async () => {
    const { fetchMock } = serve();
    requestAhead(findRoute('listTokens'), page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(requestRoute(findRoute('listTokens'), page)).resolves.toEqual({
      items: [],
      served: 1,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next call sends.
    await expect(requestRoute(findRoute('listTokens'), page)).resolves.toEqual({
      items: [],
      served: 2,
    });
    // Another query is another request.
    await requestRoute(findRoute('listTokens'), { query: { workspace_id: 'ws-2', limit: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks once for the same URL, and never for a change', () => {
    const { fetchMock } = serve();
    requestAhead(findRoute('listTokens'), page);
    requestAhead(findRoute('listTokens'), page);
    requestAhead(findRoute('deleteToken'), { params: { id: 't1' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reports a refusal as the taker's own (the 401 redirect included), never before", async () => {
    serve(401);
    at('/dashboard');
    requestAhead(findRoute('listTokens'), page);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errorToast).not.toHaveBeenCalled();
    jest.useFakeTimers();
    await expect(requestRoute(findRoute('listTokens'), page)).rejects.toMatchObject({
      status: 401,
    });
    expect(errorToast).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(800);
    expect(assignLocation).toHaveBeenCalledWith('/login?redirect=%2Fdashboard');
  });

  it('sends again when the answer asked for ahead failed, or is older than 10 seconds', async () => {
    const { fetchMock } = serve();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    requestAhead(findRoute('listTokens'), page);
    await expect(requestRoute(findRoute('listTokens'), page)).resolves.toMatchObject({ served: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    requestAhead(findRoute('listTokens'), page);
    now.mockReturnValue(start + 10_001);
    await expect(requestRoute(findRoute('listTokens'), page)).resolves.toMatchObject({ served: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    now.mockRestore();
  });

  it('drops every answer asked for ahead on a change, and with a new session', async () => {
    const { fetchMock } = serve();
    requestAhead(findRoute('listTokens'), page);
    await requestRoute(findRoute('deleteToken'), { params: { id: 't1' } });
    await expect(requestRoute(findRoute('listTokens'), page)).resolves.toMatchObject({ served: 2 });

    requestAhead(findRoute('listTokens'), page);
    forgetCsrfToken();
    await expect(requestRoute(findRoute('listTokens'), page)).resolves.toMatchObject({ served: 4 });
    // Ahead (1, 3), the CSRF token, the delete, and the calls that sent their own (2, 4).
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });
  it('lets go of an answer nobody takes: its body is cancelled once dropped or 10 seconds old', async () => {
    const cancelled: string[] = [];
    installFetchMock({
      'GET /api/tokens': ({ url }) =>
        jsonResponseWithCancellableBody({ items: [] }, () =>
          cancelled.push(url.searchParams.get('workspace_id')!),
        ),
    });
    // Lets the answers' promise callbacks run; taken before the timers are faked.
    const realSetTimeout = setTimeout;
    const settle = () => new Promise((resolve) => realSetTimeout(resolve, 0));
    jest.useFakeTimers();
    requestAhead(findRoute('listTokens'), page);
    requestAhead(findRoute('listTokens'), { query: { workspace_id: 'ws-2', limit: 1 } });
    jest.advanceTimersByTime(9_999);
    await settle();
    expect(cancelled).toEqual([]);
    jest.advanceTimersByTime(1);
    await settle();
    expect(cancelled.sort()).toEqual(['ws-1', 'ws-2']);

    // Dropped with a new session: the answer is let go at once.
    requestAhead(findRoute('listTokens'), { query: { workspace_id: 'ws-3', limit: 1 } });
    forgetCsrfToken();
    await settle();
    expect(cancelled).toContain('ws-3');
  });
});

describe('routeUrl', () => {
  it('is the URL of a route the browser goes to itself, with its query', () => {
    expect(routeUrl('googleSignIn')).toBe('/auth/google');
    expect(routeUrl('googleSignIn', { query: { redirect: '/dashboard?view=account' } })).toBe(
      '/auth/google?redirect=%2Fdashboard%3Fview%3Daccount',
    );
  });
});
