import { randomUUID } from 'node:crypto';
import {
  alertRefsOf,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type {
  ListWatchedDomainsResponse,
  WatchedDomain,
} from '@expiry-radar/shared/api/watched-domain-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../test-support/api-gateway-event';
import { givenTeam, putItem, routeRequest } from '../../test-support/workspace-fixtures';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../data/keys';
import { endpointScheduleCodec } from '../data/entities/endpoint-schedule';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { inDays } from '../../test-support/token-fixtures';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { createCertSpotterClient } from '../adapters/cert-spotter-client';
import { listWorkspaceAuditEvents } from '../data/audit-queries';
import { findWatchedDomain, insertCtFinding, readSealedCtApiKey } from '../data/ct-watch-records';
import { readAlertSettingsRecord, writeAlertSettings } from '../data/alert-settings-records';
import type { WebhookDelivery } from '../domain/alert-channels';
import type { EmailMessage } from '../domain/mailer';
import { handler as addCertificateToInventory } from '../http/certificates/add-certificate-to-inventory';
import { handler as addWatchedDomain } from '../http/certificates/add-watched-domain';
import { handler as listWatchedDomains } from '../http/certificates/list-watched-domains';
import { handler as removeWatchedDomain } from '../http/certificates/remove-watched-domain';
import { handler as setKey } from '../http/certificates/set-certificate-transparency-key';
import { handler as updateWatchedDomain } from '../http/certificates/update-watched-domain';
import { startCtSearchStandIn, type CtSearchStandIn } from '../local/emulators/ct-search-stand-in';
import { lambdaContext } from '../local/lambda-http-adapter';
import { createAlertWorker } from './alert-worker';
import { createCtWatchWorker } from './ct-watch-worker';
import { runCtWatchDispatch } from './ct-watch-dispatch';
import { sqsEvent } from '../../test-support/sqs-event';

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

/** The emails the watch sent itself (an unexpected issuer, to the admins at once). */
const emails: EmailMessage[] = [];
/** What the watch put on the alert queue. */
const queued: AlertQueueMessage[] = [];
/** What the watch put on the endpoint check queue (the endpoints of certificates it added). */
const endpointChecks: EndpointCheckMessage[] = [];
/** The worker with the real client against the stand-in, as CT_SEARCH_BASE_URL makes it locally. */
const watchWorker = () =>
  createCtWatchWorker({
    issuances: createCertSpotterClient({
      baseUrl: standIn.baseUrl,
      policy: { allowLoopback: true, httpsOnly: false },
      timeoutMs: 2_000,
    }),
    mailer: { send: (message: EmailMessage) => (emails.push(message), Promise.resolve()) },
    enqueueAlerts: (batch) => Promise.resolve(void queued.push(...batch)),
    enqueueEndpointChecks: (batch) => (endpointChecks.push(...batch), Promise.resolve([])),
  });

/**
 * Dispatches every watched domain and runs the worker on the messages of `workspaceId` (another
 * file's domains are left to it), with a malformed message beside them.
 */
async function watchNow(workspaceId: string) {
  const sent: { workspaceId: string }[] = [];
  await runCtWatchDispatch(
    new Date(),
    { enqueue: (batch) => (sent.push(...batch), Promise.resolve([])) },
    { all: true },
  );
  const ours = sent.filter((message) => message.workspaceId === workspaceId);
  const response = await watchWorker()(
    sqsEvent([...ours, { not: 'a read' }]),
    lambdaContext('ct-watch-worker', randomUUID()),
  );
  // Only the malformed message fails: a read that failed at Cert Spotter is a result.
  expect(response.batchItemFailures).toHaveLength(1);
}

/** The alert worker delivering what the watch queued: the emails and webhooks it sent. */
async function deliverQueued() {
  const delivered = { emails: [] as EmailMessage[], webhooks: [] as WebhookDelivery[] };
  const alertWorker = createAlertWorker({
    ports: {
      mailer: { send: (message) => Promise.resolve(void delivered.emails.push(message)) },
      sendWebhook: (delivery) => (
        delivered.webhooks.push(delivery),
        Promise.resolve({ status: 204 })
      ),
    },
  });
  await alertWorker(sqsEvent(queued), lambdaContext('alert-worker', randomUUID()));
  return delivered;
}

/** A default contact group naming `emails`, and one webhook it alerts. */
async function withDefaultGroup(workspaceId: string, emails: string[]) {
  const current = await readAlertSettingsRecord(workspaceId);
  await writeAlertSettings({
    workspaceId,
    changes: {
      email_alerts_enabled: true,
      webhook_urls: [{ name: 'ops', kind: 'generic', url: 'https://hooks.example.com/ct' }],
      contact_groups: [{ id: 'ops', name: 'Ops', emails, webhook_names: ['ops'] }],
      default_contact_group_id: 'ops',
      thresholds: [30, 14, 7, 1, 0],
    },
    expectedRevision: current.revision,
    now: new Date(),
  });
}

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

  it("alerts a new certificate once through the workspace's channels, an unexpected issuer to the admins at once, resumes after 429, 5xx and malformed answers, and adds on request", async () => {
    const team = await givenTeam({ plan: 'pro' });
    const id = team.workspaceId;
    const domain = `ct-${randomUUID().slice(0, 8)}.com`;
    const strict = `strict-${randomUUID().slice(0, 8)}.com`;
    const auto = `auto-${randomUUID().slice(0, 8)}.com`;
    await add(id, team.admin.cookie, { domain });
    await add(id, team.admin.cookie, { domain: strict, allowed_issuers: ['letsencrypt.org'] });
    await add(id, team.admin.cookie, { domain: auto, auto_add: true });
    // The default contact group: the manager and a webhook (the admin, the owner, is not in it).
    await withDefaultGroup(id, [team.manager.email]);
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
    queued.length = 0;
    endpointChecks.length = 0;
    await watchNow(id);
    // The unexpected issuer: emailed to the admins at once, and to no one else.
    expect(emails.map((email) => [email.to, email.subject])).toEqual([
      [
        team.admin.email,
        expect.stringMatching(/^Unexpected issuer: new certificate for api\.strict-.* by DigiCert/),
      ],
    ]);
    expect(standIn.authorizations).toContain('Bearer stand-in-key-1234');
    // Both alerts through the channels (the one added by itself has none), each queued once.
    const alertIds = [...new Set(queued.flatMap(alertRefsOf).map((alert) => alert.alertId))];
    expect(alertIds).toHaveLength(2);
    const delivered = await deliverQueued();
    const escaped = (name: string) => name.replaceAll('.', '\\.');
    expect(delivered.emails.map((email) => [email.to, email.subject]).sort()).toEqual([
      [
        team.manager.email,
        expect.stringMatching(
          new RegExp(
            `^${escaped(domain)}: new certificate for shop\\.${escaped(domain)} \\(and 1 more\\) by Let's Encrypt, valid until \\d{4}-\\d{2}-\\d{2}$`,
          ),
        ),
      ],
      [
        team.manager.email,
        expect.stringMatching(
          new RegExp(`^${escaped(strict)}: Unexpected issuer: new certificate for api\\.`),
        ),
      ],
    ]);
    for (const email of delivered.emails) {
      expect(email.text).toContain('/workspaces#watched-domains');
      // No token's expiry to acknowledge, snooze or renew.
      expect(email.text).not.toContain('/alert-action');
    }
    expect(delivered.webhooks.map((hook) => hook.notice.certificateSeen).sort()).toEqual([
      expect.stringMatching(/^Unexpected issuer: new certificate for api\.strict-/),
      expect.stringMatching(/^new certificate for shop\.ct-/),
    ]);
    expect(delivered.webhooks[0]?.notice.dashboardUrl).toMatch(/\/workspaces#watched-domains$/);
    // Delivered again (a duplicate message): nothing is sent twice.
    const redelivered = await deliverQueued();
    expect([redelivered.emails, redelivered.webhooks]).toEqual([[], []]);
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
    // The certificate added by itself has its endpoint checked at once.
    expect(endpointChecks).toEqual([
      expect.objectContaining({ tokenId: byDomain(auto)[0]!.token_id, host: `mail.${auto}` }),
    ]);

    // Nothing new: no second alert. Then each bad answer keeps the position and says why.
    emails.length = 0;
    queued.length = 0;
    await watchNow(id);
    expect([emails, queued]).toEqual([[], []]);
    const positionBefore = (await findWatchedDomain(id, domain))?.position;
    const second = standIn.addIssuance({ dns_names: [domain] });
    for (const [behaviour, error] of [
      ['rate_limited', 'refused the request (429); asked again after'],
      ['server_error', 'answered 503'],
      ['malformed', 'is not a list of issuances'],
    ] as const) {
      standIn.setBehaviour(behaviour, { times: 100, retryAfterSeconds: 120 });
      const now = new Date();
      await watchNow(id);
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
    expect([emails, queued]).toEqual([[], []]);
    await watchNow(id);
    await watchNow(id);
    expect(emails).toEqual([]);
    expect((await deliverQueued()).emails.map((email) => email.subject)).toEqual([
      expect.stringMatching(
        new RegExp(`^${escaped(domain)}: new certificate for ${escaped(domain)} by`),
      ),
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
    await watchNow(id);
    expect(standIn.requests.slice(asked).filter((path) => path.includes(domain))).toEqual([]);
    expect(await findWatchedDomain(id, domain)).not.toBeNull();
  });
  it('adds a certificate without its endpoint once the plan monitors all it may, and says why', async () => {
    const team = await givenTeam({ plan: 'pro' });
    const id = team.workspaceId;
    const limit = PLAN_LIMITS.pro.monitoredEndpointsPerWorkspace!;
    await putItem(
      endpointScheduleCodec.toItem({
        workspaceId: id,
        tokenId: `${id}.${randomUUID()}`,
        endpointCount: limit,
        intervalHours: 6,
        nextCheckAt: new Date(Date.now() + 3_600_000).toISOString(),
        tokenCreatedAt: null,
      }),
    );
    const certificateId = randomUUID().replaceAll('-', '').repeat(2);
    const now = new Date().toISOString();
    await insertCtFinding({
      workspaceId: id,
      certificateId,
      domain: 'full.example.com',
      issuanceId: '1',
      dnsNames: ['www.full.example.com'],
      issuer: "Let's Encrypt",
      notBefore: now,
      notAfter: `${inDays(90)}T00:00:00.000Z`,
      unexpectedIssuer: false,
      status: 'new',
      tokenId: null,
      seenAt: now,
      alertedAt: null,
    });

    const created = await invoke(
      addCertificateToInventory,
      routeRequest('POST', INVENTORY, { params: { id, certificateId }, cookie: team.admin.cookie }),
    );
    expect(created.statusCode).toBe(201);
    const token = created.json as Token;
    expect(token.domains).toEqual(['www.full.example.com']);
    // A calendar day, as every token's expiry is: the UTC day the certificate stops being valid.
    expect(token.expiresAt).toBe(inDays(90));
    expect(token.endpoints ?? []).toEqual([]);
    expect(token.notes).toContain(
      `Its endpoint is not monitored: A workspace on the Pro plan can monitor ${limit} endpoints. Upgrade the plan to monitor more.`,
    );
  });
});
