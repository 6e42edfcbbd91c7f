/**
 * A GET to a public service that limits its callers (Cert Spotter, the registries' RDAP
 * services), through the SSRF guard (adapters/guarded-http): its answer, or why there is none.
 */
import { retryAfterInstant } from '../domain/rdap';
import {
  guardedRequest,
  OutboundRequestError,
  type OutboundOptions,
  type OutboundResponse,
} from './guarded-http';

export type RateLimitedAnswer =
  | { readonly kind: 'answer'; readonly response: OutboundResponse }
  /** 429 (with the Retry-After instant, when one was sent), or a refusal (401, 403). */
  | { readonly kind: 'refused'; readonly status: number; readonly retryAt: string | null }
  /** No answer: a refused address, no connection, no answer in time. */
  | { readonly kind: 'failed'; readonly reason: string };

export async function rateLimitedGet(
  url: string,
  headers: Readonly<Record<string, string>>,
  options: OutboundOptions & { readonly now?: () => Date },
): Promise<RateLimitedAnswer> {
  let response: OutboundResponse;
  try {
    response = await guardedRequest('GET', url, headers, undefined, options);
  } catch (error) {
    if (error instanceof OutboundRequestError) return { kind: 'failed', reason: error.message };
    throw error;
  }
  if (response.status === 429 || response.status === 401 || response.status === 403) {
    const now = options.now?.() ?? new Date();
    return {
      kind: 'refused',
      status: response.status,
      retryAt: retryAfterInstant(response.headers['retry-after'], now),
    };
  }
  return { kind: 'answer', response };
}
