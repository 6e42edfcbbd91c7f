/**
 * A Fetch API function over `guardedRequest` (the SSRF guard of outbound requests), for libraries
 * that take one, such as openid-client's `customFetch`: every request they make (discovery, keys,
 * tokens) has its resolved addresses checked at connect time, its deadline and its size limit.
 */
import { guardedRequest } from './guarded-http';

type FetchBody =
  ArrayBuffer | null | ReadableStream | string | Uint8Array | undefined | URLSearchParams;

export interface GuardedFetchOptions {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: FetchBody;
}

/** Headers that describe the connection's framing, not the answer `Response` holds. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

async function textOf(body: FetchBody): Promise<string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ReadableStream) return new Response(body).text();
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body).toString('utf8');
}

export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<Response> {
  const method = options.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    throw new TypeError(`Outbound requests are GET or POST, not ${options.method}`);
  }
  const answer = await guardedRequest(method, url, options.headers, await textOf(options.body));
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !FRAMING_HEADERS.has(name)) headers.set(name, value);
  }
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.text, { status: answer.status, headers });
}
