/**
 * Looks domains up at their registries' RDAP services: the base URL from the IANA bootstrap file
 * (the copy the weekly bootstrap job stored in the table, else the snapshot kept in the
 * repository, `rdap-bootstrap.snapshot.json`), then `GET <base>domain/<name>` with
 * `Accept: application/rdap+json` through the SSRF guard (adapters/guarded-http: the address
 * policy of webhooks and integrations, a 10 s deadline, no redirects). Outside production
 * RDAP_BASE_URL replaces every registry's base URL (the local RDAP stand-in); a top-level domain
 * the bootstrap file lists no service for still has none.
 */
import {
  readRdapDomain,
  rdapBaseUrlFor,
  rdapBootstrapSchema,
  rdapDomainUrl,
  type RdapBootstrap,
  type RdapLookup,
  type RdapLookupPort,
} from '../domain/rdap';
import { getConfig } from '../platform/config';
import type { OutboundOptions } from './guarded-http';
import { rateLimitedGet } from './rate-limited-get';
import snapshot from './rdap-bootstrap.snapshot.json';

/** The bootstrap file kept in the repository. */
export const SNAPSHOT_BOOTSTRAP: RdapBootstrap = rdapBootstrapSchema.parse(snapshot);

export interface RdapClientOptions extends OutboundOptions {
  /** The bootstrap file to use; default: the snapshot. */
  readonly bootstrap?: () => Promise<RdapBootstrap>;
  /** Replaces every registry's base URL (the local stand-in). */
  readonly baseUrlOverride?: string;
  readonly now?: () => Date;
}

export function createRdapClient(options: RdapClientOptions = {}): RdapLookupPort {
  return async (domain: string): Promise<RdapLookup> => {
    const bootstrap = options.bootstrap ? await options.bootstrap() : SNAPSHOT_BOOTSTRAP;
    const registryBase = rdapBaseUrlFor(bootstrap, domain);
    if (registryBase === null) return { kind: 'no_service' };
    const override = options.baseUrlOverride;
    const base = override ? (override.endsWith('/') ? override : `${override}/`) : registryBase;
    const answer = await rateLimitedGet(
      rdapDomainUrl(base, domain),
      { accept: 'application/rdap+json, application/json' },
      options,
    );
    if (answer.kind !== 'answer') return answer;
    const { response } = answer;
    if (response.status === 404) return { kind: 'not_found' };
    if (response.status !== 200) {
      return {
        kind: 'failed',
        reason: `The registry's RDAP service answered ${response.status}`,
      };
    }
    const registration = readRdapDomain(response.text);
    if (registration === null) {
      return { kind: 'failed', reason: "The registry's answer is not RDAP domain JSON" };
    }
    return { kind: 'found', registration };
  };
}

/** The client the checks use: the configured stand-in locally, the registries in AWS. */
export function defaultRdapClient(bootstrap?: () => Promise<RdapBootstrap>): RdapLookupPort {
  const override = getConfig().rdapBaseUrl;
  return createRdapClient({
    ...(bootstrap ? { bootstrap } : {}),
    ...(override ? { baseUrlOverride: override } : {}),
  });
}
