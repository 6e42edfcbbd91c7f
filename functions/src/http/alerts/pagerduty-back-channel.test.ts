import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { uniqueIp } from '../../../test-support/auth-requests';
import { givenAlertSettings } from '../../../test-support/alert-settings-fixtures';
import {
  deleteRequest,
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
} from '../../../test-support/token-fixtures';
import { routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { findAlertAction } from '../../data/alert-action-records';
import { lockRateLimit } from '../../data/rate-limiter';
import { alertIdOf } from '../../domain/alert-schedule';
import {
  PAGERDUTY_WEBHOOK_RATE_LIMITS,
  pagerDutyIncidentEvent,
  pagerDutySignature,
} from '../../domain/pagerduty-webhook';
import { handler as getBackChannel } from './get-pagerduty-back-channel';
import { handler as putBackChannel } from './put-pagerduty-back-channel';
import { handler as receive } from './receive-pagerduty-webhook';

const SECRET = 'pd-subscription-secret-0123456789abcdef';
const PATH = '/api/v1/workspaces/{id}/pagerduty-back-channel';

const putSecret = (cookie: string, id: string, body: unknown) =>
  invoke(putBackChannel, routeRequest('PUT', PATH, { params: { id }, cookie, body }));

/** A PagerDuty V3 webhook delivery, signed with `secret` unless the header is given. */
function post(
  workspaceId: string,
  body: Record<string, unknown>,
  options: { secret?: string; signature?: string | null; ip?: string } = {},
) {
  const raw = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? // PagerDuty sends one signature per secret while it rotates: one match is enough.
        `v1=${'0'.repeat(64)},${pagerDutySignature(options.secret ?? SECRET, raw)}`
      : options.signature;
  const event = apiGatewayEvent({
    method: 'POST',
    path: `/api/pagerduty/webhooks/${workspaceId}`,
    routePath: '/api/pagerduty/webhooks/{id}',
    pathParameters: { id: workspaceId },
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-pagerduty-signature': signature }),
    },
    body: raw,
  });
  if (options.ip) event.requestContext.http.sourceIp = options.ip;
  return invoke(receive, event);
}

async function connectedWorkspace() {
  const { workspaceId, owner } = await givenWorkspace();
  await givenAlertSettings(workspaceId, {
    webhook_urls: [
      {
        name: 'On-call',
        kind: 'pagerduty',
        url: 'https://events.pagerduty.com/v2/enqueue',
        routing_key: 'R0UT1NGKEY',
      },
      { name: 'Team chat', kind: 'slack', url: 'https://hooks.slack.com/services/T/B/C' },
    ],
  });
  const stored = await putSecret(owner.cookie, workspaceId, {
    webhook_name: 'On-call',
    secret: SECRET,
  });
  expect(stored.statusCode).toBe(200);
  return { workspaceId, owner };
}

async function auditOf(workspaceId: string) {
  const events = await listWorkspaceAuditEvents(workspaceId, { count: 50, now: new Date() });
  return events.map(({ action, actor, metadata }) => ({ action, actor: actor.id, metadata }));
}

describe('the PagerDuty back-channel', () => {
  it('stores a PagerDuty webhook secret for editors only and never answers it', async () => {
    const { workspaceId, owner } = await connectedWorkspace();
    const viewer = await givenMember(workspaceId, 'viewer');

    const answer = await invoke(
      getBackChannel,
      routeRequest('GET', PATH, { params: { id: workspaceId }, cookie: owner.cookie }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json).toEqual({
      url: `http://localhost:4000/api/pagerduty/webhooks/${workspaceId}`,
      webhooks: [
        {
          name: 'On-call',
          connected: true,
          connected_at: expect.any(String) as unknown,
          connected_by: owner.email,
        },
      ],
    });
    expect(JSON.stringify(answer.json)).not.toContain(SECRET);

    const refusals = await Promise.all([
      putSecret(viewer.cookie, workspaceId, { webhook_name: 'On-call', secret: SECRET }),
      putSecret(owner.cookie, workspaceId, { webhook_name: 'Team chat', secret: SECRET }),
      putSecret(owner.cookie, workspaceId, { webhook_name: 'On-call', secret: 'short' }),
    ]);
    expect(refusals.map(({ statusCode }) => statusCode)).toEqual([403, 400, 400]);
    expect(refusals[1].json).toMatchObject({
      error:
        '"Team chat" is not a PagerDuty webhook of this workspace: save it under Webhooks first',
    });
    const viewerRead = await invoke(
      getBackChannel,
      routeRequest('GET', PATH, { params: { id: workspaceId }, cookie: viewer.cookie }),
    );
    expect(viewerRead.statusCode).toBe(403);

    const removed = await putSecret(owner.cookie, workspaceId, {
      webhook_name: 'On-call',
      secret: null,
    });
    expect(removed.json).toMatchObject({ webhooks: [{ name: 'On-call', connected: false }] });
    expect((await auditOf(workspaceId)).map(({ action }) => action)).toEqual(
      expect.arrayContaining(['alert_settings.pagerduty_secret_changed']),
    );
  });

  it('acknowledges on incident.acknowledged, once, and refuses what PagerDuty did not sign', async () => {
    const { workspaceId, owner } = await connectedWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(20) });
    const incidentKey = alertIdOf(token.id, token.expiresAt, 30);
    const acknowledged = pagerDutyIncidentEvent({
      eventType: 'incident.acknowledged',
      incidentKey,
      agent: 'Grace Hopper',
    });

    expect(await post(workspaceId, acknowledged, { signature: null })).toMatchObject({
      statusCode: 400,
      json: {
        error: 'Missing X-PagerDuty-Signature header: only PagerDuty V3 webhooks are taken here.',
      },
    });
    expect(
      await post(workspaceId, acknowledged, { secret: 'not-the-secret-0123456789' }),
    ).toMatchObject({
      statusCode: 403,
      json: {
        error:
          'The X-PagerDuty-Signature does not match: check the signing secret stored for this PagerDuty webhook.',
      },
    });
    expect(await findAlertAction(workspaceId, token.id)).toBeUndefined();

    const done = await post(workspaceId, acknowledged);
    expect(done).toMatchObject({ statusCode: 202, json: { outcome: 'acknowledged' } });
    expect(await findAlertAction(workspaceId, token.id)).toMatchObject({
      kind: 'acknowledged',
      expiresAt: token.expiresAt,
      actor: { webhook: 'On-call', via: 'pagerduty' },
    });
    // PagerDuty delivers at least once: the same event again changes nothing.
    expect((await post(workspaceId, acknowledged)).json).toEqual({
      outcome: 'ignored',
      reason: 'This event was handled before.',
    });
    const triggered = pagerDutyIncidentEvent({ eventType: 'incident.triggered', incidentKey });
    expect(await post(workspaceId, triggered)).toMatchObject({
      statusCode: 202,
      json: { outcome: 'ignored' },
    });

    const audit = await auditOf(workspaceId);
    expect(audit.filter(({ action }) => action === 'alert.acknowledged')).toEqual([
      {
        action: 'alert.acknowledged',
        actor: 'pagerduty',
        metadata: expect.objectContaining({
          via: 'pagerduty',
          webhook: 'On-call',
          event: 'incident.acknowledged',
          pagerduty_user: 'Grace Hopper',
          incident: expect.objectContaining({ key: incidentKey }) as unknown,
        }) as unknown,
      },
    ]);
  });

  it('checks a monitored certificate on incident.resolved, acknowledges other tokens, and ignores unknown incidents and deleted tokens', async () => {
    const { workspaceId, owner } = await connectedWorkspace();
    const certificate = await givenToken(owner.cookie, workspaceId, {
      name: 'shop.example.com',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(10),
      endpoints: [{ host: 'shop.example.com' }],
    });
    const licence = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(10) });
    const gone = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(10) });
    expect((await deleteRequest(owner.cookie, gone.id)).statusCode).toBe(200);
    const resolved = (incidentKey: string) =>
      post(workspaceId, pagerDutyIncidentEvent({ eventType: 'incident.resolved', incidentKey }));

    expect((await resolved(alertIdOf(certificate.id, certificate.expiresAt, 14))).json).toEqual({
      outcome: 'endpoint_check_requested',
    });
    expect(await findAlertAction(workspaceId, certificate.id)).toMatchObject({
      kind: 'renewed',
      renewedExpiresAt: null,
    });
    expect((await resolved(alertIdOf(licence.id, licence.expiresAt, 14))).json).toEqual({
      outcome: 'acknowledged',
    });
    expect(await findAlertAction(workspaceId, licence.id)).toMatchObject({ kind: 'acknowledged' });

    expect(await resolved('an-incident-of-another-tool')).toMatchObject({
      statusCode: 202,
      json: { outcome: 'ignored' },
    });
    expect(await resolved(alertIdOf(gone.id, gone.expiresAt, 14))).toMatchObject({
      statusCode: 202,
      json: {
        outcome: 'ignored',
        reason: 'The token was deleted, so there is nothing to act on.',
      },
    });
    const refused = (await auditOf(workspaceId)).filter(
      ({ action }) => action === 'alert.action_refused',
    );
    expect(refused.map(({ metadata }) => metadata.reason).sort()).toEqual([
      'deleted',
      'unknown_incident',
    ]);
  });

  it('limits refused deliveries per client address and workspace, then per address; signed ones never add up', async () => {
    const { workspaceId } = await connectedWorkspace();
    const event = pagerDutyIncidentEvent({ eventType: 'incident.triggered', incidentKey: 'k' });
    const { refusedPerIpAndWorkspace, refusedPerIp } = PAGERDUTY_WEBHOOK_RATE_LIMITS;
    // PagerDuty's address: more signed deliveries than the limit of refused ones, all taken.
    const pagerDuty = uniqueIp();
    for (let sent = 0; sent <= refusedPerIpAndWorkspace.limit; sent += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(workspaceId, event, { ip: pagerDuty })),
      );
      expect(answers.map(({ statusCode }) => statusCode)).toEqual(Array(10).fill(202));
    }

    // A stranger's forged posts to the workspace, up to the limit: then their own are refused,
    // signed or not, while PagerDuty's address and the stranger's posts elsewhere go on.
    const stranger = uniqueIp();
    await lockRateLimit(refusedPerIpAndWorkspace, `${stranger}|${workspaceId}`, new Date());
    const limited = await post(workspaceId, event, { ip: stranger, signature: 'v1=00' });
    expect(limited).toMatchObject({ statusCode: 429, json: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers?.['retry-after'])).toBeGreaterThan(0);
    expect((await post(workspaceId, event, { ip: stranger })).statusCode).toBe(429);
    expect((await post(workspaceId, event, { ip: pagerDuty })).statusCode).toBe(202);
    const other = await connectedWorkspace();
    expect((await post(other.workspaceId, event, { ip: stranger })).statusCode).toBe(202);

    // Refused everywhere past the address's own limit.
    await lockRateLimit(refusedPerIp, stranger, new Date());
    expect((await post(other.workspaceId, event, { ip: stranger })).statusCode).toBe(429);
  });
});
