/**
 * Outbound requests of discovery providers (GitLab, Vault, GitHub, Azure, Google Cloud) through
 * the SSRF guard the webhooks use: the URL's own checks (https only in production, no IP literal
 * of a private, local or reserved network) and the resolved addresses checked at connect time
 * (loopback only with WEBHOOK_ALLOW_LOOPBACK outside production). Redirects are not followed; the
 * body is read up to a limit; each request has a deadline and a fresh connection.
 *
 * The one exception is DISCOVERY_STAND_IN_ORIGINS: exact `http://127.0.0.1:<port>` origins (loopback
 * only; anything else in it is ignored) that are let through whatever APP_ENV says. The rehearsal
 * sets it in its emulated functions' environment so that the bundles, with the template's
 * production settings, reach the provider stand-ins on the same machine (the sync worker's
 * discovery providers, the SSO routes' OpenID provider); no template sets it (infra's api and jobs
 * stack tests), so a deployment's guard is unchanged.
 */
import http from 'node:http';
import https from 'node:https';
import {
  BlockedAddressError,
  checkWebhookUrl,
  guardedLookup,
  systemResolver,
  webhookTargetPolicy,
  type Resolver,
  type WebhookTargetPolicy,
} from './ssrf-guard';
import { couldNotConnect } from './connection-failure';
import { standInOrigins } from '../platform/stand-in-origins';

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 5 * 1024 * 1024;

export interface OutboundOptions {
  readonly policy?: WebhookTargetPolicy;
  readonly resolver?: Resolver;
  readonly timeoutMs?: number;
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly text: string;
}

/** A request that never got an answer: refused address, no connection, timeout, too large. */
export class OutboundRequestError extends Error {
  constructor(
    message: string,
    /** A later try may get through: no answer in time, a connection cut or refused. */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The guard's policy for a request to `urlText`: `policy` (by default the webhooks'), or, for an
 * origin of DISCOVERY_STAND_IN_ORIGINS, plain http and loopback. A URL checked before it is read
 * (an SSO provider's issuer or metadata URL) takes its policy from here too.
 */
export function outboundPolicyFor(
  urlText: string,
  policy: WebhookTargetPolicy = webhookTargetPolicy(),
): WebhookTargetPolicy {
  let origin: string;
  try {
    origin = new URL(urlText).origin;
  } catch {
    return policy;
  }
  return standInOrigins().has(origin) ? { httpsOnly: false, allowLoopback: true } : policy;
}

export function guardedRequest(
  method: 'GET' | 'POST',
  urlText: string,
  headers: Readonly<Record<string, string>>,
  body?: string,
  options: OutboundOptions = {},
): Promise<OutboundResponse> {
  const policy = outboundPolicyFor(urlText, options.policy);
  const check = checkWebhookUrl(urlText, policy);
  if (!check.ok) {
    return Promise.reject(
      new OutboundRequestError(
        check.reason === 'https'
          ? 'The address must use https'
          : `${new URL(urlText).host} is a private, local or reserved network address`,
      ),
    );
  }
  const { url } = check;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const transport = url.protocol === 'https:' ? https : http;
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const outgoing = transport.request(url, {
      method,
      headers: {
        accept: 'application/json',
        ...headers,
        ...(payload ? { 'content-length': String(payload.length) } : {}),
      },
      lookup: guardedLookup(policy, options.resolver ?? systemResolver),
      agent: false,
    });
    const deadline = setTimeout(() => {
      finish(() =>
        reject(
          new OutboundRequestError(
            couldNotConnect(url.host, new Error(`no answer within ${timeoutMs} ms`)),
            true,
          ),
        ),
      );
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > OUTBOUND_MAX_BYTES) {
          response.destroy();
          finish(() => reject(new OutboundRequestError(`${url.host} answered too much data`)));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        finish(() =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, headerValue(value)]),
            ),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        ),
      );
      response.on('error', (error) => finish(() => reject(outboundError(error, url.host))));
    });
    outgoing.on('error', (error) => finish(() => reject(outboundError(error, url.host))));
    outgoing.end(payload);
  });
}

function outboundError(error: unknown, host: string): OutboundRequestError {
  if (error instanceof BlockedAddressError) {
    return new OutboundRequestError(
      `${host} resolves to a private, local or reserved network address`,
    );
  }
  const code = (error as NodeJS.ErrnoException).code;
  return new OutboundRequestError(
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `The host ${host} could not be found`
      : couldNotConnect(host, error),
    code !== 'ENOTFOUND',
  );
}
