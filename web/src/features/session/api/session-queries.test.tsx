import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { createTestQueryClient } from '../../../../test-support/render-app';
import { call } from '../../../lib/api-call';
import { CSRF_HEADER, resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { replaceSession } from './session-cache';
import { sessionQueryOptions, sessionRetryDelay, sessionRetryLimit } from './session-queries';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('session check retries', () => {
  it('retries 3 times on the dashboard and once elsewhere', () => {
    expect(sessionRetryLimit('/dashboard')).toBe(3);
    expect(sessionRetryLimit('/dashboard/')).toBe(3);
    expect(sessionRetryLimit('/')).toBe(1);
    expect(sessionRetryLimit('/billing')).toBe(1);
    expect(sessionRetryLimit('/dashboards')).toBe(1);
  });

  it('waits 100 ms, growing, at most 500 ms', () => {
    expect([0, 1, 2, 3, 4].map(sessionRetryDelay)).toEqual([100, 200, 400, 500, 500]);
  });

  it.each([
    ['/dashboard', 4],
    ['/pricing', 2],
  ])('on %s a failing check is tried %i times in all', async (path, calls) => {
    const { fetchMock } = installFetchMock({
      'GET /api/session': () => jsonResponse({ error: 'down' }, 500),
    });
    const { result } = renderHook(() => useQuery(sessionQueryOptions(path)), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 3_000 });
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it('succeeds after a failed try', async () => {
    let attempt = 0;
    installFetchMock({
      'GET /api/session': () =>
        ++attempt === 1 ? jsonResponse({}, 500) : jsonResponse({ loggedIn: false }),
    });
    const { result } = renderHook(() => useQuery(sessionQueryOptions('/')), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ loggedIn: false }));
  });
});

describe('a new session', () => {
  it('takes its own CSRF token for the next write, without a refused first try', async () => {
    let issued = 0;
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: `csrf-${++issued}` }),
      'POST /api/logout': () => jsonResponse({ ok: true }),
    });
    await call('logout');
    replaceSession(createTestQueryClient(), { loggedIn: false, features: { googleSignIn: false } });
    await call('logout');
    const writes = requests.filter((request) => request.method === 'POST');
    expect(writes.map((request) => request.headers.get(CSRF_HEADER))).toEqual(['csrf-1', 'csrf-2']);
  });
});
