import toast from 'react-hot-toast';
import { CLIENT_ERROR_MESSAGES } from '@expiry-radar/shared/errors/client-error-message';
import {
  installFetchMock,
  installUnansweredFetch,
  jsonResponse,
} from '../../test-support/mock-fetch';
import { ApiError, CSRF_HEADER, resetApiClientState } from './api-client';
import { download, fileNameFromContentDisposition } from './api-download';
import { assignLocation } from './browser-location';
import { resetToastHistory } from './toasts';

jest.mock('./browser-location', () => ({ assignLocation: jest.fn() }));

const errorToast = jest.spyOn(toast, 'error');

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  errorToast.mockClear();
  jest.mocked(assignLocation).mockClear();
  window.history.pushState({}, '', '/audit');
});

afterEach(() => {
  jest.useRealTimers();
  toast.remove();
});

function fileResponse(body: string, headers: Record<string, string>): Response {
  return new Response(body, { status: 200, headers });
}

async function text(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="audit-2026-01-02.csv"', 'audit-2026-01-02.csv'],
    ['attachment; filename=audit.json', 'audit.json'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`, 'résumé.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\audit.csv"', 'audit.csv'],
  ])('%s -> %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'attachment; filename=""', 'inline; filename="/"'])(
    '%j has no name',
    (header) => {
      expect(fileNameFromContentDisposition(header)).toBeNull();
    },
  );
});

describe('download', () => {
  it('answers the body and the name from content-disposition, with cookies and the query', async () => {
    const { fetchMock, requests } = installFetchMock({
      'GET /api/account/export-audit': () =>
        fileResponse('id,action\r\n1,token.created', {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="expiry-radar-audit-account-2026-01-02.csv"',
        }),
    });
    const file = await download(
      'exportAudit',
      { query: { format: 'csv', since: undefined, scope: 'organization' } },
      { fallbackFileName: 'audit.csv' },
    );
    expect(file.fileName).toBe('expiry-radar-audit-account-2026-01-02.csv');
    expect(file.blob.type).toMatch(/^text\/csv/);
    expect(await text(file.blob)).toBe('id,action\r\n1,token.created');
    expect(requests[0]?.url.search).toBe('?format=csv&scope=organization');
    expect(requests[0]?.headers.get(CSRF_HEADER)).toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]).toEqual(
      expect.objectContaining({ credentials: 'include', method: 'GET' }),
    );
  });

  it('falls back to the given name when the answer names no file', async () => {
    installFetchMock({ 'GET /api/account/export-audit': () => jsonResponse([]) });
    const file = await download('exportAudit', {}, { fallbackFileName: 'audit.json' });
    expect(file.fileName).toBe('audit.json');
    expect(await text(file.blob)).toBe('[]');
  });

  it('sends the CSRF header on a mutation and retries once on 403 EBADCSRFTOKEN', async () => {
    let issued = 0;
    let attempts = 0;
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: `csrf-${++issued}` }),
      'POST /api/alert-queue/requeue': () =>
        ++attempts === 1
          ? jsonResponse({ error: 'Invalid or missing CSRF token.', code: 'EBADCSRFTOKEN' }, 403)
          : fileResponse('x', { 'Content-Disposition': 'attachment; filename="r.txt"' }),
    });
    const file = await download(
      'requeueAlerts',
      { body: { workspace_id: 'ws-1' } },
      { fallbackFileName: 'report.txt' },
    );
    expect(file.fileName).toBe('r.txt');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers.get(CSRF_HEADER))).toEqual(['csrf-1', 'csrf-2']);
    expect(posts[1]?.body).toEqual({ workspace_id: 'ws-1' });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('maps a failure through the error catalogue to a toast and rejects with the ApiError', async () => {
    installFetchMock({
      'GET /api/account/export-audit': () =>
        jsonResponse({ error: 'Invalid date format', code: 'VALIDATION_ERROR' }, 400),
    });
    await expect(
      download('exportAudit', {}, { fallbackFileName: 'audit.json' }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(errorToast).toHaveBeenCalledWith('Invalid date format', expect.anything());
  });

  it('silent downloads show no toast', async () => {
    installFetchMock({ 'GET /api/account/export-audit': () => jsonResponse({}, 500) });
    await expect(
      download('exportAudit', {}, { fallbackFileName: 'f', silent: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('a 401 shows the session message and redirects to /login after 800 ms', async () => {
    jest.useFakeTimers();
    installFetchMock({ 'GET /api/account/export-audit': () => jsonResponse({}, 401) });
    await expect(download('exportAudit', {}, { fallbackFileName: 'f' })).rejects.toMatchObject({
      status: 401,
    });
    expect(errorToast).toHaveBeenCalledWith(
      'Your session has expired. Please log in again.',
      expect.anything(),
    );
    await jest.advanceTimersByTimeAsync(800);
    expect(assignLocation).toHaveBeenCalledWith('/login?redirect=%2Faudit');
  });

  it('gives up after 10 seconds with the network error', async () => {
    jest.useFakeTimers();
    installUnansweredFetch();
    const outcome = download('exportAudit', {}, { fallbackFileName: 'f' }).catch(
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toMatchObject({ noResponse: true });
    expect(errorToast).toHaveBeenCalledWith(CLIENT_ERROR_MESSAGES.network, expect.anything());
  });

  it('passes a caller abort through without a toast', async () => {
    installUnansweredFetch();
    const controller = new AbortController();
    const outcome = download(
      'exportAudit',
      {},
      { fallbackFileName: 'f', signal: controller.signal },
    );
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(errorToast).not.toHaveBeenCalled();
  });
});
