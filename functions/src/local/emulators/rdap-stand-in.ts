/**
 * A registry's RDAP service, standing in for the real ones locally (`npm start`) and in tests: on
 * 127.0.0.1, `GET /domain/<name>` answers RFC 9083 domain objects (`objectClassName: "domain"`,
 * `ldhName`, `status`, `events` with the `registration`, `expiration` and `last update of RDAP
 * database` events, the registrar as an entity with the role `registrar` and a vCard `fn`) as
 * `application/rdap+json`, and RFC 9083 error objects (`errorCode`, `title`) otherwise: 404 for a
 * domain it does not hold, 400 for a name that is not one.
 *
 * `GET /dns.json` answers a bootstrap file (RFC 9224) with the top-level domains of the
 * repository's snapshot, every one served by the stand-in (the `.de` of the snapshot has none, as
 * in IANA's file).
 *
 * What it holds is set by tests through the returned object, and by anyone through
 * `PUT /stand-in/domains/<name>` (JSON: `expiresAt`, optional `registrar`, `statuses`, `behaviour`)
 * and `DELETE /stand-in/domains/<name>`. A domain's behaviour can make it answer 404, 429 with
 * `Retry-After`, slowly (after `slowMs`, past a client's deadline), or with text that is not JSON.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import snapshot from '../../adapters/rdap-bootstrap.snapshot.json';
import { closeServer, jsonAnswer, listenOnLoopback, readBodyText } from './stand-in-http';

export type RdapStandInBehaviour = 'answer' | 'not_found' | 'rate_limited' | 'slow' | 'malformed';

export interface RdapStandInDomain {
  /** ISO instant of the expiration event. */
  readonly expiresAt: string;
  readonly registrar?: string;
  readonly statuses?: readonly string[];
  readonly behaviour?: RdapStandInBehaviour;
  /** With `rate_limited`: the Retry-After header's seconds. */
  readonly retryAfterSeconds?: number;
}

export interface RdapStandIn {
  /** `http://127.0.0.1:<port>/`: the base URL every registry's lookups go to (RDAP_BASE_URL). */
  readonly baseUrl: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  setDomain(name: string, domain: RdapStandInDomain): void;
  removeDomain(name: string): void;
  stop(): Promise<void>;
}

const DEFAULT_REGISTRAR = 'Stand-in Registrar, Inc.';
const DEFAULT_STATUSES = ['active', 'client transfer prohibited'];

const send = jsonAnswer('application/rdap+json');

function rdapError(response: ServerResponse, status: number, title: string, headers = {}) {
  send(
    response,
    status,
    { rdapConformance: ['rdap_level_0'], errorCode: status, title, description: [title] },
    headers,
  );
}

/** The RFC 9083 domain object of a held domain. */
export function rdapDomainObject(name: string, domain: RdapStandInDomain) {
  const expires = new Date(domain.expiresAt);
  const registered = new Date(expires.getTime() - 365 * 24 * 3_600_000);
  return {
    rdapConformance: ['rdap_level_0', 'icann_rdap_response_profile_1'],
    objectClassName: 'domain',
    handle: `${name.replace(/\./g, '_').toUpperCase()}-STANDIN`,
    ldhName: name,
    status: [...(domain.statuses ?? DEFAULT_STATUSES)],
    events: [
      { eventAction: 'registration', eventDate: registered.toISOString() },
      { eventAction: 'expiration', eventDate: expires.toISOString() },
      { eventAction: 'last update of RDAP database', eventDate: new Date().toISOString() },
    ],
    entities: [
      {
        objectClassName: 'entity',
        handle: '9999',
        roles: ['registrar'],
        publicIds: [{ type: 'IANA Registrar ID', identifier: '9999' }],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', domain.registrar ?? DEFAULT_REGISTRAR],
          ],
        ],
      },
    ],
    notices: [
      {
        title: 'Terms of Use',
        description: ['A local stand-in for a registry RDAP service.'],
      },
    ],
  };
}

const BEHAVIOURS: readonly RdapStandInBehaviour[] = [
  'answer',
  'not_found',
  'rate_limited',
  'slow',
  'malformed',
];

function domainFromJson(text: string): RdapStandInDomain | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.expiresAt !== 'string' || Number.isNaN(Date.parse(value.expiresAt))) {
      return null;
    }
    const behaviour = value.behaviour;
    if (behaviour !== undefined && !BEHAVIOURS.includes(behaviour as RdapStandInBehaviour)) {
      return null;
    }
    return {
      expiresAt: new Date(value.expiresAt).toISOString(),
      ...(typeof value.registrar === 'string' ? { registrar: value.registrar } : {}),
      ...(Array.isArray(value.statuses) ? { statuses: value.statuses.map(String) } : {}),
      ...(behaviour ? { behaviour: behaviour as RdapStandInBehaviour } : {}),
      ...(typeof value.retryAfterSeconds === 'number'
        ? { retryAfterSeconds: value.retryAfterSeconds }
        : {}),
    };
  } catch {
    return null;
  }
}

export async function startRdapStandIn(
  options: { readonly port?: number; readonly slowMs?: number } = {},
): Promise<RdapStandIn> {
  const domains = new Map<string, RdapStandInDomain>();
  const requests: string[] = [];
  const slowMs = options.slowMs ?? 15_000;
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(url.pathname);
      const control = /^\/stand-in\/domains\/([^/]+)$/.exec(url.pathname);
      if (control) {
        const name = decodeURIComponent(control[1]!).toLowerCase();
        if (request.method === 'DELETE') {
          domains.delete(name);
          response.writeHead(204).end();
          return;
        }
        const domain =
          request.method === 'PUT' ? domainFromJson(await readBodyText(request)) : null;
        if (!domain) {
          rdapError(
            response,
            400,
            'Send JSON with expiresAt (an ISO date) and an optional behaviour',
          );
          return;
        }
        domains.set(name, domain);
        send(response, 200, { name, ...domain });
        return;
      }
      if (request.method === 'GET' && url.pathname === '/dns.json') {
        const baseUrl = `http://127.0.0.1:${port}/`;
        send(response, 200, {
          ...snapshot,
          description: 'RDAP bootstrap file of the local RDAP stand-in',
          services: snapshot.services.map(([tlds]) => [tlds, [baseUrl]]),
        });
        return;
      }
      const lookup = /^\/domain\/([^/]+)$/.exec(url.pathname);
      if (request.method !== 'GET' || !lookup) {
        rdapError(response, 400, 'Bad Request');
        return;
      }
      const name = decodeURIComponent(lookup[1]!).toLowerCase();
      const domain = domains.get(name);
      if (!domain || domain.behaviour === 'not_found') {
        rdapError(response, 404, 'Not Found');
        return;
      }
      switch (domain.behaviour ?? 'answer') {
        case 'rate_limited':
          rdapError(response, 429, 'Too Many Requests', {
            'retry-after': String(domain.retryAfterSeconds ?? 3600),
          });
          return;
        case 'malformed':
          send(response, 200, '{"objectClassName": "domain", "events": [');
          return;
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send(response, 200, rdapDomainObject(name, domain));
          }, slowMs);
          timers.add(timer);
          return;
        }
        default:
          send(response, 200, rdapDomainObject(name, domain));
      }
    })();
  });
  const port = await listenOnLoopback(server, options.port);
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    setDomain: (name, domain) => domains.set(name.toLowerCase(), domain),
    removeDomain: (name) => domains.delete(name.toLowerCase()),
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      return closeServer(server);
    },
  };
}
