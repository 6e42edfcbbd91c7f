/**
 * The SSRF guard for webhooks. `guardedLookup` replaces DNS resolution in
 * node:http(s) request options, so the addresses checked are the ones connected to (no window
 * for DNS rebinding); `checkWebhookUrl` covers what no lookup sees: the scheme and IP literals.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  classifyAddress,
  isAllowedAddress,
  type AddressClass,
  type AddressPolicy,
} from '../domain/network-address-policy';
import { getConfig, type RuntimeConfig } from '../platform/config';

export interface WebhookTargetPolicy extends AddressPolicy {
  /** Production: https only. */
  readonly httpsOnly: boolean;
}

export function webhookTargetPolicy(
  config: Pick<RuntimeConfig, 'appEnv' | 'webhookAllowLoopback'> = getConfig(),
): WebhookTargetPolicy {
  return {
    httpsOnly: config.appEnv === 'production',
    allowLoopback: config.appEnv !== 'production' && config.webhookAllowLoopback,
  };
}

/** Resolves a host name to every address it has (as dns.lookup with `all: true`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';

  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly addressClass: AddressClass,
  ) {
    super(`${hostname} resolves to ${address}, a ${addressClass} address`);
    this.name = 'BlockedAddressError';
  }
}

export const WEBHOOK_URL_MESSAGES = {
  httpsRequired: 'Webhook URL must use https',
  blocked: 'Webhook URL must not point to a private, local or reserved network address',
} as const;

export type WebhookUrlCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: 'https' | 'blocked'; readonly message: string };

/** The URL's own checks: scheme, credentials-free, and an IP-literal host against the policy. */
export function checkWebhookUrl(text: string, policy: WebhookTargetPolicy): WebhookUrlCheck {
  const url = new URL(text);
  if (policy.httpsOnly && url.protocol !== 'https:') {
    return { ok: false, reason: 'https', message: WEBHOOK_URL_MESSAGES.httpsRequired };
  }
  const host = url.hostname;
  if (classifyAddress(host) !== 'invalid' && !isAllowedAddress(host, policy)) {
    return { ok: false, reason: 'blocked', message: WEBHOOK_URL_MESSAGES.blocked };
  }
  return { ok: true, url };
}

/**
 * A `lookup` for request options: resolves with `resolver`, refuses the host if any of its
 * addresses is not allowed (rather than picking an allowed one), and answers in the shape asked.
 */
export function guardedLookup(
  policy: AddressPolicy,
  resolver: Resolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname)
      .then((resolved) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = resolved.filter((entry) => !family || entry.family === family);
        const blocked = resolved.find((entry) => !isAllowedAddress(entry.address, policy));
        if (blocked) {
          callback(
            new BlockedAddressError(hostname, blocked.address, classifyAddress(blocked.address)),
            '',
          );
          return;
        }
        const first = addresses[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`No address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}
