/**
 * The Slack app against DynamoDB Local and the Slack stand-in: "Add to Slack" through the
 * stand-in's authorize step, an alert posted to the chosen channel with its buttons, clicks the
 * stand-in signs and posts to the interaction route (served here by the route's handler), the
 * refusals (forged signature, a 6-minute-old timestamp, a replay, a Slack user who is no member),
 * a revoked installation's fallback to email, and the endpoint problem and certificate
 * transparency alerts posted to the channel too.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertQueueMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import {
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
} from '../../../test-support/token-fixtures';
import { routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import type { EmailMessage } from '../../domain/mailer';
import { slackSignature } from '../../domain/slack-request-signature';
import { createAlertWorker } from '../../jobs/alert-worker';
import { runExpiryScan } from '../../jobs/expiry-scan';
import { lambdaContext } from '../../local/lambda-http-adapter';
import { startSlackStandIn, type SlackStandIn } from '../../local/emulators/slack-stand-in';
import { resetConfigForTests } from '../../platform/config';
import { currentAlertAction } from '../../services/alerts/alert-actions';
import { findToken } from '../../data/token-records';
import { handler as getSlackInstallation } from './get-slack-installation';
import { handler as slackInteractions } from './slack-interactions';
import { handler as slackOAuthCallback } from './slack-oauth-callback';
import { handler as startSlackInstallation } from './start-slack-installation';
import { handler as addWatchedDomain } from '../certificates/add-watched-domain';
import { findWatchedDomain } from '../../data/ct-watch-records';
import { watchDomain } from '../../services/certificate-transparency/ct-watch';
import { checkEndpoint } from '../../services/endpoints/endpoint-checks';
import { sqsEvent } from '../../../test-support/sqs-event';

let slack: SlackStandIn;
let interactionRoute: Server;

/** The interaction route over HTTP, as API Gateway would hand the stand-in's posts to it. */
function interactionEvent(body: string, headers: Record<string, string>) {
  return apiGatewayEvent({
    method: 'POST',
    path: '/api/slack/interactions',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

beforeAll(async () => {
  slack = await startSlackStandIn();
  Object.assign(process.env, {
    SLACK_CLIENT_ID: slack.clientId,
    SLACK_CLIENT_SECRET: slack.clientSecret,
    SLACK_SIGNING_SECRET: slack.signingSecret,
    SLACK_API_BASE_URL: slack.apiBaseUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
  });
  resetConfigForTests();
  interactionRoute = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      void invoke(
        slackInteractions,
        interactionEvent(Buffer.concat(chunks).toString(), headers),
      ).then((result) => {
        response.writeHead(result.statusCode ?? 500).end(result.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => interactionRoute.listen(0, '127.0.0.1', resolve));
  const { port } = interactionRoute.address() as AddressInfo;
  slack.setInteractionUrl(`http://127.0.0.1:${port}/api/slack/interactions`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => interactionRoute.close(() => resolve()));
  await slack.stop();
});

/** The alert worker on `messages`; the emails sent. */
async function deliver(messages: readonly AlertQueueMessage[]): Promise<EmailMessage[]> {
  const emails: EmailMessage[] = [];
  const worker = createAlertWorker({
    ports: { mailer: { send: (message) => Promise.resolve(void emails.push(message)) } },
  });
  await worker(sqsEvent(messages), lambdaContext('alert-worker', randomUUID()));
  return emails;
}

/** One scan and the worker on what it queued; the emails sent. */
async function scanAndDeliver(): Promise<EmailMessage[]> {
  const messages: AlertQueueMessage[] = [];
  await runExpiryScan(new Date(), {
    enqueue: (batch) => Promise.resolve(void messages.push(...batch)),
  });
  return deliver(messages);
}

/** "Add to Slack" by the workspace's admin, approved on the stand-in's page for `channel`. */
async function installSlack(cookie: string, workspaceId: string, channel: string) {
  const started = await invoke(
    startSlackInstallation,
    routeRequest('POST', '/api/v1/workspaces/{id}/slack-installation', {
      params: { id: workspaceId },
      cookie,
    }),
  );
  expect(started.statusCode).toBe(200);
  const authorizeUrl = (started.json as { authorize_url: string }).authorize_url;
  expect(authorizeUrl.startsWith(slack.authorizeUrl)).toBe(true);
  const back = new URL(slack.approve(authorizeUrl, channel));
  return invoke(
    slackOAuthCallback,
    routeRequest('GET', '/api/slack/oauth/callback', { query: back.search.slice(1), cookie }),
  );
}

const channelMessages = (channel: string) =>
  slack.messages().filter((message) => message.channel === channel);

async function givenSlackWorkspace() {
  const { workspaceId, owner } = await givenWorkspace();
  const channelName = `alerts-${randomUUID().slice(0, 8)}`;
  const installed = await installSlack(owner.cookie, workspaceId, channelName);
  expect(installed.headers?.location).toBe(`/preferences?workspace=${workspaceId}&slack=installed`);
  const view = await invoke(
    getSlackInstallation,
    routeRequest('GET', '/api/v1/workspaces/{id}/slack-installation', {
      params: { id: workspaceId },
      cookie: owner.cookie,
    }),
  );
  const installation = (view.json as { installation: { channel_id: string } }).installation;
  expect(view.json).toMatchObject({
    available: true,
    plan_allows: true,
    installation: { channel_name: channelName, status: 'active', installed_by: owner.email },
  });
  return { workspaceId, owner, channel: installation.channel_id };
}

describe('the Slack app', () => {
  it('posts an alert with its buttons; a signed click on Acknowledge acknowledges and updates it', async () => {
    const { workspaceId, owner, channel } = await givenSlackWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    await scanAndDeliver();

    const [message] = channelMessages(channel);
    expect(message?.text).toContain(token.name);
    const actions = message!.blocks.find((block) =>
      (typeof block.block_id === 'string' ? block.block_id : '').startsWith('er_alert|'),
    ) as { elements: { action_id: string; text?: { text: string } }[] };
    expect(actions.elements.map((element) => element.text?.text ?? element.action_id)).toEqual([
      'Acknowledge',
      'Snooze 1 day',
      'Snooze 7 days',
      'er_renewed',
    ]);

    slack.setUser({ id: 'U0OWNER', email: owner.email, name: 'Ada Lovelace', confirmed: true });
    const click = { channel, ts: message!.ts, user: 'U0OWNER' };
    expect((await slack.click({ ...click, actionId: 'er_snooze_7d' })).status).toBe(200);
    expect(await currentAlertAction((await findToken(workspaceId, token.id))!)).toMatchObject({
      kind: 'snoozed',
      snoozed_until: inDays(7),
      by: owner.email,
    });
    expect(JSON.stringify(channelMessages(channel)[0]!.blocks)).toContain('Snoozed until ');

    expect((await slack.click({ ...click, actionId: 'er_acknowledge' })).status).toBe(200);
    expect(await currentAlertAction((await findToken(workspaceId, token.id))!)).toMatchObject({
      kind: 'acknowledged',
    });
    const updated = channelMessages(channel)[0]!;
    expect(JSON.stringify(updated.blocks)).toContain('Acknowledged by Ada');
    // The buttons are gone: nothing is left to click.
    expect(updated.blocks.some((block) => JSON.stringify(block).includes('er_alert|'))).toBe(false);
    const events = await listWorkspaceAuditEvents(workspaceId, { count: 50, now: new Date() });
    expect(events.find((event) => event.action === 'alert.acknowledged')?.metadata).toMatchObject({
      via: 'slack',
      slackUserId: 'U0OWNER',
    });
  });

  it('refuses a forged signature, a 6-minute-old timestamp and a replay, changing nothing', async () => {
    const { workspaceId, owner, channel } = await givenSlackWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    await scanAndDeliver();
    const [message] = channelMessages(channel);
    const blockId = `er_alert|${workspaceId}|${token.id}|${token.expiresAt}`;
    const body = new URLSearchParams({
      payload: JSON.stringify({
        type: 'block_actions',
        user: { id: 'U0ADA' },
        team: { id: 'T0STANDIN' },
        actions: [{ type: 'button', action_id: 'er_acknowledge', block_id: blockId }],
        container: { channel_id: channel, message_ts: message!.ts },
        message: { ts: message!.ts, text: message!.text, blocks: message!.blocks },
      }),
    }).toString();
    const post = (timestamp: number, secret: string) => {
      const seconds = String(timestamp);
      return invoke(
        slackInteractions,
        interactionEvent(body, {
          'x-slack-request-timestamp': seconds,
          'x-slack-signature': slackSignature(secret, seconds, body),
        }),
      );
    };
    const now = Math.floor(Date.now() / 1000);

    const forged = await post(now, 'not-the-signing-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json).toMatchObject({
      error: 'The Slack request signature does not match: the request was refused.',
    });
    const stale = await post(now - 6 * 60, slack.signingSecret);
    expect(stale.statusCode).toBe(400);
    expect(stale.json).toMatchObject({
      error: 'The Slack request timestamp is more than 5 minutes old: the request was refused.',
    });
    expect(await currentAlertAction((await findToken(workspaceId, token.id))!)).toBeNull();
    expect(channelMessages(channel)[0]!.updates).toBe(0);

    // Ada (U0ADA, ada@example.com) is no member here: an ephemeral answer, nothing changed.
    expect((await post(now, slack.signingSecret)).statusCode).toBe(200);
    expect(await currentAlertAction((await findToken(workspaceId, token.id))!)).toBeNull();
    const replayed = await post(now, slack.signingSecret);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json).toMatchObject({
      error: 'This Slack request was handled already: a request is taken once.',
    });

    const refusals = (await listWorkspaceAuditEvents(workspaceId, { count: 50, now: new Date() }))
      .filter((event) => event.action === 'slack_app.interaction_refused')
      .map((event) => event.metadata.reason);
    expect(refusals.sort()).toEqual(['not_member', 'replayed', 'stale']);
  });

  it('answers a Slack user who is no member with an ephemeral message', async () => {
    const { workspaceId, owner, channel } = await givenSlackWorkspace();
    const viewer = await givenMember(workspaceId, 'viewer');
    await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    await scanAndDeliver();
    const [message] = channelMessages(channel);
    slack.setUser({ id: 'U0STRANGER', email: 'stranger@example.com', name: 'S', confirmed: true });
    slack.setUser({ id: 'U0VIEWER', email: viewer.email, name: 'V', confirmed: true });
    const before = slack.responses().length;

    await slack.click({ channel, ts: message!.ts, actionId: 'er_acknowledge', user: 'U0STRANGER' });
    await slack.click({ channel, ts: message!.ts, actionId: 'er_acknowledge', user: 'U0VIEWER' });
    const answers = slack
      .responses()
      .slice(before)
      .map((response) => response.body);
    expect(answers).toEqual([
      expect.objectContaining({
        response_type: 'ephemeral',
        text: expect.stringContaining('you are not a member of this workspace') as string,
      }),
      expect.objectContaining({
        response_type: 'ephemeral',
        text: expect.stringContaining('viewers have read-only access') as string,
      }),
    ]);
    expect(channelMessages(channel)[0]!.updates).toBe(0);
  });

  it('falls back to email for a workspace whose installation Slack revoked', async () => {
    const { workspaceId, owner, channel } = await givenSlackWorkspace();
    slack.revokeTeam('T0STANDIN');
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const emails = await scanAndDeliver();

    expect(channelMessages(channel)).toEqual([]);
    expect(
      emails.filter((email) => email.to === owner.email && email.text.includes(token.name)),
    ).toHaveLength(1);
    const view = await invoke(
      getSlackInstallation,
      routeRequest('GET', '/api/v1/workspaces/{id}/slack-installation', {
        params: { id: workspaceId },
        cookie: owner.cookie,
      }),
    );
    expect(view.json).toMatchObject({
      installation: { status: 'revoked', revoked_reason: 'token_revoked' },
    });
  });

  it('posts an endpoint problem with "Check endpoint now" alone, and a certificate seen in certificate transparency logs without buttons', async () => {
    const { workspaceId, owner, channel } = await givenSlackWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, {
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(60),
      endpoints: [{ host: '127.0.0.1', port: 9, sni: 'app.test' }],
    });
    const queued: AlertQueueMessage[] = [];
    const ports = {
      check: () =>
        Promise.resolve({
          ok: false as const,
          reason: 'unreachable' as const,
          message: 'connect ECONNREFUSED 127.0.0.1:9',
        }),
      enqueueAlerts: (batch: readonly AlertQueueMessage[]) =>
        Promise.resolve(void queued.push(...batch)),
    };
    const endpoint = {
      workspaceId,
      tokenId: token.id,
      host: '127.0.0.1',
      port: 9,
      sni: 'app.test',
    };
    // Unreachable three times in a row: the problem's one alert.
    for (let check = 0; check < 3; check += 1) await checkEndpoint(endpoint, ports, new Date());
    await deliver(queued);

    const [problem] = channelMessages(channel);
    expect(problem?.text).toContain(token.name);
    /** The alert's own buttons (beside the incoming webhook's links). */
    const buttons = (message: { blocks: readonly Record<string, unknown>[] }) =>
      message.blocks
        .filter((block) => String(block.block_id).startsWith('er_alert|'))
        .flatMap((block) => (block as { elements: { text: { text: string } }[] }).elements)
        .map((element) => element.text.text);
    expect(buttons(problem!)).toEqual(['Check endpoint now']);
    slack.setUser({ id: 'U0OWNER', email: owner.email, name: 'Ada Lovelace', confirmed: true });
    const click = { channel, ts: problem!.ts, user: 'U0OWNER', actionId: 'er_check_endpoint' };
    expect((await slack.click(click)).status).toBe(200);
    expect(JSON.stringify(channelMessages(channel)[0]!.blocks)).toContain(
      'Endpoint check asked for by Ada: the endpoints are checked now',
    );

    const domain = `ct-${randomUUID().slice(0, 8)}.com`;
    const added = await invoke(
      addWatchedDomain,
      routeRequest('POST', '/api/v1/workspaces/{id}/watched-domains', {
        params: { id: workspaceId },
        cookie: owner.cookie,
        body: { domain },
      }),
    );
    expect(added.statusCode).toBe(201);
    const issuance = {
      id: '1',
      tbs_sha256: 'a'.repeat(64),
      cert_sha256: randomUUID().replaceAll('-', '').repeat(2),
      dns_names: [`shop.${domain}`],
      issuer: { friendly_name: "Let's Encrypt", caa_domains: ['letsencrypt.org'] },
      not_before: new Date().toISOString(),
      not_after: `${inDays(90)}T00:00:00Z`,
    };
    let pages = [[issuance], []];
    queued.length = 0;
    await watchDomain(
      (await findWatchedDomain(workspaceId, domain))!,
      {
        issuances: () => {
          const [page = [], ...rest] = pages;
          pages = rest;
          return Promise.resolve({ kind: 'page', issuances: page });
        },
        mailer: { send: () => Promise.resolve() },
        enqueueAlerts: ports.enqueueAlerts,
        enqueueEndpointChecks: () => Promise.resolve([]),
      },
      new Date(),
    );
    await deliver(queued);

    const seen = channelMessages(channel)[1];
    expect(seen?.text).toContain(`new certificate for shop.${domain}`);
    expect(buttons(seen!)).toEqual([]);
  });
});
