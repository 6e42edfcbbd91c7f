import { randomUUID } from 'node:crypto';
import type { AlertQueueMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { givenRegisteredUser, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { givenAlertSettings } from '../../../test-support/alert-settings-fixtures';
import { invoke } from '../../../test-support/api-gateway-event';
import { mutationEvent } from '../../../test-support/auth-requests';
import {
  deleteRequest,
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
  updateRequest,
} from '../../../test-support/token-fixtures';
import { putItem, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { memberCodec, newMember } from '../../data/entities/member';
import { findToken } from '../../data/token-records';
import {
  newLinkClaims,
  signAlertActionLink,
  type AlertActionLinkClaims,
} from '../../domain/alert-action-link';
import type { EmailMessage } from '../../domain/mailer';
import { createAlertWorker } from '../../jobs/alert-worker';
import { runExpiryScan } from '../../jobs/expiry-scan';
import { lambdaContext } from '../../local/lambda-http-adapter';
import { signAlertAction } from '../../services/alerts/alert-action-links';
import { handler as deleteAccount } from '../auth/delete-account';
import { handler as getTokenAlertAction } from '../tokens/get-token-alert-action';
import { handler as setTokenAlertAction } from '../tokens/set-token-alert-action';
import { handler as removeMember } from '../workspaces/remove-member';
import { handler as getAlertActionLink } from './get-alert-action-link';
import { handler as takeAlertAction } from './take-alert-action';
import { sqsEvent } from '../../../test-support/sqs-event';

const DAY_MS = 86_400_000;

async function linkFor(
  token: { id: string; workspace_id: string; expiresAt: string },
  action: AlertActionLinkClaims['action'],
  options: { snoozeDays?: number | null; issuedAt?: Date; recipient?: string } = {},
): Promise<string> {
  return signAlertAction(
    newLinkClaims(
      {
        recipient: options.recipient ?? 'Ada@Example.com',
        workspaceId: token.workspace_id,
        tokenId: token.id,
        expiresAt: token.expiresAt,
        action,
        snoozeDays: options.snoozeDays ?? null,
      },
      options.issuedAt ?? new Date(),
    ),
  );
}

const describeLink = (link: string) =>
  invoke(
    getAlertActionLink,
    routeRequest('GET', '/api/alert-actions', { query: `token=${encodeURIComponent(link)}` }),
  );

const take = (link: string, body: Record<string, string> = {}) =>
  invoke(
    takeAlertAction,
    routeRequest('POST', '/api/alert-actions', {
      query: `token=${encodeURIComponent(link)}`,
      body,
    }),
  );

const tokenAction = (cookie: string, id: string) =>
  invoke(
    getTokenAlertAction,
    routeRequest('GET', '/api/tokens/{id}/alert-action', { params: { id }, cookie }),
  );

const setTokenAction = (cookie: string, id: string, body: unknown) =>
  invoke(
    setTokenAlertAction,
    routeRequest('PUT', '/api/tokens/{id}/alert-action', { params: { id }, cookie, body }),
  );

/** The workspace's "Ops" contact group (its default) with these addresses. */
const givenOpsGroup = (workspaceId: string, emails: string[]) =>
  givenAlertSettings(workspaceId, {
    contact_groups: [{ id: 'ops', name: 'Ops', emails, webhook_names: [] }],
    default_contact_group_id: 'ops',
  });

async function auditActions(workspaceId: string) {
  const events = await listWorkspaceAuditEvents(workspaceId, { count: 50, now: new Date() });
  return events.map((event) => ({
    action: event.action,
    actor: event.actor.email,
    metadata: event.metadata,
  }));
}

describe('alert action links', () => {
  it('asks first, snoozes on the button once, and refuses the link after', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    await givenOpsGroup(workspaceId, ['Ada@Example.com']);
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(20) });
    const link = await linkFor(token, 'snooze', { snoozeDays: 7 });

    const question = await describeLink(link);
    expect(question.statusCode).toBe(200);
    expect(question.json).toMatchObject({
      action: 'snooze',
      snooze_days: 7,
      recipient: 'ada@example.com',
      workspace: { id: workspaceId, name: 'Platform' },
      token: { id: token.id, name: token.name, monitored: false },
      suggested_until: inDays(7),
      latest_until: inDays(20),
      current: null,
    });
    // The question changes nothing.
    expect((await tokenAction(owner.cookie, token.id)).json).toEqual({ action: null });

    const done = await take(link, { until: inDays(7) });
    expect(done.statusCode).toBe(200);
    expect(done.json).toMatchObject({
      message: `Snoozed: no alerts for ${token.name} until ${inDays(7)}.`,
      state: { kind: 'snoozed', snoozed_until: inDays(7), by: 'ada@example.com' },
    });
    expect((await tokenAction(owner.cookie, token.id)).json).toMatchObject({
      action: { kind: 'snoozed', snoozed_until: inDays(7), expires_at: token.expiresAt },
    });

    const used =
      'This link was used already: each link works once. Use the links of a recent alert, or open the token in Expiry Radar.';
    expect(await describeLink(link)).toMatchObject({ statusCode: 400, json: { error: used } });
    const again = await take(link, { until: inDays(3) });
    expect(again).toMatchObject({ statusCode: 400, json: { error: used } });
    expect((await tokenAction(owner.cookie, token.id)).json).toMatchObject({
      action: { snoozed_until: inDays(7) },
    });
    expect(await auditActions(workspaceId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'alert.snoozed',
          actor: 'ada@example.com',
          metadata: expect.objectContaining({ until: inDays(7), via: 'alert_link' }) as unknown,
        }),
        expect.objectContaining({
          action: 'alert.action_refused',
          metadata: expect.objectContaining({ reason: 'used' }) as unknown,
        }),
      ]),
    );
  });

  it('refuses forged, expired and out-of-date links and a deleted token, changing nothing', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(20) });
    const claims = newLinkClaims(
      {
        recipient: 'mallory@example.com',
        workspaceId,
        tokenId: token.id,
        expiresAt: token.expiresAt,
        action: 'acknowledge',
        snoozeDays: null,
      },
      new Date(),
    );
    const forged = signAlertActionLink(claims, 'not the alert link key');
    expect(await take(forged)).toMatchObject({
      statusCode: 400,
      json: { error: 'This link is not valid. Use the links of a recent alert.' },
    });
    const expired = await linkFor(token, 'acknowledge', {
      issuedAt: new Date(Date.now() - 15 * DAY_MS),
    });
    expect((await take(expired)).json).toMatchObject({
      error:
        'This link has expired: alert links work for 14 days. Use the links of a recent alert, or open the token in Expiry Radar.',
    });

    const beforeRenewal = await linkFor(token, 'acknowledge');
    expect(
      (await updateRequest(owner.cookie, token.id, { expiresAt: inDays(40) })).statusCode,
    ).toBe(200);
    expect((await take(beforeRenewal)).json).toMatchObject({
      error: `This alert is out of date: ${token.name} now expires on ${inDays(40)}. Nothing was changed.`,
      details: [{ path: 'tokenExpiresOn', message: inDays(40) }],
    });

    const gone = await givenToken(owner.cookie, workspaceId);
    const goneLink = await linkFor(gone, 'acknowledge');
    expect((await deleteRequest(owner.cookie, gone.id)).statusCode).toBe(200);
    expect(await describeLink(goneLink)).toMatchObject({
      statusCode: 400,
      json: { error: 'This token was deleted, so there is nothing to act on.' },
    });

    expect((await tokenAction(owner.cookie, token.id)).json).toEqual({ action: null });
    const refusals = (await auditActions(workspaceId)).filter(
      (event) => event.action === 'alert.action_refused',
    );
    expect(refusals.map((event) => event.metadata.reason).sort()).toEqual(['expired', 'outdated']);
  });

  it('refuses a snooze past the expiry and gives the link back; renewed takes a future date', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    await givenOpsGroup(workspaceId, ['ada@example.com']);
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(5) });
    const snooze = await linkFor(token, 'snooze');
    expect((await take(snooze, { until: inDays(6) })).json).toMatchObject({
      error: `A snooze cannot last past the expiry: pick a date up to ${inDays(5)}.`,
      details: [{ path: 'tokenExpiresOn', message: inDays(5) }],
    });
    expect((await take(snooze)).json).toMatchObject({ error: 'Pick the date to snooze until.' });
    expect((await take(snooze, { until: inDays(5) })).statusCode).toBe(200);

    const renewed = await linkFor(token, 'renewed');
    const past = await take(renewed, { expires_at: inDays(-1) });
    expect(past).toMatchObject({
      statusCode: 400,
      json: { error: 'Expiration date must be in the future' },
    });
    expect((await take(renewed, { expires_at: 'soon' })).json).toMatchObject({
      error: 'The new expiry must be a date (YYYY-MM-DD)',
    });
    const done = await take(renewed, { expires_at: inDays(365) });
    expect(done.json).toMatchObject({
      state: { kind: 'renewed', renewed_expires_at: inDays(365) },
    });
    // The snooze was for the old expiry: the new one alerts as its thresholds say.
    expect((await tokenAction(owner.cookie, token.id)).json).toMatchObject({
      action: { kind: 'renewed', expires_at: inDays(365) },
    });
    const events = await auditActions(workspaceId);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'token.renewed',
          actor: 'ada@example.com',
          metadata: expect.objectContaining({
            expiresAt: inDays(365),
            via: 'alert_link',
          }) as unknown,
        }),
      ]),
    );
  });

  it("checks a monitored certificate's endpoint instead of taking a date", async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const token = await givenToken(owner.cookie, workspaceId, {
      name: 'shop.example.com',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(10),
      endpoints: [{ host: 'shop.example.com' }],
    });
    const link = await linkFor(token, 'renewed', { recipient: 'webhook:ops' });
    expect((await describeLink(link)).json).toMatchObject({
      recipient: 'the ops webhook',
      token: { monitored: true },
    });
    const done = await take(link);
    expect(done.json).toMatchObject({ state: { kind: 'renewed', renewed_expires_at: null } });
    expect(await auditActions(workspaceId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'alert.endpoint_check_requested',
          metadata: expect.objectContaining({ webhook: 'ops' }) as unknown,
        }),
      ]),
    );
  });
});

describe('alert action links act with what their recipient may do now', () => {
  const notMember = 'This link is no longer valid: you are not a member of this workspace.';
  const notRecipient =
    "This link is no longer valid: this address no longer gets this token's alerts. Nothing was changed.";
  const refusalReasons = async (workspaceId: string) =>
    (await auditActions(workspaceId))
      .filter((event) => event.action === 'alert.action_refused')
      .map((event) => event.metadata.reason);

  it("refuses a viewer's renewal and acknowledgement (no form offered); a manager's renewal works", async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const viewer = await givenMember(workspaceId, 'viewer');
    const manager = await givenMember(workspaceId, 'workspace_manager');
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(1) });

    const renew = await linkFor(token, 'renewed', { recipient: viewer.email });
    const readOnly = 'You can no longer renew this token: viewers have read-only access.';
    expect(await describeLink(renew)).toMatchObject({ statusCode: 403, json: { error: readOnly } });
    expect(await take(renew, { expires_at: inDays(400) })).toMatchObject({
      statusCode: 403,
      json: { error: readOnly },
    });
    expect(
      (await take(await linkFor(token, 'acknowledge', { recipient: viewer.email }))).json,
    ).toMatchObject({
      error: "You can no longer acknowledge this token's alerts: viewers have read-only access.",
    });
    expect((await findToken(workspaceId, token.id))?.expiresAt).toBe(token.expiresAt);
    expect((await tokenAction(owner.cookie, token.id)).json).toEqual({ action: null });

    const managerRenew = await linkFor(token, 'renewed', { recipient: manager.email });
    expect((await describeLink(managerRenew)).statusCode).toBe(200);
    expect((await take(managerRenew, { expires_at: inDays(400) })).json).toMatchObject({
      state: { kind: 'renewed', renewed_expires_at: inDays(400), by: manager.email },
    });
    expect(await auditActions(workspaceId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'token.renewed', actor: manager.email }),
        expect.objectContaining({
          action: 'alert.action_refused',
          actor: viewer.email,
          metadata: expect.objectContaining({ reason: 'read_only', action: 'renewed' }) as unknown,
        }),
      ]),
    );
  });

  it('refuses a removed member, even while their address is still in the contact group', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const bob = await givenMember(workspaceId, 'workspace_manager');
    await givenOpsGroup(workspaceId, [bob.email]);
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(20) });
    const snooze = await linkFor(token, 'snooze', { recipient: bob.email, snoozeDays: 7 });

    const removal = await invoke(
      removeMember,
      routeRequest('DELETE', '/api/v1/workspaces/{id}/members/{userId}', {
        params: { id: workspaceId, userId: bob.userId },
        cookie: owner.cookie,
      }),
    );
    expect(removal.statusCode).toBe(200);
    expect(await take(snooze, { until: inDays(7) })).toMatchObject({
      statusCode: 400,
      json: { error: notMember },
    });
    expect((await tokenAction(owner.cookie, token.id)).json).toEqual({ action: null });
    expect(await refusalReasons(workspaceId)).toEqual(['not_member']);
  });

  it("refuses a deleted account's link, unless its address is still a contact group's", async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const leaver = await givenRegisteredUser('alert-link-leaver');
    const now = new Date();
    await putItem(
      memberCodec.toItem(
        newMember({ workspaceId, userId: leaver.userId, role: 'workspace_manager', now }),
      ),
    );
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(20) });
    const snooze = await linkFor(token, 'snooze', { recipient: leaver.email, snoozeDays: 7 });
    const deletion = await invoke(
      deleteAccount,
      mutationEvent({
        method: 'DELETE',
        path: '/auth/account',
        body: { password: TEST_PASSWORD },
        cookies: [leaver.cookie],
      }),
    );
    expect(deletion.statusCode).toBe(200);

    expect(await describeLink(snooze)).toMatchObject({
      statusCode: 400,
      json: { error: notRecipient },
    });
    expect((await take(snooze, { until: inDays(7) })).json).toMatchObject({ error: notRecipient });
    expect((await tokenAction(owner.cookie, token.id)).json).toEqual({ action: null });

    // Its address in a contact group is an external address of the group, as documented.
    await givenOpsGroup(workspaceId, [leaver.email]);
    expect((await take(snooze, { until: inDays(7) })).statusCode).toBe(200);
  });

  it("takes an external address's link while it is in the token's contact group, not after", async () => {
    const { workspaceId, owner } = await givenWorkspace();
    await givenOpsGroup(workspaceId, ['oncall@partner.example']);
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(20) });
    const recipient = 'OnCall@Partner.example';

    const acknowledge = await linkFor(token, 'acknowledge', { recipient });
    expect((await take(acknowledge)).json).toMatchObject({
      state: { kind: 'acknowledged', by: 'oncall@partner.example' },
    });

    await givenOpsGroup(workspaceId, ['someone-else@partner.example']);
    const renew = await linkFor(token, 'renewed', { recipient });
    expect(await describeLink(renew)).toMatchObject({
      statusCode: 400,
      json: { error: notRecipient },
    });
    expect(await take(renew, { expires_at: inDays(400) })).toMatchObject({
      statusCode: 400,
      json: { error: notRecipient },
    });
    expect((await findToken(workspaceId, token.id))?.expiresAt).toBe(token.expiresAt);
    expect(await refusalReasons(workspaceId)).toEqual(['not_recipient']);
  });
});

describe("a token's alert action in its details", () => {
  it('is read by members and set by editors only, never past the expiry', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const viewer = await givenMember(workspaceId, 'viewer');
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(9) });

    expect(
      (await setTokenAction(viewer.cookie, token.id, { kind: 'acknowledged' })).statusCode,
    ).toBe(403);
    expect(
      (await setTokenAction(owner.cookie, token.id, { kind: 'snoozed', until: inDays(10) })).json,
    ).toMatchObject({
      error: `A snooze cannot last past the expiry: pick a date up to ${inDays(9)}.`,
    });
    expect(
      (await setTokenAction(owner.cookie, token.id, { kind: 'snoozed', until: 'later' }))
        .statusCode,
    ).toBe(400);
    const set = await setTokenAction(owner.cookie, token.id, { kind: 'acknowledged' });
    expect(set.json).toMatchObject({ action: { kind: 'acknowledged', by: owner.email } });
    expect((await tokenAction(viewer.cookie, token.id)).json).toMatchObject({
      action: { kind: 'acknowledged' },
    });
    expect((await setTokenAction(owner.cookie, token.id, { kind: 'none' })).json).toEqual({
      action: null,
    });
  });
});

describe('the expiry scan with alert actions', () => {
  it('sends a digest with action links, holds a snoozed or acknowledged token, and a renewal re-arms it', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const snoozed = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const acknowledged = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const scan = async (now = new Date()) => {
      const messages: AlertQueueMessage[] = [];
      await runExpiryScan(now, {
        enqueue: (batch) => Promise.resolve(void messages.push(...batch)),
      });
      return messages;
    };
    const emails: EmailMessage[] = [];
    const worker = createAlertWorker({
      ports: { mailer: { send: (message) => Promise.resolve(void emails.push(message)) } },
    });

    await worker(sqsEvent(await scan()), lambdaContext('alert-worker', randomUUID()));
    // The earlier tests' tokens are due too: their owners get digests of their own.
    const digests = emails.filter((email) => email.to === owner.email);
    expect(digests).toHaveLength(1);
    const linkOf = (tokenName: string, label: string) => {
      const text = digests[0]!.text;
      const row = text.slice(text.indexOf(`${tokenName} expires`));
      const url = new RegExp(`  ${label}: (\\S+)`).exec(row)?.[1];
      return new URL(url ?? 'http://missing').searchParams.get('token') ?? '';
    };
    expect(digests[0]!.html).toContain('Snooze 7 days');
    expect(
      (await take(linkOf(snoozed.name, 'Snooze 7 days'), { until: inDays(3) })).statusCode,
    ).toBe(200);
    expect((await take(linkOf(acknowledged.name, 'Acknowledge'))).statusCode).toBe(200);

    // The 1-day window opens on day 6: the snooze is over by then, the acknowledgement is not.
    const later = new Date(Date.parse(`${inDays(6)}T12:00:00.000Z`));
    const due = (await scan(later)).flatMap((message) =>
      'alerts' in message ? message.alerts.map((alert) => alert.tokenId) : [message.tokenId],
    );
    expect(due).toContain(snoozed.id);
    expect(due).not.toContain(acknowledged.id);
    expect(await scan()).toEqual([]);

    // A new expiry re-arms the acknowledged token.
    expect(
      (await updateRequest(owner.cookie, acknowledged.id, { expiresAt: inDays(5) })).statusCode,
    ).toBe(200);
    const rearmed = (await scan()).flatMap((message) =>
      'alerts' in message ? message.alerts.map((alert) => alert.tokenId) : [],
    );
    expect(rearmed).toEqual([acknowledged.id]);
  });
});
