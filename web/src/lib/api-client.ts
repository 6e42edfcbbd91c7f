import { clientErrorMessage } from '@expiry-radar/shared/errors/client-error-message';
import { REQUEST_TIMEOUT_MS } from '@expiry-radar/shared/constants/timing';
import { assignLocation } from './browser-location';
import { logger } from './logger';
import { paths } from './paths';
import { getRuntimeConfig } from './runtime-config';
import { showErrorToast } from './toasts';

/**
 * The one HTTP client of the SPA (spec §7, §8): base URL from the runtime settings, cookies sent,
 * 10 s timeout, JSON bodies, the CSRF header on POST/PUT/PATCH/DELETE with one refetch and retry
 * on 403 EBADCSRFTOKEN, and every failure mapped through the error catalogue to a toast.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_TOKEN_PATH = '/api/csrf-token';
export const BAD_CSRF_CODE = 'EBADCSRFTOKEN';

/** Anything with zod's `parse` (zod or zod/mini schemas). */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Appended to the URL; null and undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  /** Validates and types the answer. */
  schema?: ResponseParser<T>;
  /** No toast for a failure (the caller shows its own state); a 401 still redirects. */
  silent?: boolean;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
}

export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly details: unknown;
  readonly noResponse: boolean;

  constructor(
    message: string,
    init: {
      status?: number;
      code?: string;
      serverMessage?: string;
      details?: unknown;
      noResponse?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.details = init.details;
    this.noResponse = init.noResponse ?? false;
  }
}

function isMutation(method: HttpMethod): boolean {
  return method !== 'GET';
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly string[]) search.append(key, item);
    } else {
      search.append(key, String(value));
    }
  }
  const qs = search.toString();
  return `${getRuntimeConfig().apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

function asErrorBody(value: unknown): ErrorBody {
  return typeof value === 'object' && value !== null ? value : {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch with the 10 s timeout; a caller's abort passes through as an AbortError. */
async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort);
  try {
    return await fetch(url, { ...init, credentials: 'include', signal: controller.signal });
  } catch (error) {
    if (signal?.aborted && !timedOut) throw error;
    throw new ApiError(timedOut ? 'Request timed out' : 'No response', { noResponse: true });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

let csrfToken: Promise<string> | null = null;
let loginRedirectTimer: ReturnType<typeof setTimeout> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const response = await send(buildUrl(CSRF_TOKEN_PATH), {
    method: 'GET',
    headers: { Accept: 'application/json' },
  });
  const body = await readBody(response);
  const token = (body as { csrfToken?: unknown } | undefined)?.csrfToken;
  if (!response.ok || typeof token !== 'string') {
    const { error, code } = asErrorBody(body);
    throw new ApiError('Could not get a CSRF token', {
      status: response.ok ? undefined : response.status,
      code: typeof code === 'string' ? code : undefined,
      serverMessage: typeof error === 'string' ? error : undefined,
    });
  }
  return token;
}

/** The cached CSRF token, fetched once (and again after a rejection). */
export function getCsrfToken(refresh = false): Promise<string> {
  if (refresh || !csrfToken) {
    const pending = fetchCsrfToken();
    csrfToken = pending;
    pending.catch(() => {
      if (csrfToken === pending) csrfToken = null;
    });
  }
  return csrfToken;
}

/** Forgets the CSRF token and a pending login redirect (tests; after sign-out). */
export function resetApiClientState(): void {
  csrfToken = null;
  if (loginRedirectTimer !== null) clearTimeout(loginRedirectTimer);
  loginRedirectTimer = null;
}

function scheduleLoginRedirect(delayMs: number): void {
  if (loginRedirectTimer !== null) return;
  loginRedirectTimer = setTimeout(() => {
    loginRedirectTimer = null;
    assignLocation(paths.login);
  }, delayMs);
}

/** Shows the catalogue's message for a failure (unless silent) and schedules the 401 redirect. */
export function reportApiError(error: unknown, silent = false): void {
  const api = error instanceof ApiError ? error : null;
  const outcome = clientErrorMessage({
    status: api?.status,
    serverMessage: api?.serverMessage,
    noResponse: api?.noResponse,
    path: window.location.pathname,
  });
  logger.warn('Request failed:', outcome.message, error);
  if (!outcome.silent && !silent) showErrorToast(outcome.message);
  if (outcome.redirectToLoginAfterMs !== undefined) {
    scheduleLoginRedirect(outcome.redirectToLoginAfterMs);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Sends the request (the CSRF header on mutations, one refetch and retry on 403 EBADCSRFTOKEN)
 * and resolves with the successful response; any other answer rejects with its ApiError.
 */
async function exchange(
  path: string,
  options: Pick<ApiRequestOptions<unknown>, 'method' | 'body' | 'query' | 'signal'>,
  accept: string,
): Promise<Response> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);

  for (let attempt = 0; ; attempt += 1) {
    if (isMutation(method)) headers[CSRF_HEADER] = await getCsrfToken(attempt > 0);
    const response = await send(url, { method, headers, body }, options.signal);
    if (response.ok) return response;
    const { error, code, details } = asErrorBody(await readBody(response));
    if (response.status === 403 && code === BAD_CSRF_CODE && isMutation(method) && attempt === 0) {
      continue;
    }
    throw new ApiError(typeof error === 'string' ? error : `Request failed (${response.status})`, {
      status: response.status,
      code: typeof code === 'string' ? code : undefined,
      serverMessage: typeof error === 'string' ? error : undefined,
      details,
    });
  }
}

async function perform<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const response = await exchange(path, options, 'application/json');
  const payload = await readBody(response);
  if (!options.schema) return payload as T;
  try {
    return options.schema.parse(payload);
  } catch (error) {
    logger.error('Unexpected answer from', path, error);
    throw new ApiError('Unexpected answer from the server');
  }
}

/** Calls the API; on failure reports it (toast, 401 redirect) and rejects with an ApiError. */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  try {
    return await perform(path, options);
  } catch (error) {
    if (isAbort(error)) throw error;
    reportApiError(error, options.silent);
    throw error instanceof ApiError ? error : new ApiError('Unexpected error');
  }
}

export interface ApiDownloadOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** The file's name when the answer does not name it (no or unreadable content-disposition). */
  fallbackFileName: string;
  silent?: boolean;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  readonly blob: Blob;
  /** From the answer's content-disposition (spec §7), else the fallback. */
  readonly fileName: string;
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''...` (RFC 6266) first, else
 * `filename="..."` or a bare `filename=...`; without any folder part. Null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
    const bare = /filename\s*=\s*([^";]+)/i.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1]?.trim() ?? null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * Downloads a file from the API with the same rules as `apiRequest` (cookies, 10 s timeout, CSRF
 * on mutations, the error catalogue's toast and 401 redirect): its body as a Blob and its name
 * from the content-disposition header.
 */
export async function apiDownload(
  path: string,
  options: ApiDownloadOptions,
): Promise<DownloadedFile> {
  try {
    const response = await exchange(path, options, '*/*');
    const received = await response.blob();
    const type = response.headers.get('Content-Type') ?? '';
    // Browsers type the blob from the answer; some fetch implementations leave it empty.
    const blob = received.type || !type ? received : new Blob([received], { type });
    const fileName =
      fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ??
      options.fallbackFileName;
    return { blob, fileName };
  } catch (error) {
    if (isAbort(error)) throw error;
    reportApiError(error, options.silent);
    throw error instanceof ApiError ? error : new ApiError('Unexpected error');
  }
}
