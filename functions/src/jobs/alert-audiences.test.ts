import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import type { SQSEvent } from 'aws-lambda';
import {
  alertRefsOf,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { givenAlertSettings } from '../../test-support/alert-settings-fixtures';
import { makeCertificateChain } from '../../test-support/certificates';
import {
  createRequest,
  givenToken,
  givenWorkspace,
  inDays,
  updateRequest,
} from '../../test-support/token-fixtures';
import { createTlsEndpointChecker } from '../adapters/tls-endpoint-checker';
import type { EmailMessage } from '../domain/mailer';
import { lambdaContext } from '../local/lambda-http-adapter';
import { checkEndpoint, type EndpointCheckPorts } from '../services/endpoints/endpoint-checks';
import { UNKNOWN_CONTACT_GROUP_MESSAGE } from '../services/alerts/token-contact-group';
import { createAlertWorker } from './alert-worker';
import { runExpiryScan } from './expiry-scan';

const DAY_MS = 86_400_000;
const HOST = 'renews.test';
const chain = makeCertificateChain({ commonName: HOST, altNames: `DNS:${HOST}`, days: 200 });
/** The UTC day the served certificate expires: a token following it takes this date. */
const servedExpiry = new Date(new X509Certificate(chain.leaf.pem).validTo)
  .toISOString()
  .slice(0, 10);

const checker = createTlsEndpointChecker({
  policy: { allowLoopback: true },
  trustedRoots: [chain.root.pem],
  timeoutMs: 2_000,
});

let server: tls.Server;
let port: number;
beforeAll(async () => {
  server = tls.createServer(
    { key: chain.leaf.keyPem, cert: chain.leaf.pem + chain.intermediate.pem },
    (socket) => socket.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The scan's messages about one token, at `now`. */
async function scanFor(tokenId: string, now: Date): Promise<AlertQueueMessage[]> {
  const messages: AlertQueueMessage[] = [];
  await runExpiryScan(now, { enqueue: (batch) => Promise.resolve(void messages.push(...batch)) });
  return messages.filter((message) =>
    alertRefsOf(message).some((alert) => alert.tokenId === tokenId),
  );
}

/** The ids of the token's alerts in the messages (a digest may list other tokens too). */
const alertIdsOf = (messages: readonly AlertQueueMessage[], tokenId: string) => [
  ...new Set(
    messages
      .flatMap(alertRefsOf)
      .filter((alert) => alert.tokenId === tokenId)
      .map((alert) => alert.alertId),
  ),
];
const addressesOf = (messages: readonly AlertQueueMessage[]) =>
  messages.flatMap((message) => ('address' in message ? [message.address] : [])).sort();

/** The instant `days` days before the token's expiry day opens, plus an hour. */
const daysBefore = (expiresAt: string, days: number) =>
  new Date(Date.parse(`${expiresAt.slice(0, 10)}T01:00:00.000Z`) - days * DAY_MS);

async function emailsFor(messages: readonly AlertQueueMessage[]): Promise<EmailMessage[]> {
  const emails: EmailMessage[] = [];
  const worker = createAlertWorker({
    ports: { mailer: { send: (message) => Promise.resolve(void emails.push(message)) } },
  });
  const event: SQSEvent = {
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
  };
  await worker(event, lambdaContext('alert-worker', 'test-request'));
  return emails;
}

async function givenMonitoredCertificate(expiresAt: string) {
  const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
  const token = await givenToken(owner.cookie, workspaceId, {
    category: 'cert',
    type: 'ssl_cert',
    expiresAt,
    endpoints: [{ host: '127.0.0.1', port, sni: HOST }],
  });
  const alerts: AlertQueueMessage[] = [];
  const ports: EndpointCheckPorts = {
    check: checker,
    enqueueAlerts: (batch) => Promise.resolve(void alerts.push(...batch)),
  };
  const check = () =>
    checkEndpoint(
      { workspaceId, tokenId: token.id, host: '127.0.0.1', port, sni: HOST },
      ports,
      new Date(),
    );
  return { token, owner, workspaceId, check };
}

describe('tokens that renew automatically', () => {
  it('gets no alert at 30 and 14 days while its endpoint keeps it current', async () => {
    const oldExpiry = inDays(40);
    const { token, check } = await givenMonitoredCertificate(oldExpiry);
    // A monitored certificate renews automatically unless the form or the API says otherwise.
    expect(token.renews_automatically).toBe(true);

    expect(await scanFor(token.id, daysBefore(oldExpiry, 30))).toEqual([]);
    // The endpoint serves a renewed certificate: the token follows it.
    expect(await check()).toMatchObject({ kind: 'checked', renewed: true });
    expect(await scanFor(token.id, daysBefore(oldExpiry, 14))).toEqual([]);
    expect(await scanFor(token.id, daysBefore(oldExpiry, 13))).toEqual([]);
  });

  it('gets one "renewal overdue" alert when the endpoint keeps serving the old certificate past the grace point, then the usual thresholds', async () => {
    const { token, check } = await givenMonitoredCertificate(servedExpiry);

    expect(await scanFor(token.id, daysBefore(servedExpiry, 30))).toEqual([]);
    // The endpoint still serves the certificate the token has: nothing renewed it.
    expect(await check()).toMatchObject({ kind: 'checked', renewed: false });
    expect(await scanFor(token.id, daysBefore(servedExpiry, 20))).toEqual([]);

    const overdue = await scanFor(token.id, daysBefore(servedExpiry, 13));
    expect(alertIdsOf(overdue, token.id)).toEqual([
      `${token.id}~${servedExpiry}~14~renewal-overdue`,
    ]);
    const emails = await emailsFor(overdue);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toMatch(new RegExp(`^Renewal overdue: ${token.name} expires in`));
    expect(emails[0]?.text).toContain(
      'Renewal overdue: it renews automatically but was not renewed',
    );

    // Once: the next scans send nothing until the next threshold below the grace point.
    expect(await scanFor(token.id, daysBefore(servedExpiry, 12))).toEqual([]);
    const week = await scanFor(token.id, daysBefore(servedExpiry, 7));
    expect(alertIdsOf(week, token.id)).toEqual([`${token.id}~${servedExpiry}~7`]);
  });

  it("keeps a token's own grace point, and the workspace's when it has none", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await givenAlertSettings(workspaceId, { renewal_grace_days: 20 });
    const expiresAt = inDays(60);
    const own = await givenToken(owner.cookie, workspaceId, {
      expiresAt,
      renews_automatically: true,
      renewal_grace_days: 5,
    });
    const workspaces = await givenToken(owner.cookie, workspaceId, {
      expiresAt,
      renews_automatically: true,
    });
    // Not a monitored certificate: it does not renew itself unless it is marked.
    const plain = await givenToken(owner.cookie, workspaceId, { expiresAt });
    expect(plain.renews_automatically).toBe(false);

    expect(
      alertIdsOf(await scanFor(workspaces.id, daysBefore(expiresAt, 19)), workspaces.id),
    ).toEqual([`${workspaces.id}~${expiresAt}~20~renewal-overdue`]);
    expect(await scanFor(own.id, daysBefore(expiresAt, 6))).toEqual([]);
    expect(alertIdsOf(await scanFor(own.id, daysBefore(expiresAt, 4)), own.id)).toEqual([
      `${own.id}~${expiresAt}~5~renewal-overdue`,
    ]);

    const refused = await updateRequest(owner.cookie, own.id, { renewal_grace_days: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({
      details: [
        {
          path: 'renewal_grace_days',
          message: 'Renewal grace must be whole days between 1 and 365',
        },
      ],
    });
  });
});

describe('several contact groups per token', () => {
  it('alerts each group at its own thresholds, the workspace default for a group without any', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    await givenAlertSettings(workspaceId, {
      thresholds: [14],
      contact_groups: [
        {
          id: 'ops',
          name: 'Ops',
          emails: ['ops@example.com'],
          webhook_names: [],
          thresholds: [30],
        },
        {
          id: 'sec',
          name: 'Security',
          emails: ['sec@example.com'],
          webhook_names: [],
          thresholds: [7],
        },
        { id: 'web', name: 'Web', emails: ['web@example.com'], webhook_names: [] },
      ],
    });
    const expiresAt = inDays(40);
    const token: Token = await givenToken(owner.cookie, workspaceId, {
      expiresAt,
      contact_group_id: 'ops',
      additional_contact_group_ids: ['sec', 'web', 'sec'],
    });
    expect(token.contact_group_id).toBe('ops');
    expect(token.additional_contact_group_ids).toEqual(['sec', 'web']);

    expect(addressesOf(await scanFor(token.id, daysBefore(expiresAt, 30)))).toEqual([
      'ops@example.com',
    ]);
    expect(addressesOf(await scanFor(token.id, daysBefore(expiresAt, 14)))).toEqual([
      'web@example.com',
    ]);
    const week = await scanFor(token.id, daysBefore(expiresAt, 7));
    expect(addressesOf(week)).toEqual(['sec@example.com']);
    const [email] = await emailsFor(week);
    expect(email?.text).toContain('You are in the contact group Security of');
  });

  it('takes only groups of the workspace, on plans with contact groups, from editors', async () => {
    const team = await givenWorkspace({ plan: 'team' });
    await givenAlertSettings(team.workspaceId, {
      contact_groups: [{ id: 'ops', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] }],
    });
    const unknown = await createRequest(team.owner.cookie, {
      name: 'Unknown group',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(30),
      workspace_id: team.workspaceId,
      additional_contact_group_ids: ['ops', 'gone'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json).toMatchObject({
      details: [{ path: 'additional_contact_group_ids', message: UNKNOWN_CONTACT_GROUP_MESSAGE }],
    });
    const notList = await createRequest(team.owner.cookie, {
      name: 'Not a list',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(30),
      workspace_id: team.workspaceId,
      additional_contact_group_ids: 42,
    });
    expect(notList.statusCode).toBe(400);

    const token = await givenToken(team.owner.cookie, team.workspaceId);
    // A client that knows only the single group field keeps working: the list stays as it is.
    const single = await updateRequest(team.owner.cookie, token.id, { contact_group_id: 'ops' });
    expect(single.statusCode).toBe(200);
    const added = await updateRequest(team.owner.cookie, token.id, {
      additional_contact_group_ids: ['ops'],
    });
    expect(added.json).toMatchObject({
      contact_group_id: 'ops',
      additional_contact_group_ids: ['ops'],
    });

    const free = await givenWorkspace({ plan: 'free' });
    const refused = await createRequest(free.owner.cookie, {
      name: 'Free group',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(30),
      workspace_id: free.workspaceId,
      additional_contact_group_ids: ['ops'],
    });
    expect(refused.statusCode).toBe(403);
  });
});
