/** A typed `fetch` mock answering by "METHOD /path" (query ignored), for the web tests. */
export type FetchMock = jest.Mock<Promise<Response>, Parameters<typeof fetch>>;

export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type RouteHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A JSON answer with a body stream whose cancel calls `onCancel`, as a browser's answer has one
 * (this test environment's fetch gives none): for code that lets go of answers it will not read.
 */
export function jsonResponseWithCancellableBody(body: unknown, onCancel: () => void): Response {
  return Object.defineProperty(jsonResponse(body), 'body', {
    value: {
      cancel: () => {
        onCancel();
        return Promise.resolve();
      },
    },
  });
}

export function toRecordedRequest(...[input, init]: Parameters<typeof fetch>): RecordedRequest {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, 'http://localhost');
  const text = typeof init?.body === 'string' ? init.body : undefined;
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    url,
    headers: new Headers(init?.headers),
    body: text === undefined ? undefined : (JSON.parse(text) as unknown),
  };
}

/**
 * Installs a fetch mock on `globalThis`. Unknown routes answer 404 with the API's error shape.
 * Returns the mock and the requests it saw.
 */
export function installFetchMock(routes: Record<string, RouteHandler>): {
  fetchMock: FetchMock;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const fetchMock: FetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>(
    async (...args) => {
      const request = toRecordedRequest(...args);
      requests.push(request);
      const handler = routes[`${request.method} ${request.path}`];
      if (!handler) return jsonResponse({ error: 'Resource not found.', code: 'NOT_FOUND' }, 404);
      return handler(request);
    },
  );
  globalThis.fetch = fetchMock;
  return { fetchMock, requests };
}

/** What the server says it offers (here: no Google sign-in), in every session answer. */
const FEATURES = { googleSignIn: false };

/**
 * Installs a fetch that never answers: each request waits until its signal aborts, then rejects
 * with the AbortError fetch gives (the client's timeout, or the caller's abort).
 */
export function installUnansweredFetch(): FetchMock {
  const fetchMock: FetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>(
    (...[, init]) =>
      new Promise<Response>((_resolve, reject) => {
        // As fetch does: a signal aborted already rejects at once, a later abort when it comes.
        const rejectAborted = () =>
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (init?.signal?.aborted) rejectAborted();
        init?.signal?.addEventListener('abort', rejectAborted);
      }),
  );
  globalThis.fetch = fetchMock;
  return fetchMock;
}

export const LOGGED_OUT_SESSION = { loggedIn: false, features: FEATURES };

export function sessionFor(
  overrides: {
    plan?: string;
    needsVerification?: boolean;
    downgraded?: boolean;
    createdAt?: string;
  } = {},
) {
  return {
    loggedIn: true,
    needsVerification: overrides.needsVerification ?? false,
    user: {
      id: 'user-1',
      displayName: 'Ada Lovelace',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      avatar: null,
      plan: overrides.plan ?? 'free',
      downgraded: overrides.downgraded ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    },
    features: FEATURES,
  };
}
