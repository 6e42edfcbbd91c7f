import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RegistrationCheckMessage } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  createRequest,
  givenToken,
  givenWorkspace,
  inDays,
  updateRequest,
} from '../../test-support/token-fixtures';
import { createRdapClient, SNAPSHOT_BOOTSTRAP } from '../adapters/rdap-client';
import { listWorkspaceEventsOfAction } from '../data/audit-queries';
import { keys } from '../data/keys';
import { findToken } from '../data/token-records';
import { lambdaContext } from '../local/lambda-http-adapter';
import { startRdapStandIn, type RdapStandIn } from '../local/emulators/rdap-stand-in';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { createRegistrationCheckWorker } from './registration-check-worker';
import { runRegistrationDispatch } from './registration-dispatch';
import { runRdapBootstrapRefresh } from './rdap-bootstrap-refresh';
import { readStoredRdapBootstrap } from '../data/registration-records';
import { invoke } from '../../test-support/api-gateway-event';
import { routeRequest } from '../../test-support/workspace-fixtures';
import { givenMember } from '../../test-support/token-fixtures';
import { handler as createDomainRegistrations } from '../http/tokens/create-domain-registrations';
import { writeCsv } from '@expiry-radar/shared/domain/csv-text';
import { listAllTokens } from '../data/token-records';
import { applyImport, importAnswer, planImport } from '../services/tokens/token-import';
import { loadWorkspaceAccess } from '../services/workspaces/workspace-access';
import { sqsEvent } from '../../test-support/sqs-event';

let standIn: RdapStandIn;
beforeAll(async () => {
  standIn = await startRdapStandIn({ slowMs: 2_000 });
});
afterAll(() => standIn.stop());

/** The real client, its requests going to the stand-in as RDAP_BASE_URL makes them locally. */
const lookup = () =>
  createRdapClient({
    baseUrlOverride: standIn.baseUrl,
    policy: { allowLoopback: true, httpsOnly: false },
    timeoutMs: 500,
  });

/** Dispatches every followed domain, keeps the messages of `tokens`, and runs the worker on them. */
async function checkNow(tokens: readonly Token[]) {
  const sent: RegistrationCheckMessage[] = [];
  await runRegistrationDispatch(
    new Date(),
    { enqueue: (batch) => (sent.push(...batch), Promise.resolve([])) },
    { all: true },
  );
  const ids = new Set(tokens.map((token) => token.id));
  const ours = sent.filter((message) => ids.has(message.tokenId));
  const worker = createRegistrationCheckWorker({ lookup: lookup() });
  const response = await worker(
    sqsEvent([...ours, { not: 'a check' }]),
    lambdaContext('registration-check-worker', 'test-request'),
  );
  expect(response.batchItemFailures).toEqual([{ itemIdentifier: `m${ours.length}` }]);
  return Promise.all(tokens.map((token) => findToken(token.workspace_id, token.id)));
}

async function schedule(token: Token) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.registrationSchedule(token.workspace_id, token.id),
    }),
  );
  return Item;
}

const registration = (domain: string, expiresAt = inDays(40)) => ({
  category: 'license',
  type: 'domain_registration',
  expiresAt,
  registration_domain: domain,
});

describe('domain registrations followed through RDAP', () => {
  it('follows renewals at the registry and keeps the date, with the reason, on every failure', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const names = {
      renewed: 'renewed-example.com',
      same: 'same-example.com',
      missing: 'missing-example.com',
      limited: 'limited-example.com',
      slow: 'slow-example.com',
      malformed: 'malformed-example.com',
      past: 'past-example.com',
    };
    const corrected = 'corrected-example.com';
    const later = `${inDays(400)}T12:00:00.000Z`;
    standIn.setDomain(names.renewed, { expiresAt: later, registrar: 'Example Registrar, Inc.' });
    standIn.setDomain(names.same, { expiresAt: `${inDays(40)}T00:00:00Z` });
    standIn.setDomain(names.limited, {
      expiresAt: later,
      behaviour: 'rate_limited',
      retryAfterSeconds: 7200,
    });
    standIn.setDomain(names.slow, { expiresAt: later, behaviour: 'slow' });
    standIn.setDomain(names.malformed, { expiresAt: later, behaviour: 'malformed' });
    standIn.setDomain(names.past, { expiresAt: '2020-01-01T00:00:00Z' });
    standIn.setDomain(corrected, { expiresAt: `${inDays(20)}T00:00:00Z` });
    const tokens = await Promise.all([
      ...Object.values(names).map((name) =>
        givenToken(owner.cookie, workspaceId, registration(name)),
      ),
      // .de has no RDAP service in IANA's bootstrap file.
      givenToken(owner.cookie, workspaceId, registration('bücher.de')),
      // The registry's date is earlier than the one typed: a correction, not a renewal.
      givenToken(owner.cookie, workspaceId, registration(corrected, inDays(400))),
    ]);
    expect(tokens[7]!.registration).toEqual({ domain: 'xn--bcher-kva.de', last_check: null });
    expect(await schedule(tokens[0])).toMatchObject({ domain: names.renewed });

    const before = new Date();
    const [renewed, same, missing, limited, slow, malformed, past, noRdap, fixed] =
      await checkNow(tokens);
    expect(renewed?.expiresAt).toBe(inDays(400));
    expect(renewed?.registration?.last_check).toMatchObject({
      status: 'renewed',
      registrar: 'Example Registrar, Inc.',
      statuses: ['active', 'client transfer prohibited'],
      last_error: null,
      message: `renewed: registered at Example Registrar, Inc. until ${inDays(400)} (was ${inDays(40)})`,
    });
    const audit = await listWorkspaceEventsOfAction(workspaceId, 'token.renewal_detected', {
      since: new Date(Date.now() - 60_000).toISOString(),
      count: 20,
      now: new Date(),
    });
    expect(audit.map((event) => event.metadata)).toEqual([
      expect.objectContaining({ domain: names.renewed, expiresAt: inDays(400) }),
    ]);
    expect(fixed?.expiresAt).toBe(inDays(20));
    const corrections = await listWorkspaceEventsOfAction(workspaceId, 'token.expiry_corrected', {
      since: new Date(Date.now() - 60_000).toISOString(),
      count: 20,
      now: new Date(),
    });
    expect(corrections.map((event) => event.metadata)).toEqual([
      expect.objectContaining({
        domain: corrected,
        previousExpiresAt: inDays(400),
        expiresAt: inDays(20),
      }),
    ]);
    expect(same?.expiresAt).toBe(inDays(40));
    expect(same?.registration?.last_check?.status).toBe('ok');

    const kept = { missing, limited, slow, malformed, past, noRdap };
    for (const token of Object.values(kept)) expect(token?.expiresAt).toBe(inDays(40));
    expect(missing?.registration?.last_check).toMatchObject({
      status: 'unsupported',
      last_error: "The registry's RDAP service does not know missing-example.com (404)",
    });
    expect(limited?.registration?.last_check).toMatchObject({
      status: 'failing',
      last_error: "The registry's RDAP service asked to wait (429 Too Many Requests)",
    });
    const retryAt = Date.parse(limited!.registration!.last_check!.retry_at!);
    expect(retryAt).toBeGreaterThanOrEqual(before.getTime() + 7_200_000);
    expect(await schedule(limited!)).toMatchObject({
      nextAlertAt: limited!.registration!.last_check!.retry_at,
    });
    // A timeout reads as any failed connection (told apart, they would let anyone probe ports).
    expect(slow?.registration?.last_check?.last_error).toBe(
      `Could not connect to ${new URL(standIn.baseUrl).host}`,
    );
    expect(malformed?.registration?.last_check?.last_error).toBe(
      "The registry's answer is not RDAP domain JSON",
    );
    expect(past?.registration?.last_check?.last_error).toBe(
      'The registry gives past-example.com an expiration in the past (2020-01-01)',
    );
    expect(noRdap?.registration?.last_check).toMatchObject({
      status: 'unsupported',
      last_error:
        "The registry of bücher.de has no RDAP service (none is listed in IANA's bootstrap file)",
      message:
        "The registry of bücher.de has no RDAP service (none is listed in IANA's bootstrap file); the date entered by hand is kept",
    });

    // The registry renews the rate-limited domain and answers again: the next check follows it.
    standIn.setDomain(names.limited, { expiresAt: later });
    const [limitedAgain] = await checkNow([limited!]);
    expect(limitedAgain?.expiresAt).toBe(inDays(400));
    expect(limitedAgain?.registration?.last_check).toMatchObject({
      status: 'renewed',
      last_error: null,
      consecutive_failures: 0,
    });

    // An edit that keeps the domain keeps its last check; another domain starts over; none stops.
    const edited = await updateRequest(owner.cookie, renewed!.id, {
      name: 'Renamed',
      registration_domain: names.renewed,
    });
    expect((edited.json as Token).registration?.last_check?.status).toBe('renewed');
    const moved = await updateRequest(owner.cookie, renewed!.id, {
      registration_domain: 'Other-Example.com',
    });
    expect((moved.json as Token).registration).toEqual({
      domain: 'other-example.com',
      last_check: null,
    });
    expect(await schedule(renewed!)).toMatchObject({ domain: 'other-example.com' });
    const stopped = await updateRequest(owner.cookie, renewed!.id, { registration_domain: null });
    expect((stopped.json as Token).registration).toBeNull();
    expect(await schedule(renewed!)).toBeUndefined();
  });

  it('refuses what is not a registered domain with a clear 400', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const create = (fields: Record<string, unknown>) =>
      createRequest(owner.cookie, { name: 'Domain', workspace_id: workspaceId, ...fields });
    for (const [domain, message] of [
      [
        'co.uk',
        '"co.uk" is a public suffix, under which domains are registered: enter one of them (e.g. example.co.uk)',
      ],
      [
        'shop.example.com',
        `"shop.example.com" is not a registered domain: its registration is example.com's`,
      ],
      ['localhost', '"localhost": Enter a registered domain such as example.com'],
    ]) {
      const response = await create(registration(domain!));
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(JSON.stringify(message).slice(1, -1));
    }
    const wrongType = await create({ ...registration('example.com'), type: 'software_license' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body).toContain('Only a domain registration can follow a domain');
  });

  it('adds domains in bulk: new ones followed, followed ones and bad entries answered', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const route = '/api/v1/workspaces/{id}/domain-registrations';
    const post = (cookie: string, body: unknown) =>
      invoke(
        createDomainRegistrations,
        routeRequest('POST', route, { params: { id: workspaceId }, cookie, body }),
      );
    const followed = await givenToken(owner.cookie, workspaceId, registration('kept-example.com'));
    const expiresAt = inDays(120);
    const response = await post(owner.cookie, {
      domains: 'Bulk-One.com\nbücher.de, kept-example.com co.uk shop.example.com bulk-one.com',
      expiresAt,
      section: 'domains',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json as {
      created: Token[];
      existing: { domain: string; token_id: string }[];
      refused: { entry: string; message: string }[];
    };
    expect(body.created.map((token) => [token.name, token.registration, token.expiresAt])).toEqual([
      ['bulk-one.com', { domain: 'bulk-one.com', last_check: null }, expiresAt],
      ['bücher.de', { domain: 'xn--bcher-kva.de', last_check: null }, expiresAt],
    ]);
    expect(body.created[0]).toMatchObject({ type: 'domain_registration', section: 'domains' });
    expect(body.existing).toEqual([{ domain: 'kept-example.com', token_id: followed.id }]);
    expect(body.refused.map((refusal) => refusal.entry)).toEqual(['co.uk', 'shop.example.com']);
    expect(await schedule(body.created[0]!)).toMatchObject({ domain: 'bulk-one.com' });

    const viewer = await givenMember(workspaceId, 'viewer');
    expect((await post(viewer.cookie, { domains: ['a-example.com'], expiresAt })).statusCode).toBe(
      403,
    );
    const bad = await post(owner.cookie, { domains: [], expiresAt: '2001-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Give at least one domain');
    expect(bad.body).toContain('Expiration date must be in the future');
  });

  it('imports domains in bulk from a file: a Domain column or a domain name follows its registration', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const later = `${inDays(500)}T00:00:00.000Z`;
    standIn.setDomain('imported-example.com', { expiresAt: later });
    const access = await loadWorkspaceAccess(workspaceId, {
      id: owner.userId,
      twoFactorEnabled: false,
    });
    const content = writeCsv(
      ['Name', 'Type', 'Expires', 'Domain'],
      [
        ['Shop domain', 'Domain', inDays(30), 'shop.imported-example.com'],
        ['named-example.org', 'domain_registration', inDays(40), ''],
        ['Not a domain', 'Domain registration', inDays(50), ''],
        ['Broken', 'Domain', inDays(60), 'not a domain'],
      ],
    );
    const now = new Date();
    const plan = await planImport({
      access,
      request: { format: 'csv', content, dryRun: false },
      now,
    });
    await applyImport(plan, { access, now });
    expect(importAnswer(plan).outcomes).toEqual(['create', 'create', 'create', 'create']);
    const tokens = (await listAllTokens(workspaceId)).map((record) => record.token);
    const byName = (name: string) => tokens.find((token) => token.name === name)!;
    expect(byName('Shop domain').registration).toEqual({
      domain: 'imported-example.com',
      last_check: null,
    });
    expect(byName('named-example.org').registration?.domain).toBe('named-example.org');
    expect(byName('Not a domain').registration).toBeUndefined();
    expect(byName('Broken').registration).toBeUndefined();
    // A Domain cell that is no domain is left out, with why, once (not again as a certificate's
    // domain list, which a registration has not): the token keeps its date.
    expect(importAnswer(plan).dropped.filter(({ row }) => row === 4)).toEqual([
      {
        row: 4,
        field: 'registration_domain',
        message: '"not a domain": Enter a registered domain such as example.com',
      },
    ]);
    const [checked] = await checkNow([byName('Shop domain')]);
    expect(checked?.expiresAt).toBe(inDays(500));
  });

  it("stores IANA's bootstrap file, and keeps the last good one when a file does not read", async () => {
    const policy = { allowLoopback: true, httpsOnly: false };
    standIn.setDomain('not-a-bootstrap.com', { expiresAt: `${inDays(10)}T00:00:00Z` });
    expect(
      await runRdapBootstrapRefresh(new Date(), `${standIn.baseUrl}domain/not-a-bootstrap.com`, {
        policy,
      }),
    ).toEqual({ stored: false, reason: 'The RDAP bootstrap file has no services' });
    expect(
      await runRdapBootstrapRefresh(new Date(), `${standIn.baseUrl}dns.json`, { policy }),
    ).toEqual({ stored: true, services: SNAPSHOT_BOOTSTRAP.services.length });
    const stored = await readStoredRdapBootstrap();
    expect(stored?.services).toContainEqual([['com'], [standIn.baseUrl]]);
    expect(
      await runRdapBootstrapRefresh(new Date(), `${standIn.baseUrl}missing.json`, { policy }),
    ).toEqual({ stored: false, reason: 'The RDAP bootstrap file answered 400' });
    expect(await readStoredRdapBootstrap()).toEqual(stored);
  });
});
