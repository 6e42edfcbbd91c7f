import { randomUUID } from 'node:crypto';
import type {
  ListWatchedDomainsResponse,
  WatchedDomain,
} from '@expiry-radar/shared/api/watched-domain-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../test-support/api-gateway-event';
import { givenTeam, putItem, routeRequest } from '../../test-support/workspace-fixtures';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../data/keys';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { createCertSpotterClient } from '../adapters/cert-spotter-client';
import { listWorkspaceAuditEvents } from '../data/audit-queries';
import { findWatchedDomain, readSealedCtApiKey } from '../data/ct-watch-records';
import type { EmailMessage } from '../domain/mailer';
import { handler as addCertificateToInventory } from '../http/certificates/add-certificate-to-inventory';
import { handler as addWatchedDomain } from '../http/certificates/add-watched-domain';
import { handler as listWatchedDomains } from '../http/certificates/list-watched-domains';
import { handler as removeWatchedDomain } from '../http/certificates/remove-watched-domain';
import { handler as setKey } from '../http/certificates/set-certificate-transparency-key';
import { handler as updateWatchedDomain } from '../http/certificates/update-watched-domain';
import { startCtSearchStandIn, type CtSearchStandIn } from '../local/emulators/ct-search-stand-in';
import { runCtWatch } from './ct-watch';

let standIn: CtSearchStandIn;
beforeAll(async () => {
  standIn = await startCtSearchStandIn({ pageSize: 2 });
});
afterAll(() => standIn.stop());

const COLLECTION = '/api/v1/workspaces/{id}/watched-domains';
const ONE = `${COLLECTION}/{domain}`;
const INVENTORY = `${COLLECTION}/certificates/{certificateId}/inventory`;
const KEY = '/api/v1/workspaces/{id}/certificate-transparency-key';

const list = async (id: string, cookie: string) =>
  (await invoke(listWatchedDomains, routeRequest('GET', COLLECTION, { params: { id }, cookie })))
    .json as ListWatchedDomainsResponse;
const add = (id: string, cookie: string, body: unknown) =>
  invoke(addWatchedDomain, routeRequest('POST', COLLECTION, { params: { id }, cookie, body }));
const errorOf = (answer: { json?: unknown }) => (answer.json as { error: string }).error;

/** The real client against the stand-in, as CT_SEARCH_BASE_URL makes it locally. */
const emails: EmailMessage[] = [];
const ports = () => ({
  issuances: createCertSpotterClient({
    baseUrl: standIn.baseUrl,
    policy: { allowLoopback: true, httpsOnly: false },
    timeoutMs: 2_000,
  }),
  mailer: { send: (message: EmailMessage) => (emails.push(message), Promise.resolve()) },
});
const watchNow = (now = new Date()) => runCtWatch(now, ports(), { all: true });

async function workspaceItem(id: string): Promise<Record<string, unknown>> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.workspace(id) }),
  );
  return Item ?? {};
}

describe('the certificate transparency watch', () => {
  it('lets admins watch domains within the plan, read by every member, with clear refusals', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const id = team.workspaceId;
    const added = await add(id, team.admin.cookie, {
      domain: 'Bücher.com.',
      include_subdomains: false,
      allowed_issuers: ["Let's Encrypt", ' ', "Let's Encrypt"],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json).toMatchObject({
      domain: 'xn--bcher-kva.com',
      display_domain: 'bücher.com',
      include_subdomains: false,
      auto_add: false,
      allowed_issuers: ["Let's Encrypt"],
      last_checked_at: null,
    } satisfies Partial<WatchedDomain>);

    const refusals: [unknown, number, string][] = [
      [{ domain: 'co.uk' }, 400, '"co.uk" is a public suffix'],
      [{ domain: 'not a domain' }, 400, 'Enter a domain such as example.com'],
      [{ domain: 'bücher.com' }, 409, 'The workspace already watches this domain'],
      [{ domain: 'a.com', allowed_issuers: 'DigiCert' }, 400, 'issuer allow-list'],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await add(id, team.admin.cookie, body);
      expect([answer.statusCode, errorOf(answer)]).toEqual([
        status,
        expect.stringContaining(message),
      ]);
    }
    for (const caller of [team.manager, team.viewer]) {
      const answer = await add(id, caller.cookie, { domain: 'other.com' });
      expect([answer.statusCode, errorOf(answer)]).toEqual([
        403,
        'Only admins change the watched domains and the Cert Spotter API key',
      ]);
    }
    expect((await add(id, team.outsider.cookie, { domain: 'x.com' })).statusCode).toBe(404);
    for (let index = 2; index <= 5; index += 1) {
      expect((await add(id, team.admin.cookie, { domain: `d${index}.com` })).statusCode).toBe(201);
    }
    const beyond = await add(id, team.admin.cookie, { domain: 'd6.com' });
    expect([beyond.statusCode, errorOf(beyond)]).toEqual([
      409,
      'Your plan watches at most 5 domains per workspace: remove one or upgrade to watch more',
    ]);
    const free = await givenTeam({ plan: 'free' });
    const none = await add(free.workspaceId, free.admin.cookie, { domain: 'example.com' });
    expect(none.statusCode).toBe(409);

    const changed = await invoke(
      updateWatchedDomain,
      routeRequest('PATCH', ONE, {
        params: { id, domain: 'bücher.com' },
        cookie: team.admin.cookie,
        body: { auto_add: true },
      }),
    );
    expect(changed.json).toMatchObject({ auto_add: true, allowed_issuers: ["Let's Encrypt"] });
    const removed = await invoke(
      removeWatchedDomain,
      routeRequest('DELETE', ONE, { params: { id, domain: 'd5.com' }, cookie: team.admin.cookie }),
    );
    expect(removed.statusCode).toBe(200);

    // The API key is stored sealed, never answered, and the audit trail says only that it changed.
    const secret = `ct_${randomUUID().replace(/-/g, '')}`;
    const keyAnswer = await invoke(
      setKey,
      routeRequest('PUT', KEY, {
        params: { id },
        cookie: team.admin.cookie,
        body: { api_key: secret },
      }),
    );
    expect(keyAnswer.json).toEqual({ api_key_set: true });
    expect(await readSealedCtApiKey(id)).not.toContain(secret);
    const seen = await list(id, team.viewer.cookie);
    expect(seen).toMatchObject({ limit: 5, api_key_set: true, certificates: [] });
    expect(seen.items.map((item) => item.display_domain)).toEqual([
      'd2.com',
      'd3.com',
      'd4.com',
      'bücher.com',
    ]);
    const events = await listWorkspaceAuditEvents(id, { count: 100, now: new Date() });
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(events.map((event) => event.action)).toContain('watched_domain.api_key_changed');
    const removedKey = await invoke(
      setKey,
      routeRequest('PUT', KEY, {
        params: { id },
        cookie: team.admin.cookie,
        body: { api_key: null },
      }),
    );
    expect(removedKey.json).toEqual({ api_key_set: false });
    expect(await readSealedCtApiKey(id)).toBeNull();
  });

  it('alerts the admins once per new certificate, resumes after 429, 5xx and malformed answers, and adds on request', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const id = team.workspaceId;
    const domain = `ct-${randomUUID().slice(0, 8)}.com`;
    const strict = `strict-${randomUUID().slice(0, 8)}.com`;
    const auto = `auto-${randomUUID().slice(0, 8)}.com`;
    await add(id, team.admin.cookie, { domain });
    await add(id, team.admin.cookie, { domain: strict, allowed_issuers: ['letsencrypt.org'] });
    await add(id, team.admin.cookie, { domain: auto, auto_add: true });
    const first = standIn.addIssuance({ dns_names: [`shop.${domain}`, `www.shop.${domain}`] });
    standIn.addIssuance({ dns_names: [`other-${domain}`] });
    standIn.addIssuance({ dns_names: [`api.${strict}`], issuer: 'DigiCert' });
    standIn.addIssuance({ dns_names: [`mail.${auto}`] });
    const setKeyFor = async () =>
      invoke(
        setKey,
        routeRequest('PUT', KEY, {
          params: { id },
          cookie: team.admin.cookie,
          body: { api_key: 'stand-in-key-1234' },
        }),
      );
    await setKeyFor();

    emails.length = 0;
    await watchNow();
    const ours = () => emails.filter((email) => email.to === team.admin.email);
    const subjects = ours().map((email) => email.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^New certificate for shop\\.${domain.replace('.', '\\.')} \\(and 1 more\\) by Let's Encrypt, valid until \\d{4}-\\d{2}-\\d{2}`,
          ),
        ),
        expect.stringMatching(/^Unexpected issuer: new certificate for api\.strict-.* by DigiCert/),
      ]),
    );
    // To the admins only, the unexpected issuer included.
    const others = [team.manager.email, team.viewer.email];
    expect(emails.filter((email) => others.includes(email.to))).toEqual([]);
    expect(standIn.authorizations).toContain('Bearer stand-in-key-1234');
    let view = await list(id, team.viewer.cookie);
    const byDomain = (name: string) => view.certificates.filter((c) => c.domain === name);
    expect(byDomain(domain)).toEqual([
      expect.objectContaining({
        id: first.cert_sha256,
        status: 'new',
        issuer: "Let's Encrypt",
        unexpected_issuer: false,
        message: expect.stringMatching(
          /^new certificate for shop\.ct-.* \(and 1 more\) by Let's Encrypt, valid until/,
        ) as string,
      }),
    ]);
    expect(byDomain(strict)).toEqual([expect.objectContaining({ unexpected_issuer: true })]);
    expect(byDomain(auto)).toEqual([
      expect.objectContaining({ status: 'added', token_id: expect.any(String) as string }),
    ]);

    // Nothing new: no second alert. Then each bad answer keeps the position and says why.
    emails.length = 0;
    await watchNow();
    expect(ours()).toEqual([]);
    const positionBefore = (await findWatchedDomain(id, domain))?.position;
    const second = standIn.addIssuance({ dns_names: [domain] });
    for (const [behaviour, error] of [
      ['rate_limited', 'refused the request (429); asked again after'],
      ['server_error', 'answered 503'],
      ['malformed', 'is not a list of issuances'],
    ] as const) {
      standIn.setBehaviour(behaviour, { times: 100, retryAfterSeconds: 120 });
      const now = new Date();
      await watchNow(now);
      const record = await findWatchedDomain(id, domain);
      expect(record).toMatchObject({
        position: positionBefore,
        lastError: expect.stringContaining(error) as string,
      });
      if (behaviour === 'rate_limited') {
        // The service's Retry-After (120 s), not the 15 minutes of other failures.
        const retryIn = Date.parse(record!.nextCheckAt) - now.getTime();
        expect(retryIn).toBeGreaterThanOrEqual(120_000);
        expect(retryIn).toBeLessThan(130_000);
      }
      standIn.setBehaviour('answer');
    }
    expect(ours()).toEqual([]);
    await watchNow();
    await watchNow();
    expect(ours().map((email) => email.subject)).toEqual([
      expect.stringMatching(new RegExp(`^New certificate for ${domain.replace('.', '\\.')} by`)),
    ]);
    expect(await findWatchedDomain(id, domain)).toMatchObject({
      position: second.id,
      lastError: null,
    });

    // Add to inventory: a monitored certificate token; a second time is refused.
    const inventory = (who: string) =>
      invoke(
        addCertificateToInventory,
        routeRequest('POST', INVENTORY, {
          params: { id, certificateId: first.cert_sha256 },
          cookie: who,
        }),
      );
    expect((await inventory(team.viewer.cookie)).statusCode).toBe(403);
    const created = await inventory(team.manager.cookie);
    expect(created.statusCode).toBe(201);
    expect(created.json).toMatchObject({
      name: `shop.${domain}`,
      category: 'cert',
      type: 'tls_cert',
      issuer: "Let's Encrypt",
      domains: [`shop.${domain}`, `www.shop.${domain}`],
      endpoints: [expect.objectContaining({ host: `shop.${domain}`, port: 443 })],
    } satisfies Partial<Token>);
    const again = await inventory(team.manager.cookie);
    expect([again.statusCode, errorOf(again)]).toEqual([
      409,
      'This certificate is already in the inventory',
    ]);
    view = await list(id, team.viewer.cookie);
    expect(byDomain(domain).find((c) => c.id === first.cert_sha256)).toMatchObject({
      status: 'added',
      token_id: (created.json as Token).id,
    });

    // Moved to the free plan, the workspace is not read any more; its domains are kept.
    await putItem({ ...(await workspaceItem(id)), plan: 'free' });
    const asked = standIn.requests.length;
    await watchNow();
    expect(standIn.requests.slice(asked).filter((path) => path.includes(domain))).toEqual([]);
    expect(await findWatchedDomain(id, domain)).not.toBeNull();
  });
});
