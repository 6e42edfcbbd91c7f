/**
 * Cert Spotter's issuances API (SSLMate's Certificate Transparency Search API v1), standing in for
 * the real one locally (`npm start`) and in tests: on 127.0.0.1,
 * `GET /v1/issuances?domain=<name>&include_subdomains=true|false&expand=dns_names&expand=issuer
 * [&after=<id>]` answers a JSON array of issuance objects as the API documents them (`id`,
 * `tbs_sha256`, `cert_sha256`, `pubkey_sha256`, `dns_names` and `issuer` {`friendly_name`,
 * `website`, `caa_domains`, `operator`, `pubkey_sha256`, `name`} when expanded, `not_before`,
 * `not_after`, `revoked`), oldest discovered first, at most `pageSize` a page, only those
 * discovered after `after`; the issuances valid for the domain (a DNS name equal to it, or under it
 * with include_subdomains). An unknown query answers 400 with the API's error object
 * (`code`, `message`).
 *
 * What it holds is set by tests through the returned object, and by anyone through
 * `POST /stand-in/issuances` (JSON: `dns_names`, optional `issuer` — a friendly name of the known
 * issuers `Let's Encrypt`, `DigiCert`, `Sectigo`, or any other name —, `not_before`, `not_after`),
 * which answers the issuance added, and `PUT /stand-in/behaviour` (JSON: `behaviour` one of
 * `answer`, `rate_limited` (429 with `Retry-After: <retryAfterSeconds>`), `server_error` (503),
 * `malformed` (a 200 whose body is not JSON); optional `times`: for that many requests, then back
 * to answering).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { closeServer, jsonAnswer, listenOnLoopback, readBodyText } from './stand-in-http';

export type CtStandInBehaviour = 'answer' | 'rate_limited' | 'server_error' | 'malformed';

export interface CtStandInIssuer {
  readonly friendly_name: string;
  readonly website: string | null;
  readonly caa_domains: string[];
  readonly operator: { readonly name: string; readonly website: string | null };
  readonly pubkey_sha256: string;
  readonly name: string;
}

export interface CtStandInIssuance {
  readonly id: string;
  readonly tbs_sha256: string;
  readonly cert_sha256: string;
  readonly pubkey_sha256: string;
  readonly dns_names: string[];
  readonly issuer: CtStandInIssuer;
  readonly not_before: string;
  readonly not_after: string;
  readonly revoked: boolean;
}

export interface NewIssuance {
  readonly dns_names: readonly string[];
  /** A known issuer's friendly name (`Let's Encrypt`, `DigiCert`, `Sectigo`) or any other. */
  readonly issuer?: string;
  readonly not_before?: string;
  readonly not_after?: string;
}

export interface CtSearchStandIn {
  /** `http://127.0.0.1:<port>/`: what the watch reads instead of Cert Spotter (CT_SEARCH_BASE_URL). */
  readonly baseUrl: string;
  /** The requests' paths and queries, in order. */
  readonly requests: string[];
  /** The Authorization headers sent, in order (null: none). */
  readonly authorizations: (string | null)[];
  addIssuance(issuance: NewIssuance): CtStandInIssuance;
  setBehaviour(
    behaviour: CtStandInBehaviour,
    options?: { times?: number; retryAfterSeconds?: number },
  ): void;
  stop(): Promise<void>;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

const KNOWN_ISSUERS: Readonly<Record<string, Omit<CtStandInIssuer, 'pubkey_sha256'>>> = {
  "let's encrypt": {
    friendly_name: "Let's Encrypt",
    website: 'https://letsencrypt.org/',
    caa_domains: ['letsencrypt.org'],
    operator: { name: 'ISRG', website: 'https://www.abetterinternet.org/' },
    name: "C=US, O=Let's Encrypt, CN=R11",
  },
  digicert: {
    friendly_name: 'DigiCert',
    website: 'https://www.digicert.com/',
    caa_domains: ['digicert.com', 'www.digicert.com'],
    operator: { name: 'DigiCert', website: 'https://www.digicert.com/' },
    name: 'C=US, O=DigiCert Inc, CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1',
  },
  sectigo: {
    friendly_name: 'Sectigo',
    website: 'https://sectigo.com/',
    caa_domains: ['sectigo.com', 'comodoca.com'],
    operator: { name: 'Sectigo', website: 'https://sectigo.com/' },
    name: 'C=GB, O=Sectigo Limited, CN=Sectigo RSA Domain Validation Secure Server CA',
  },
};

function issuerNamed(friendlyName: string): CtStandInIssuer {
  const known = KNOWN_ISSUERS[friendlyName.toLowerCase()];
  const issuer = known ?? {
    friendly_name: friendlyName,
    website: null,
    caa_domains: [],
    operator: { name: friendlyName, website: null },
    name: `C=US, O=${friendlyName}, CN=${friendlyName} Issuing CA`,
  };
  return { ...issuer, pubkey_sha256: sha256(`issuer ${issuer.name}`) };
}

const send = jsonAnswer('application/json');

/** Whether a certificate's DNS name is valid for the domain asked about. */
function coversDomain(name: string, domain: string, includeSubdomains: boolean): boolean {
  const bare = name.toLowerCase().replace(/^\*\./, '');
  if (bare === domain || name.toLowerCase() === domain) return true;
  return includeSubdomains && bare.endsWith(`.${domain}`);
}

function newIssuanceFromJson(text: string): NewIssuance | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (!Array.isArray(value.dns_names) || value.dns_names.length === 0) return null;
    const dates = ['not_before', 'not_after'].filter((field) => value[field] !== undefined);
    if (dates.some((field) => Number.isNaN(Date.parse(String(value[field]))))) return null;
    return {
      dns_names: value.dns_names.map(String),
      ...(typeof value.issuer === 'string' ? { issuer: value.issuer } : {}),
      ...(typeof value.not_before === 'string' ? { not_before: value.not_before } : {}),
      ...(typeof value.not_after === 'string' ? { not_after: value.not_after } : {}),
    };
  } catch {
    return null;
  }
}

const BEHAVIOURS: readonly CtStandInBehaviour[] = [
  'answer',
  'rate_limited',
  'server_error',
  'malformed',
];

export async function startCtSearchStandIn(
  options: { readonly port?: number; readonly pageSize?: number } = {},
): Promise<CtSearchStandIn> {
  const issuances: CtStandInIssuance[] = [];
  const requests: string[] = [];
  const authorizations: (string | null)[] = [];
  const pageSize = options.pageSize ?? 100;
  let nextId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  let behaviour: { kind: CtStandInBehaviour; times: number | null; retryAfterSeconds: number } = {
    kind: 'answer',
    times: null,
    retryAfterSeconds: 3600,
  };

  const addIssuance = (input: NewIssuance): CtStandInIssuance => {
    const now = Date.now();
    const seed = randomBytes(32);
    const issuance: CtStandInIssuance = {
      id: String(nextId++),
      tbs_sha256: sha256(Buffer.concat([seed, Buffer.from('tbs')])),
      cert_sha256: sha256(seed),
      pubkey_sha256: sha256(Buffer.concat([seed, Buffer.from('key')])),
      dns_names: input.dns_names.map((name) => name.toLowerCase()),
      issuer: issuerNamed(input.issuer ?? "Let's Encrypt"),
      not_before: new Date(input.not_before ?? now - 3_600_000).toISOString(),
      not_after: new Date(input.not_after ?? now + 90 * 24 * 3_600_000).toISOString(),
      revoked: false,
    };
    issuances.push(issuance);
    return issuance;
  };

  /** The behaviour for this request (counting down `times`). */
  const currentBehaviour = (): CtStandInBehaviour => {
    const kind = behaviour.kind;
    if (behaviour.times !== null) {
      behaviour.times -= 1;
      if (behaviour.times <= 0) behaviour = { ...behaviour, kind: 'answer', times: null };
    }
    return kind;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && url.pathname === '/stand-in/issuances') {
        const input = newIssuanceFromJson(await readBodyText(request));
        if (!input) {
          send(response, 400, {
            code: 'bad_request',
            message:
              'Send JSON with dns_names (a list) and an optional issuer, not_before, not_after',
          });
          return;
        }
        send(response, 201, addIssuance(input));
        return;
      }
      if (request.method === 'PUT' && url.pathname === '/stand-in/behaviour') {
        try {
          const value = JSON.parse(await readBodyText(request)) as Record<string, unknown>;
          if (!BEHAVIOURS.includes(value.behaviour as CtStandInBehaviour)) throw new Error('kind');
          behaviour = {
            kind: value.behaviour as CtStandInBehaviour,
            times: typeof value.times === 'number' ? value.times : null,
            retryAfterSeconds:
              typeof value.retryAfterSeconds === 'number' ? value.retryAfterSeconds : 3600,
          };
          send(response, 200, behaviour);
        } catch {
          send(response, 400, {
            code: 'bad_request',
            message: `Send JSON with behaviour (one of ${BEHAVIOURS.join(', ')}) and optional times, retryAfterSeconds`,
          });
        }
        return;
      }
      if (request.method !== 'GET' || url.pathname !== '/v1/issuances') {
        send(response, 404, { code: 'not_found', message: 'Not found' });
        return;
      }
      requests.push(`${url.pathname}${url.search}`);
      authorizations.push(request.headers.authorization ?? null);
      const domain = url.searchParams.get('domain')?.toLowerCase() ?? '';
      if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) {
        send(response, 400, {
          code: 'invalid_domain',
          message: 'domain must be a registered domain or subordinate to one',
        });
        return;
      }
      switch (currentBehaviour()) {
        case 'rate_limited':
          send(
            response,
            429,
            { code: 'rate_limited', message: 'You have exceeded the rate limit' },
            { 'retry-after': String(behaviour.retryAfterSeconds) },
          );
          return;
        case 'server_error':
          send(response, 503, { code: 'unavailable', message: 'Service temporarily unavailable' });
          return;
        case 'malformed':
          send(response, 200, '[{"id": "1", "tbs_sha256": ');
          return;
        default:
      }
      const includeSubdomains = url.searchParams.get('include_subdomains') === 'true';
      const expand = new Set(url.searchParams.getAll('expand'));
      const after = url.searchParams.get('after');
      const page = issuances
        .filter((issuance) => after === null || BigInt(issuance.id) > BigInt(after))
        .filter((issuance) =>
          issuance.dns_names.some((name) => coversDomain(name, domain, includeSubdomains)),
        )
        .slice(0, pageSize)
        .map(({ dns_names, issuer, ...rest }) => ({
          ...rest,
          ...(expand.has('dns_names') ? { dns_names } : {}),
          issuer: expand.has('issuer') ? issuer : { pubkey_sha256: issuer.pubkey_sha256 },
        }));
      send(response, 200, page);
    })();
  });
  const port = await listenOnLoopback(server, options.port);
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    authorizations,
    addIssuance,
    setBehaviour: (kind, settings = {}) => {
      behaviour = {
        kind,
        times: settings.times ?? null,
        retryAfterSeconds: settings.retryAfterSeconds ?? 3600,
      };
    },
    stop: () => closeServer(server),
  };
}
