/**
 * Reads Cert Spotter's issuances API (domain/certificate-transparency.ts) through the SSRF guard
 * (adapters/guarded-http: the address policy of webhooks and integrations, a 10 s deadline, no
 * redirects). The base URL is `https://api.certspotter.com/`; outside production
 * CT_SEARCH_BASE_URL replaces it (the local stand-in). The API key, when the workspace stored one,
 * goes only in the Authorization header: never in a URL, a log or an error.
 */
import {
  issuancesUrl,
  readIssuances,
  type IssuancePage,
  type IssuancesPort,
} from '../domain/certificate-transparency';
import { getConfig } from '../platform/config';
import type { OutboundOptions } from './guarded-http';
import { rateLimitedGet } from './rate-limited-get';

export const CERT_SPOTTER_BASE_URL = 'https://api.certspotter.com/';

export interface CertSpotterClientOptions extends OutboundOptions {
  readonly baseUrl?: string;
  readonly now?: () => Date;
}

export function createCertSpotterClient(options: CertSpotterClientOptions = {}): IssuancesPort {
  const base = options.baseUrl ?? CERT_SPOTTER_BASE_URL;
  return async (request): Promise<IssuancePage> => {
    const answer = await rateLimitedGet(
      issuancesUrl(base, request),
      {
        accept: 'application/json',
        ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}),
      },
      options,
    );
    if (answer.kind !== 'answer') return answer;
    const { response } = answer;
    if (response.status !== 200) {
      return {
        kind: 'failed',
        reason: `The certificate transparency search service answered ${response.status}`,
      };
    }
    const issuances = readIssuances(response.text);
    if (issuances === null) {
      return {
        kind: 'failed',
        reason: "The certificate transparency search service's answer is not a list of issuances",
      };
    }
    return { kind: 'page', issuances };
  };
}

/** The client the watch uses: the configured stand-in locally, Cert Spotter in AWS. */
export function defaultCertSpotterClient(): IssuancesPort {
  const override = getConfig().ctSearchBaseUrl;
  return createCertSpotterClient(override ? { baseUrl: override } : {});
}
