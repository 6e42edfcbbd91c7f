/**
 * An outbound request (through the SSRF guard) sent again while the provider throttles it: after
 * a 429 or 503 it waits what `Retry-After` says (1, 2, 4 s without one), up to 3 times. A wait
 * longer than 30 seconds is not waited for: `onTooLong` names the refusal, so the sync moves on
 * and the next one reads what was left.
 */
import { guardedRequest, type OutboundOptions } from './guarded-http';

const MAX_RETRIES = 3;
const MAX_WAIT_SECONDS = 30;

export interface ThrottledRequestOptions extends OutboundOptions {
  /** Waits out a Retry-After; tests may shorten it. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function requestRetryingThrottles(
  request: {
    readonly method: 'GET' | 'POST';
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string | undefined;
  },
  options: ThrottledRequestOptions,
  onTooLong: (status: number) => Error,
) {
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt += 1) {
    const { method, url, headers, body } = request;
    const response = await guardedRequest(method, url, headers, body, options);
    if ((response.status !== 429 && response.status !== 503) || attempt >= MAX_RETRIES) {
      return response;
    }
    const seconds = Number(response.headers['retry-after']);
    const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : 2 ** attempt;
    if (wait > MAX_WAIT_SECONDS) throw onTooLong(response.status);
    await sleep(Math.max(wait, 0.05) * 1000);
  }
}
