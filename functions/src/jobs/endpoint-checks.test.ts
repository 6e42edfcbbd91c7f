import { createServer, type Server } from 'node:net';
import tls from 'node:tls';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import {
  alertRefsOf,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  makeCertificateChain,
  makePrivateCertificateAuthority,
  makeSelfSignedCertificate,
  type MadeCertificate,
} from '../../test-support/certificates';
import { givenToken, givenWorkspace, inDays } from '../../test-support/token-fixtures';
import { invoke } from '../../test-support/api-gateway-event';
import { routeRequest } from '../../test-support/workspace-fixtures';
import { createTlsEndpointChecker } from '../adapters/tls-endpoint-checker';
import { listWorkspaceEventsOfAction } from '../data/audit-queries';
import { tokenCodec } from '../data/entities/token';
import { keys } from '../data/keys';
import { findToken } from '../data/token-records';
import { lambdaContext } from '../local/lambda-http-adapter';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { checkEndpoint, type EndpointCheckPorts } from '../services/endpoints/endpoint-checks';
import type { EmailMessage } from '../domain/mailer';
import { createAlertWorker } from './alert-worker';
import { handler as addTrustedCa } from '../http/certificates/add-trusted-certificate-authority';
import { handler as removeTrustedCa } from '../http/certificates/remove-trusted-certificate-authority';
import { createEndpointCheckWorker } from './endpoint-check-worker';
import { runEndpointDispatch } from './endpoint-dispatch';

const HOST = 'app.test';
const chain = makeCertificateChain({ commonName: HOST, altNames: `DNS:${HOST}`, days: 200 });
const otherName = makeCertificateChain({
  commonName: 'other.test',
  altNames: 'DNS:other.test',
  days: 200,
});
const shortLived = makeCertificateChain({ commonName: HOST, altNames: `DNS:${HOST}`, days: 10 });
const selfSigned = makeSelfSignedCertificate({ commonName: HOST, altNames: `DNS:${HOST}` });

/** Trusts only the test CA: a self-signed leaf (or the system's roots) is not trusted. */
const checker = createTlsEndpointChecker({
  policy: { allowLoopback: true },
  trustedRoots: [chain.root.pem],
  timeoutMs: 2_000,
});

const servers: tls.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function contextOf(leaf: MadeCertificate, intermediate?: MadeCertificate) {
  return { key: leaf.keyPem, cert: leaf.pem + (intermediate?.pem ?? '') };
}

async function tlsServer(context: tls.SecureContextOptions): Promise<tls.Server> {
  const server = tls.createServer(context, (socket) => socket.end());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function portOf(server: tls.Server | Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface World {
  token: Token;
  ownerCookie: string;
  message: EndpointCheckMessage;
  alerts: AlertQueueMessage[];
  ports: EndpointCheckPorts;
}

async function givenCertificateWith(port: number, expiresAt = inDays(30)): Promise<World> {
  const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
  const token = await givenToken(owner.cookie, workspaceId, {
    category: 'cert',
    type: 'ssl_cert',
    expiresAt,
    endpoints: [{ host: '127.0.0.1', port, sni: HOST }],
  });
  const alerts: AlertQueueMessage[] = [];
  return {
    token,
    ownerCookie: owner.cookie,
    message: { workspaceId, tokenId: token.id, host: '127.0.0.1', port, sni: HOST },
    alerts,
    ports: {
      check: checker,
      enqueueAlerts: (batch) => Promise.resolve(void alerts.push(...batch)),
    },
  };
}

/** Makes the token's endpoint schedule due, as when its interval since it was saved is over. */
async function scheduleDue(token: Token): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.endpointSchedule(token.workspace_id, token.id),
      UpdateExpression: 'SET nextAlertAt = :now',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}

const alertIdsOf = (messages: readonly AlertQueueMessage[]) => [
  ...new Set(messages.flatMap(alertRefsOf).map((alert) => alert.alertId)),
];

async function tokenItem(token: Token) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.token(token.workspace_id, token.id),
      ConsistentRead: true,
    }),
  );
  return tokenCodec.fromItem(Item!);
}

const eventsOf = (workspaceId: string, action: string) =>
  listWorkspaceEventsOfAction(workspaceId, action, {
    since: new Date(Date.now() - 60_000).toISOString(),
    count: 20,
    now: new Date(),
  });

describe('endpoint checks against local TLS servers', () => {
  it('follows a renewed certificate: the token takes its expiry, issuer and serial, and re-arms', async () => {
    const server = await tlsServer(contextOf(chain.leaf, chain.intermediate));
    const world = await givenCertificateWith(portOf(server), inDays(30));
    const before = await tokenItem(world.token);

    const outcome = await checkEndpoint(world.message, world.ports, new Date());

    expect(outcome).toMatchObject({ kind: 'checked', renewed: true, alertId: null });
    const after = await tokenItem(world.token);
    const served = new Date(
      new (await import('node:crypto')).X509Certificate(chain.leaf.pem).validTo,
    );
    expect(after.token.expiresAt).toBe(served.toISOString().slice(0, 10));
    // As the certificate form fills it: the issuer's organization.
    expect(after.token.issuer).toBe('Test Trust');
    expect(after.token.serial_number).toMatch(/^[0-9A-F]+$/);
    expect(after.token.endpoints?.[0]?.last_check).toMatchObject({
      status: 'renewed',
      problem: null,
    });
    // Re-armed for the new date: the next alert window is the new date's first, later than before.
    expect(after.schedule.nextAlertAt).not.toBeNull();
    expect(after.schedule.nextAlertAt! > before.schedule.nextAlertAt!).toBe(true);
    expect(after.schedule.nextAlertAt! < `${after.token.expiresAt}T23:59:59.999Z`).toBe(true);
    const events = await eventsOf(world.token.workspace_id, 'token.renewal_detected');
    expect(events).toHaveLength(1);
    expect(events[0]?.metadata).toMatchObject({ previousExpiresAt: world.token.expiresAt });
    expect(world.alerts).toEqual([]);

    // Checked again: the same certificate, nothing more to do.
    const again = await checkEndpoint(world.message, world.ports, new Date());
    expect(again).toMatchObject({ kind: 'checked', renewed: false });
    expect((await tokenItem(world.token)).token.updated_at).toBe(after.token.updated_at);
  });

  it('raises one alert for an expired certificate, however often it is checked', async () => {
    const server = await tlsServer(contextOf(chain.leaf, chain.intermediate));
    const leafExpiry = new Date(
      new (await import('node:crypto')).X509Certificate(chain.leaf.pem).validTo,
    );
    const world = await givenCertificateWith(portOf(server), addCalendarDays(leafExpiry, 0));
    const later = new Date(leafExpiry.getTime() + 24 * 60 * 60 * 1000);

    const first = await checkEndpoint(world.message, world.ports, later);
    await checkEndpoint(world.message, world.ports, new Date(later.getTime() + 60_000));

    expect(first).toMatchObject({
      kind: 'checked',
      check: { status: 'problem', problem: 'expired' },
    });
    const ids = alertIdsOf(world.alerts);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toContain('endpoint@expired@');

    // Through the alert worker like any alert: one email naming the problem, sent once.
    const emails: EmailMessage[] = [];
    const worker = createAlertWorker({
      ports: { mailer: { send: (message) => Promise.resolve(void emails.push(message)) } },
    });
    const event = (messages: readonly AlertQueueMessage[]): SQSEvent => ({
      Records: messages.map((message, index) => ({
        messageId: `alert-${index}`,
        receiptHandle: `alert-${index}`,
        body: JSON.stringify(message),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: '0',
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:alerts',
        awsRegion: 'us-east-1',
      })),
    });
    await worker(event(world.alerts), lambdaContext('alert-worker', 'test-request'));
    await worker(event(world.alerts), lambdaContext('alert-worker', 'test-request'));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(
      `${world.token.name}: 127.0.0.1:${world.message.port}/${HOST} serves an expired certificate`,
    );
    expect(emails[0]?.text).toContain('serves an expired certificate');
  });

  it('raises one alert for a wrong name, and clears it once the endpoint is fixed', async () => {
    const server = await tlsServer(contextOf(otherName.leaf, otherName.intermediate));
    const world = await givenCertificateWith(portOf(server));

    const first = await checkEndpoint(world.message, world.ports, new Date());
    await checkEndpoint(world.message, world.ports, new Date());
    // the other chain's root is not trusted either; the name is the first thing wrong
    expect(first).toMatchObject({ check: { problem: 'name_mismatch' } });
    expect(alertIdsOf(world.alerts)).toHaveLength(1);

    server.setSecureContext(contextOf(chain.leaf, chain.intermediate));
    const fixed = await checkEndpoint(world.message, world.ports, new Date());

    expect(fixed).toMatchObject({ kind: 'checked', cleared: true, check: { problem: null } });
    expect(alertIdsOf(world.alerts)).toHaveLength(1);
    const cleared = await eventsOf(world.token.workspace_id, 'endpoint.problem_cleared');
    expect(cleared.map((event) => event.metadata.problem)).toEqual(['name_mismatch']);
    const token = await findToken(world.token.workspace_id, world.token.id);
    expect(token?.endpoints?.[0]?.last_check?.status).not.toBe('problem');
  });

  it('raises one alert for a self-signed certificate (a chain to no trusted root)', async () => {
    const server = await tlsServer(contextOf(selfSigned));
    const world = await givenCertificateWith(portOf(server));

    const first = await checkEndpoint(world.message, world.ports, new Date());
    await checkEndpoint(world.message, world.ports, new Date());

    expect(first).toMatchObject({ check: { problem: 'untrusted_chain' } });
    expect(alertIdsOf(world.alerts)).toHaveLength(1);
  });

  it('raises one alert for an endpoint that serves a certificate expiring sooner than the token', async () => {
    const server = await tlsServer(contextOf(shortLived.leaf, shortLived.intermediate));
    const trusting: EndpointCheckPorts['check'] = createTlsEndpointChecker({
      policy: { allowLoopback: true },
      trustedRoots: [shortLived.root.pem],
    });
    const world = await givenCertificateWith(portOf(server), inDays(60));

    const first = await checkEndpoint(
      world.message,
      { ...world.ports, check: trusting },
      new Date(),
    );

    expect(first).toMatchObject({ check: { problem: 'older' } });
    expect(alertIdsOf(world.alerts)).toHaveLength(1);
  });

  it('raises one alert for an unreachable port after three failed checks in a row, and clears it', async () => {
    const port = await closedPort();
    const world = await givenCertificateWith(port);

    const outcomes = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      outcomes.push(await checkEndpoint(world.message, world.ports, new Date()));
      if (attempt === 1) expect(world.alerts).toEqual([]);
    }

    expect(outcomes.map((outcome) => outcome.kind === 'checked' && outcome.check.status)).toEqual([
      'failing',
      'failing',
      'problem',
      'problem',
    ]);
    const ids = alertIdsOf(world.alerts);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toContain('endpoint@unreachable@');

    // Back up on the same port: fixed.
    const server = tls.createServer(contextOf(chain.leaf, chain.intermediate), (s) => s.end());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const fixed = await checkEndpoint(world.message, world.ports, new Date());
    expect(fixed).toMatchObject({ cleared: true, check: { problem: null } });
  });

  it('refuses private addresses unless loopback is allowed (the webhooks SSRF guard)', async () => {
    const server = await tlsServer(contextOf(chain.leaf, chain.intermediate));
    const guarded = createTlsEndpointChecker({
      policy: { allowLoopback: false },
      trustedRoots: [chain.root.pem],
    });
    const rebinding = createTlsEndpointChecker({
      policy: { allowLoopback: true },
      resolver: () =>
        Promise.resolve([
          { address: '127.0.0.1', family: 4 },
          { address: '10.0.0.8', family: 4 },
        ]),
    });

    await expect(
      guarded({ host: '127.0.0.1', port: portOf(server), sni: HOST }),
    ).resolves.toMatchObject({
      ok: false,
      reason: 'blocked',
    });
    await expect(guarded({ host: '169.254.169.254', port: 443, sni: null })).resolves.toMatchObject(
      {
        ok: false,
        reason: 'blocked',
      },
    );
    await expect(rebinding({ host: 'mixed.example', port: 443, sni: null })).resolves.toMatchObject(
      {
        ok: false,
        reason: 'blocked',
      },
    );
    await expect(
      checker({ host: '127.0.0.1', port: portOf(server), sni: HOST }),
    ).resolves.toMatchObject({ ok: true, certificate: { nameMatches: true, chainTrusted: true } });
  });

  it('gives a schedule back when the queue does not take its messages, so the next dispatch sends them', async () => {
    const world = await givenCertificateWith(443);
    await scheduleDue(world.token);
    const refused = await runEndpointDispatch(new Date(), {
      enqueue: (batch) => Promise.resolve([...batch]),
    });
    expect(refused.givenBack).toBeGreaterThanOrEqual(1);
    const retried: EndpointCheckMessage[] = [];
    await runEndpointDispatch(new Date(), {
      enqueue: (batch) => (retried.push(...batch), Promise.resolve([])),
    });
    expect(retried.filter((message) => message.tokenId === world.token.id)).toEqual([
      world.message,
    ]);
  });

  it('dispatches one message per endpoint of a due token, and the worker checks them', async () => {
    const server = await tlsServer(contextOf(chain.leaf, chain.intermediate));
    const world = await givenCertificateWith(portOf(server));
    await scheduleDue(world.token);
    const messages: EndpointCheckMessage[] = [];

    await runEndpointDispatch(new Date(), {
      enqueue: (batch) => (messages.push(...batch), Promise.resolve([])),
    });
    const ours = messages.filter((message) => message.tokenId === world.token.id);
    expect(ours).toEqual([world.message]);
    // Taken: a second dispatch at once finds it not due.
    const again: EndpointCheckMessage[] = [];
    await runEndpointDispatch(new Date(), {
      enqueue: (batch) => (again.push(...batch), Promise.resolve([])),
    });
    expect(again.filter((message) => message.tokenId === world.token.id)).toEqual([]);
    // Asked for every endpoint (npm run endpoints:check -- --all), it is checked again at once.
    const everyEndpoint: EndpointCheckMessage[] = [];
    await runEndpointDispatch(
      new Date(),
      { enqueue: (batch) => (everyEndpoint.push(...batch), Promise.resolve([])) },
      { all: true },
    );
    expect(everyEndpoint.filter((message) => message.tokenId === world.token.id)).toEqual([
      world.message,
    ]);

    const worker = createEndpointCheckWorker(world.ports);
    const event: SQSEvent = {
      Records: [...ours, { not: 'a check' }].map((body, index) => ({
        messageId: `m${index}`,
        receiptHandle: `r${index}`,
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: '0',
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:endpoint-checks',
        awsRegion: 'us-east-1',
      })),
    };
    const response = await worker(event, lambdaContext('endpoint-check-worker', 'test-request'));
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    const token = await findToken(world.token.workspace_id, world.token.id);
    expect(token?.endpoints?.[0]?.last_check?.status).toBe('renewed');
  });
});

describe("endpoints served by a workspace's private certificate authority", () => {
  const privatePki = makePrivateCertificateAuthority({
    commonName: HOST,
    altNames: `DNS:${HOST}`,
    days: 200,
  });
  /** As deployed: Node's default roots, which do not hold the private CA. */
  const publicRootsChecker = createTlsEndpointChecker({
    policy: { allowLoopback: true },
    timeoutMs: 2_000,
  });
  const trustedCasRoute = '/api/v1/workspaces/{id}/trusted-certificate-authorities';

  it('finds the chain untrusted until the workspace trusts the CA, and again once it is removed', async () => {
    const server = await tlsServer(contextOf(privatePki.leaf));
    const leafExpiry = new Date(
      new (await import('node:crypto')).X509Certificate(privatePki.leaf.pem).validTo,
    );
    const world = await givenCertificateWith(portOf(server), addCalendarDays(leafExpiry, 0));
    const ports = { ...world.ports, check: publicRootsChecker };
    const { workspaceId } = world.message;
    const owner = world.ownerCookie;

    const before = await checkEndpoint(world.message, ports, new Date());
    expect(before).toMatchObject({ check: { status: 'problem', problem: 'untrusted_chain' } });

    const added = await invoke(
      addTrustedCa,
      routeRequest('POST', trustedCasRoute, {
        params: { id: workspaceId },
        cookie: owner,
        body: { pem: privatePki.ca.pem },
      }),
    );
    expect(added.statusCode).toBe(201);
    const trusted = await checkEndpoint(world.message, ports, new Date());
    expect(trusted).toMatchObject({
      kind: 'checked',
      cleared: true,
      check: { status: 'ok', problem: null },
    });

    const removed = await invoke(
      removeTrustedCa,
      routeRequest('DELETE', `${trustedCasRoute}/{caId}`, {
        params: { id: workspaceId, caId: (added.json as { id: string }).id },
        cookie: owner,
      }),
    );
    expect(removed.statusCode).toBe(200);
    const after = await checkEndpoint(world.message, ports, new Date());
    expect(after).toMatchObject({ check: { status: 'problem', problem: 'untrusted_chain' } });
    // Untrusted twice, with a trusted check between: raised, cleared, raised again.
    const raised = await eventsOf(workspaceId, 'endpoint.problem_raised');
    const cleared = await eventsOf(workspaceId, 'endpoint.problem_cleared');
    expect(raised.map((event) => event.metadata.problem)).toEqual([
      'untrusted_chain',
      'untrusted_chain',
    ]);
    expect(cleared.map((event) => event.metadata.problem)).toEqual(['untrusted_chain']);
  });
});

describe('endpoints beyond the plan after a downgrade', () => {
  it("checks the oldest tokens' endpoints up to the limit, marks the others paused, and checks them again after an upgrade", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const port = await closedPort();
    const tokens: Token[] = [];
    for (const [name, count] of [
      ['oldest', 3],
      ['middle', 2],
      ['newest', 2],
    ] as const) {
      tokens.push(
        await givenToken(owner.cookie, workspaceId, {
          name,
          category: 'cert',
          type: 'ssl_cert',
          expiresAt: inDays(90),
          endpoints: Array.from({ length: count }, (_, index) => ({
            host: `127.0.0.${index + 1}`,
            port,
            sni: HOST,
          })),
        }),
      );
    }
    const client = getDocumentClient();
    const update = (key: Record<string, string>, expression: string, values: object) =>
      client.send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: key,
          UpdateExpression: expression,
          ExpressionAttributeNames: expression.includes('#plan') ? { '#plan': 'plan' } : undefined,
          ExpressionAttributeValues: values,
        }),
      );
    // Created in the same millisecond, they would be ranked by id.
    for (const [index, token] of tokens.entries()) {
      await update(keys.endpointSchedule(workspaceId, token.id), 'SET tokenCreatedAt = :at', {
        ':at': `2025-01-0${index + 1}T00:00:00.000Z`,
      });
    }
    const dispatchAll = async () => {
      const sent: EndpointCheckMessage[] = [];
      await runEndpointDispatch(
        new Date(),
        { enqueue: (batch) => (sent.push(...batch), Promise.resolve([])) },
        { all: true },
      );
      const ours = sent.filter((message) => message.workspaceId === workspaceId);
      return tokens.map((token) => ours.filter((message) => message.tokenId === token.id));
    };
    const pausedFlags = async () =>
      Promise.all(
        tokens.map(async (token) =>
          ((await findToken(workspaceId, token.id))?.endpoints ?? []).map((endpoint) =>
            Boolean(endpoint.paused_since),
          ),
        ),
      );

    // Free allows 5 endpoints: all three of the oldest, both of the middle one, none of the newest.
    await update(keys.workspace(workspaceId), 'SET #plan = :plan', { ':plan': 'free' });
    expect((await dispatchAll()).map((messages) => messages.length)).toEqual([3, 2, 0]);
    expect(await pausedFlags()).toEqual([
      [false, false, false],
      [false, false],
      [true, true],
    ]);

    // Back on Team, the newest token's endpoints are checked, and checked they are paused no more.
    await update(keys.workspace(workspaceId), 'SET #plan = :plan', { ':plan': 'team' });
    const resumed = await dispatchAll();
    expect(resumed.map((messages) => messages.length)).toEqual([3, 2, 2]);
    const ports: EndpointCheckPorts = { check: checker, enqueueAlerts: () => Promise.resolve() };
    for (const message of resumed[2] ?? []) await checkEndpoint(message, ports, new Date());
    expect((await pausedFlags())[2]).toEqual([false, false]);
  });
});
