import { MALFORMED_IF_MATCH_MESSAGE } from '@expiry-radar/shared/api/entity-tags';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  MAX_ALERT_THRESHOLDS,
  MAX_CONTACT_GROUP_EMAILS,
  MAX_CONTACT_GROUPS,
  MAX_WEBHOOKS,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type AlertSettings,
} from '@expiry-radar/shared/api/alert-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import { invoke } from '../../../test-support/api-gateway-event';
import {
  createRequest,
  givenToken,
  inDays,
  updateRequest,
} from '../../../test-support/token-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { writeNextAlertAt } from '../../data/alert-arming';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { findEmailSuppression, putEmailSuppression } from '../../data/email-suppressions';
import { tokenCodec } from '../../data/entities/token';
import { keys } from '../../data/keys';
import { getDocumentClient } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { handler as getAlertSettings } from './get-alert-settings';
import { handler as putAlertSettings } from './put-alert-settings';
import { handler as removeBouncedAddress } from './remove-bounced-address';

const SETTINGS_ROUTE = '/api/v1/workspaces/{id}/alert-settings';

const getSettings = (workspaceId: string, cookie?: string) =>
  invoke(
    getAlertSettings,
    routeRequest('GET', SETTINGS_ROUTE, { params: { id: workspaceId }, cookie }),
  );

const putSettings = (
  workspaceId: string,
  cookie: string | undefined,
  body: unknown,
  ifMatch?: string,
) => {
  const event = routeRequest('PUT', SETTINGS_ROUTE, { params: { id: workspaceId }, cookie, body });
  if (ifMatch !== undefined) event.headers['if-match'] = ifMatch;
  return invoke(putAlertSettings, event);
};

const slack = { name: 'Ops Slack', kind: 'slack', url: 'https://hooks.slack.com/services/T/B/X' };
const pager = {
  name: 'Pager',
  kind: 'pagerduty',
  url: 'https://events.pagerduty.com/v2/enqueue',
  routing_key: 'R0UT1NG',
};
const settingsBody = {
  email_alerts_enabled: true,
  webhook_urls: [slack, pager],
  contact_groups: [
    {
      id: 'ops',
      name: 'Ops',
      emails: ['ops@example.com'],
      webhook_names: ['Ops Slack'],
      thresholds: [10, 3],
    },
  ],
  default_contact_group_id: 'ops',
  thresholds: [20, 5, 0],
};

async function givenTeamOn(plan: Plan, frozen = false) {
  return givenTeam({ plan, frozen });
}

const auditOf = (workspaceId: string) =>
  listWorkspaceAuditEvents(workspaceId, { count: 100, now: new Date() });

describe('GET /api/v1/workspaces/{id}/alert-settings', () => {
  it('answers the defaults to a new workspace: email alerts on, to the admin', async () => {
    const team = await givenTeamOn('pro');
    const response = await getSettings(team.workspaceId, team.admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json as AlertSettings;
    expect(body).toEqual({
      email_alerts_enabled: true,
      webhook_urls: [],
      contact_groups: [],
      default_contact_group_id: null,
      thresholds: [30, 14, 7, 1, 0],
      delivery_window: null,
      renewal_grace_days: 14,
      admin_email: team.admin.email,
      bounced_addresses: [],
      limits: { contact_groups: true, webhooks: 5 },
      webhook_signing_secret: body.webhook_signing_secret,
      updated_at: null,
    });
    expect(body.webhook_signing_secret).toMatch(/^whsec_/);
    const again = await getSettings(team.workspaceId, team.manager.cookie);
    expect((again.json as AlertSettings).webhook_signing_secret).toBe(body.webhook_signing_secret);
  });

  it('shows viewers the settings without the secret, routing keys or full webhook URLs', async () => {
    const team = await givenTeamOn('team');
    expect((await putSettings(team.workspaceId, team.admin.cookie, settingsBody)).statusCode).toBe(
      200,
    );
    const response = await getSettings(team.workspaceId, team.viewer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json).not.toHaveProperty('webhook_signing_secret');
    expect((response.json as AlertSettings).webhook_urls).toEqual([
      { name: 'Ops Slack', kind: 'slack', url: 'https://hooks.slack.com/…' },
      { name: 'Pager', kind: 'pagerduty', url: 'https://events.pagerduty.com/…' },
    ]);
  });

  it('hides the workspace from non-members and needs a session', async () => {
    const team = await givenTeamOn('team');
    expect((await getSettings(team.workspaceId, team.outsider.cookie)).statusCode).toBe(404);
    expect((await getSettings(team.workspaceId)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/workspaces/{id}/alert-settings', () => {
  it('saves the settings of a workspace manager, audits them without URLs, and answers them', async () => {
    const team = await givenTeamOn('team');
    const response = await putSettings(team.workspaceId, team.manager.cookie, settingsBody);
    expect(response.statusCode).toBe(200);
    const saved = response.json as AlertSettings;
    expect(saved).toMatchObject({
      email_alerts_enabled: true,
      webhook_urls: [slack, pager],
      contact_groups: settingsBody.contact_groups,
      default_contact_group_id: 'ops',
      thresholds: [20, 5, 0],
    });
    expect(saved.updated_at).not.toBeNull();
    expect((await getSettings(team.workspaceId, team.admin.cookie)).json).toEqual(saved);

    const [event] = await auditOf(team.workspaceId);
    expect(event).toMatchObject({
      action: 'alert_settings.updated',
      actor: { id: team.manager.userId },
      metadata: {
        changed: ['webhook_urls', 'contact_groups', 'default_contact_group_id', 'thresholds'],
        webhooks: [
          { name: 'Ops Slack', kind: 'slack' },
          { name: 'Pager', kind: 'pagerduty' },
        ],
        contact_groups: [{ id: 'ops', name: 'Ops' }],
      },
    });
    expect(JSON.stringify(event)).not.toContain('hooks.slack.com');
    expect(JSON.stringify(event)).not.toContain('R0UT1NG');
  });

  it('saves a delivery window with its time zone, and refuses an unknown zone or no weekday', async () => {
    const team = await givenTeamOn('pro');
    const window = {
      time_zone: 'Europe/Zurich',
      days: [5, 1, 2, 3, 4],
      start: '08:00',
      end: '18:00',
    };
    const saved = await putSettings(team.workspaceId, team.admin.cookie, {
      ...settingsBody,
      delivery_window: window,
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json as AlertSettings).delivery_window).toEqual({
      ...window,
      days: [1, 2, 3, 4, 5],
      urgent_any_time: true,
    });
    const [event] = await auditOf(team.workspaceId);
    expect((event?.metadata as { changed: string[] }).changed).toContain('delivery_window');

    const refuse = async (change: Record<string, unknown>, message: string) => {
      const response = await putSettings(team.workspaceId, team.admin.cookie, {
        ...settingsBody,
        delivery_window: { ...window, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json)).toContain(message);
    };
    await refuse({ time_zone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone');
    await refuse({ days: [] }, 'Choose at least one weekday');
    await refuse({ start: '8am' }, 'Times must be HH:MM (24-hour)');
    await refuse({ end: '08:00' }, 'The window must not start and end at the same time');

    const cleared = await putSettings(team.workspaceId, team.admin.cookie, settingsBody);
    expect((cleared.json as AlertSettings).delivery_window).toBeNull();
  });

  it('saves the renewal grace point: kept when not sent, null for the default, refused outside 1 to 365', async () => {
    const team = await givenTeamOn('pro');
    const graceOf = (response: { json: unknown }) =>
      (response.json as AlertSettings).renewal_grace_days;
    const put = (body: Record<string, unknown>) =>
      putSettings(team.workspaceId, team.admin.cookie, { ...settingsBody, ...body });
    expect(graceOf(await put({ renewal_grace_days: 21 }))).toBe(21);
    // A client that does not know the field keeps it.
    expect(graceOf(await put({}))).toBe(21);
    const [event] = await auditOf(team.workspaceId);
    expect((event?.metadata as { changed: string[] }).changed).not.toContain('renewal_grace_days');
    expect(graceOf(await put({ renewal_grace_days: null }))).toBe(14);
    const refused = await put({ renewal_grace_days: 0 });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json)).toContain(
      'Renewal grace must be whole days between 1 and 365',
    );
  });

  it('gives new contact groups an id and keeps the given ones', async () => {
    const team = await givenTeamOn('pro');
    const response = await putSettings(team.workspaceId, team.admin.cookie, {
      email_alerts_enabled: false,
      webhook_urls: [],
      contact_groups: [
        { id: 'keep', name: 'Kept', emails: ['a@example.com'] },
        { name: 'New', emails: ['b@example.com'] },
      ],
      default_contact_group_id: 'keep',
    });
    expect(response.statusCode).toBe(200);
    const groups = (response.json as AlertSettings).contact_groups;
    expect(groups[0]?.id).toBe('keep');
    expect(groups[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((response.json as AlertSettings).thresholds).toEqual([30, 14, 7, 1, 0]);
  });

  it('saves an escalation to another group, answers it, and refuses an unknown group or delay', async () => {
    const team = await givenTeamOn('pro');
    const escalating = (escalation: unknown) => ({
      ...settingsBody,
      contact_groups: [
        { ...settingsBody.contact_groups[0], escalation },
        { id: 'leads', name: 'Leads', emails: ['lead@example.com'] },
      ],
    });
    const saved = await putSettings(
      team.workspaceId,
      team.admin.cookie,
      escalating({ group_id: 'leads', delay_hours: 48 }),
    );
    expect(saved.statusCode).toBe(200);
    expect((saved.json as AlertSettings).contact_groups.map((group) => group.escalation)).toEqual([
      { group_id: 'leads', delay_hours: 48 },
      null,
    ]);
    expect(
      ((await getSettings(team.workspaceId, team.admin.cookie)).json as AlertSettings)
        .contact_groups[0]?.escalation,
    ).toEqual({ group_id: 'leads', delay_hours: 48 });

    const refuse = async (escalation: unknown, message: string) => {
      const response = await putSettings(
        team.workspaceId,
        team.admin.cookie,
        escalating(escalation),
      );
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json)).toContain(message);
    };
    await refuse(
      { group_id: 'gone', delay_hours: 48 },
      'Contact group \\"Ops\\" escalates to a contact group that is not one of the contact groups',
    );
    await refuse({ group_id: 'ops', delay_hours: 48 }, 'cannot escalate to itself');
    await refuse(
      { group_id: 'leads', delay_hours: 0 },
      'Escalation delay must be whole hours between 1 and 720',
    );
  });

  it('rotates the signing secret on request, and audits it', async () => {
    const team = await givenTeamOn('free');
    const before = (await getSettings(team.workspaceId, team.admin.cookie)).json as AlertSettings;
    const body = { email_alerts_enabled: true, webhook_urls: [] };
    const kept = (await putSettings(team.workspaceId, team.admin.cookie, body)).json;
    expect((kept as AlertSettings).webhook_signing_secret).toBe(before.webhook_signing_secret);
    const rotated = await putSettings(team.workspaceId, team.admin.cookie, {
      ...body,
      rotate_signing_secret: true,
    });
    expect(rotated.statusCode).toBe(200);
    const secret = (rotated.json as AlertSettings).webhook_signing_secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(before.webhook_signing_secret);
    const after = (await getSettings(team.workspaceId, team.admin.cookie)).json as AlertSettings;
    expect(after.webhook_signing_secret).toBe(secret);
    expect((await auditOf(team.workspaceId)).map((event) => event.action)).toEqual(
      expect.arrayContaining(['alert_settings.signing_secret_rotated']),
    );
  });

  it('refuses viewers, non-members, anonymous callers and frozen workspaces', async () => {
    const team = await givenTeamOn('team');
    const viewer = await putSettings(team.workspaceId, team.viewer.cookie, settingsBody);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (await putSettings(team.workspaceId, team.outsider.cookie, settingsBody)).statusCode,
    ).toBe(404);
    expect((await putSettings(team.workspaceId, undefined, settingsBody)).statusCode).toBe(401);

    const frozen = await givenTeamOn('team', true);
    const refused = await putSettings(frozen.workspaceId, frozen.admin.cookie, settingsBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toMatchObject({ code: 'WORKSPACE_FROZEN' });
    expect((await getSettings(frozen.workspaceId, frozen.viewer.cookie)).statusCode).toBe(200);
  });

  it('saves with If-Match only while the settings are as read: stale 412, malformed 400, none as before', async () => {
    const team = await givenTeamOn('team');
    const read = (await getSettings(team.workspaceId, team.admin.cookie)).json as AlertSettings;
    expect(read.updated_at).toBeNull();
    // Erin saves from the page she read; Dave's page was read before that.
    const erin = await putSettings(
      team.workspaceId,
      team.manager.cookie,
      { ...settingsBody, thresholds: [45, 10, 2] },
      '""',
    );
    expect(erin.statusCode).toBe(200);
    const saved = erin.json as AlertSettings;
    expect(erin.headers?.ETag).toBe(`"${saved.updated_at}"`);
    const dave = await putSettings(
      team.workspaceId,
      team.admin.cookie,
      { ...settingsBody, renewal_grace_days: 21 },
      '""',
    );
    expect(dave.statusCode).toBe(412);
    expect(dave.json).toEqual({
      code: 'PRECONDITION_FAILED',
      error:
        'Someone else changed these alert settings after you opened them. Your changes were not saved.',
    });
    const malformed = await putSettings(team.workspaceId, team.admin.cookie, settingsBody, 'x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json).toMatchObject({ error: MALFORMED_IF_MATCH_MESSAGE });
    expect((await getSettings(team.workspaceId, team.admin.cookie)).json).toEqual(saved);

    const fresh = await putSettings(
      team.workspaceId,
      team.admin.cookie,
      { ...settingsBody, thresholds: [45, 10, 2], renewal_grace_days: 21 },
      `"${saved.updated_at}"`,
    );
    expect(fresh.statusCode).toBe(200);
    const after = fresh.json as AlertSettings;
    expect(after).toMatchObject({ thresholds: [45, 10, 2], renewal_grace_days: 21 });
    expect(after.updated_at! > saved.updated_at!).toBe(true);
    const unconditional = await putSettings(team.workspaceId, team.admin.cookie, settingsBody);
    expect(unconditional.statusCode).toBe(200);
  });

  it('keeps contact groups to Pro and Team and webhooks to the plan limit', async () => {
    const free = await givenTeamOn('free');
    const groups = await putSettings(free.workspaceId, free.admin.cookie, {
      ...settingsBody,
      webhook_urls: [slack],
    });
    expect(groups.statusCode).toBe(409);
    expect(groups.json).toEqual({
      code: 'PLAN_LIMIT',
      error: 'Contact groups need a Pro or Team workspace. Upgrade to Pro or Team to use them.',
    });
    const twoWebhooks = await putSettings(free.workspaceId, free.admin.cookie, {
      email_alerts_enabled: true,
      webhook_urls: [slack, pager],
    });
    expect(twoWebhooks.json).toEqual({
      code: 'PLAN_LIMIT',
      error:
        'A workspace on the Free plan can have 1 webhook. Upgrade the plan to add more webhooks.',
    });
    const one = await putSettings(free.workspaceId, free.admin.cookie, {
      email_alerts_enabled: true,
      webhook_urls: [slack],
    });
    expect(one.statusCode).toBe(200);

    const pro = await givenTeamOn('pro');
    const six = Array.from({ length: 6 }, (_, i) => ({ ...slack, name: `Hook ${i}` }));
    const tooMany = await putSettings(pro.workspaceId, pro.admin.cookie, {
      email_alerts_enabled: true,
      webhook_urls: six,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json).toMatchObject({
      error:
        'A workspace on the Pro plan can have 5 webhooks. Upgrade the plan to add more webhooks.',
    });
    const enterprise = await givenTeamOn('enterprise');
    expect(
      (
        await putSettings(enterprise.workspaceId, enterprise.admin.cookie, {
          email_alerts_enabled: true,
          webhook_urls: six,
        })
      ).statusCode,
    ).toBe(200);
  });

  /** `text` padded with `fill` to exactly `length` characters. */
  const fixed = (text: string, length: number, fill = 'x') =>
    `${text}${fill.repeat(length - text.length)}`;
  /** A valid address of the schema's 254 characters, different for each `index`. */
  const longAddress = (index: number) =>
    `${fixed(`m${index}-`, 64, 'a')}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(57)].join('.')}.com`;
  const longWebhook = (index: number) => ({
    name: fixed(`Hook ${index} `, WEBHOOK_NAME_MAX_LENGTH),
    kind: 'pagerduty',
    url: fixed(`https://events.example.com/${index}/`, WEBHOOK_URL_MAX_LENGTH),
    routing_key: fixed(`key-${index}-`, 200),
    severity: 'critical',
  });
  const thresholds = Array.from({ length: MAX_ALERT_THRESHOLDS }, (_, day) => 365 - day);

  it('refuses the largest settings the schema accepts with a 400 about their size, writing nothing', async () => {
    const team = await givenTeamOn('enterprise');
    expect((await putSettings(team.workspaceId, team.admin.cookie, settingsBody)).statusCode).toBe(
      200,
    );
    const before = (await getSettings(team.workspaceId, team.admin.cookie)).json;
    const webhooks = Array.from({ length: MAX_WEBHOOKS }, (_, index) => longWebhook(index));
    const largest = {
      email_alerts_enabled: true,
      webhook_urls: webhooks,
      contact_groups: Array.from({ length: MAX_CONTACT_GROUPS }, (_, group) => ({
        id: fixed(`g${group}-`, 64, '0'),
        name: fixed(`Group ${group} `, 100),
        emails: Array.from({ length: MAX_CONTACT_GROUP_EMAILS }, (_, index) =>
          longAddress(group * MAX_CONTACT_GROUP_EMAILS + index),
        ),
        webhook_names: webhooks.map((webhook) => webhook.name),
        thresholds,
      })),
      default_contact_group_id: fixed('g0-', 64, '0'),
      thresholds,
      rotate_signing_secret: true,
    };

    const response = await putSettings(team.workspaceId, team.admin.cookie, largest);
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      code: 'VALIDATION_ERROR',
      error:
        'Alert settings are too large to save. Remove some contact groups, email addresses or webhooks.',
    });
    expect((await getSettings(team.workspaceId, team.admin.cookie)).json).toEqual(before);
  });

  it('saves large settings that fit in one item, and reads them back unchanged', async () => {
    const team = await givenTeamOn('enterprise');
    const webhooks = Array.from({ length: MAX_WEBHOOKS }, (_, index) => longWebhook(index));
    const large = {
      email_alerts_enabled: true,
      webhook_urls: webhooks,
      contact_groups: Array.from({ length: 10 }, (_, group) => ({
        id: `group-${group}`,
        name: `Group ${group}`,
        emails: Array.from({ length: MAX_CONTACT_GROUP_EMAILS }, (_, index) =>
          longAddress(group * MAX_CONTACT_GROUP_EMAILS + index),
        ),
        webhook_names: webhooks.slice(0, 10).map((webhook) => webhook.name),
        thresholds,
      })),
      default_contact_group_id: 'group-0',
      thresholds,
    };

    const response = await putSettings(team.workspaceId, team.admin.cookie, large);
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject(large);
    expect((await getSettings(team.workspaceId, team.admin.cookie)).json).toEqual(response.json);
  });

  const base = { email_alerts_enabled: true, webhook_urls: [slack], contact_groups: [] };
  const group = { id: 'ops', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] };
  it.each([
    [{ ...base, email_alerts_enabled: 'yes' }, 'email_alerts_enabled must be true or false'],
    [{ ...base, webhook_urls: [{ ...slack, name: '' }] }, 'Webhook name is required'],
    [
      { ...base, webhook_urls: [{ ...slack, url: 'hooks' }] },
      'Webhook URL must be a valid http(s) URL',
    ],
    [
      { ...base, webhook_urls: [{ ...slack, kind: 'sms' }] },
      'Webhook kind must be one of generic, slack, teams, discord or pagerduty',
    ],
    [
      { ...base, webhook_urls: [{ ...pager, routing_key: undefined }] },
      'PagerDuty webhooks need a routing key',
    ],
    [
      { ...base, webhook_urls: [{ ...pager, severity: 'urgent' }] },
      'PagerDuty severity must be one of critical, error, warning or info',
    ],
    [
      { ...base, webhook_urls: [slack, { ...pager, name: 'OPS SLACK' }] },
      'Webhook names must be unique: "OPS SLACK" is used more than once',
    ],
    [
      { ...base, contact_groups: [{ ...group, webhook_names: ['Pager'] }] },
      'Contact group "Ops" refers to webhook "Pager", which is not one of the webhooks',
    ],
    [
      { ...base, contact_groups: [{ ...group, emails: ['not-an-address'] }] },
      'Please enter a valid email address',
    ],
    [
      { ...base, contact_groups: [{ ...group, emails: [] }] },
      'Contact group "Ops" needs at least one email address or webhook',
    ],
    [{ ...base, contact_groups: [{ ...group, name: ' ' }] }, 'Contact group name is required'],
    [
      { ...base, contact_groups: [group, { ...group, id: 'dev' }] },
      'Contact group names must be unique: "Ops" is used more than once',
    ],
    [
      { ...base, contact_groups: [group], default_contact_group_id: 'dev' },
      'Default contact group must be one of the contact groups',
    ],
    [{ ...base, thresholds: [400] }, 'Alert thresholds must be whole days between 0 and 365'],
    [{ ...base, thresholds: [] }, 'Give at least one alert threshold'],
    [
      { ...base, contact_groups: [{ ...group, thresholds: [-1] }] },
      'Alert thresholds must be whole days between 0 and 365',
    ],
    [
      { ...base, webhook_urls: [{ ...slack, url: 'https://10.0.0.8/hook' }] },
      'Webhook URL must not point to a private, local or reserved network address',
    ],
    [
      { ...base, webhook_urls: [{ ...slack, url: 'https://169.254.169.254/latest' }] },
      'Webhook URL must not point to a private, local or reserved network address',
    ],
    [
      { ...base, webhook_urls: [{ ...slack, url: 'https://[fd00::1]/hook' }] },
      'Webhook URL must not point to a private, local or reserved network address',
    ],
  ])('refuses %j: %s', async (body, message) => {
    const team = await givenTeamOn('team');
    const response = await putSettings(team.workspaceId, team.admin.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
  });

  it('re-arms the tokens when thresholds change', async () => {
    const team = await givenTeamOn('team');
    const token = await givenToken(team.admin.cookie, team.workspaceId, {
      expiresAt: inDays(40),
    });
    const nextAlertAt = async () => {
      const { Item } = await getDocumentClient().send(
        new GetCommand({
          TableName: getConfig().tableName,
          Key: keys.token(team.workspaceId, token.id),
          ConsistentRead: true,
        }),
      );
      return Item ? (tokenCodec.fromItem(Item).schedule.nextAlertAt ?? undefined) : undefined;
    };
    const before = await nextAlertAt();
    const response = await putSettings(team.workspaceId, team.admin.cookie, {
      email_alerts_enabled: true,
      webhook_urls: [],
      thresholds: [2],
    });
    expect(response.statusCode).toBe(200);
    const after = await nextAlertAt();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(after?.slice(0, 10)).toBe(inDays(38));
  });

  it('re-arms a token after its last window when its group gets an escalation', async () => {
    const team = await givenTeamOn('team');
    const token = await givenToken(team.admin.cookie, team.workspaceId, {
      expiresAt: inDays(3),
    });
    const groups = [
      { id: 'ops', name: 'Ops', emails: ['ops@example.com'] },
      { id: 'leads', name: 'Leads', emails: ['lead@example.com'] },
    ];
    const save = (escalation: unknown) =>
      putSettings(team.workspaceId, team.admin.cookie, {
        email_alerts_enabled: true,
        webhook_urls: [],
        contact_groups: [{ ...groups[0], escalation }, groups[1]],
        default_contact_group_id: 'ops',
        thresholds: [7],
      });
    const schedule = async () => {
      const { Item } = await getDocumentClient().send(
        new GetCommand({
          TableName: getConfig().tableName,
          Key: keys.token(team.workspaceId, token.id),
          ConsistentRead: true,
        }),
      );
      return tokenCodec.fromItem(Item!).schedule;
    };
    expect((await save(null)).statusCode).toBe(200);
    // The 7-day window has opened and is due: escalation comes after it is alerted.
    expect((await schedule()).nextAlertAt).toBe(`${inDays(-4)}T00:00:00.000Z`);
    const { Item } = await getDocumentClient().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: keys.token(team.workspaceId, token.id),
      }),
    );
    const { token: stored } = tokenCodec.fromItem(Item!);
    await writeNextAlertAt(stored, null, { expiresAt: token.expiresAt, threshold: 7 });
    expect((await schedule()).nextAlertAt).toBeNull();

    expect((await save({ group_id: 'leads', delay_hours: 12 })).statusCode).toBe(200);
    expect((await schedule()).nextAlertAt).toBe(`${inDays(-4)}T12:00:00.000Z`);
  });
});

describe("a token's contact group", () => {
  it('must be one of the workspace groups', async () => {
    const team = await givenTeamOn('team');
    await putSettings(team.workspaceId, team.admin.cookie, settingsBody);
    const fields = {
      name: 'Signing key',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(30),
      workspace_id: team.workspaceId,
    };
    const unknown = await createRequest(team.manager.cookie, {
      ...fields,
      contact_group_id: 'dev',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json).toEqual({
      code: 'VALIDATION_ERROR',
      error: "Contact group must be one of the workspace's contact groups",
      details: [
        {
          path: 'contact_group_id',
          message: "Contact group must be one of the workspace's contact groups",
        },
      ],
    });
    const created = await createRequest(team.manager.cookie, {
      ...fields,
      contact_group_id: 'ops',
    });
    expect(created.statusCode).toBe(201);
    const token = created.json as Token;
    expect(token.contact_group_id).toBe('ops');

    const { workspace_id: _workspace, ...editable } = fields;
    const moved = await updateRequest(team.admin.cookie, token.id, {
      ...editable,
      contact_group_id: 'dev',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json).toMatchObject({
      error: "Contact group must be one of the workspace's contact groups",
    });
    const cleared = await updateRequest(team.admin.cookie, token.id, {
      ...editable,
      contact_group_id: null,
    });
    expect(cleared.statusCode).toBe(200);
  });
});

describe('bounced contact addresses', () => {
  const REMOVE_ROUTE = '/api/v1/workspaces/{id}/bounced-addresses/remove';
  const remove = (workspaceId: string, cookie: string | undefined, address: string) =>
    invoke(
      removeBouncedAddress,
      routeRequest('POST', REMOVE_ROUTE, {
        params: { id: workspaceId },
        cookie,
        body: { address },
      }),
    );
  const bounce = (address: string) =>
    putEmailSuppression({
      address,
      reason: 'bounce',
      detail: 'smtp; 550 5.1.1 user unknown',
      reportedAt: '2030-01-02T03:04:05.000Z',
    });

  it('lists the suppressed contact addresses, and lets a manager take one off the list, audited', async () => {
    const team = await givenTeamOn('team');
    const ops = `ops-${team.workspaceId}@example.com`;
    const stranger = `stranger-${team.workspaceId}@example.com`;
    const put = await putSettings(team.workspaceId, team.manager.cookie, {
      ...settingsBody,
      contact_groups: [{ ...settingsBody.contact_groups[0], emails: [ops] }],
    });
    expect(put.statusCode).toBe(200);
    await Promise.all([bounce(ops), bounce(team.admin.email), bounce(stranger)]);

    const settings = (await getSettings(team.workspaceId, team.viewer.cookie))
      .json as AlertSettings;
    expect(settings.bounced_addresses).toEqual(
      [ops, team.admin.email.toLowerCase()].sort().map((address) => ({
        address,
        reason: 'bounce',
        reported_at: '2030-01-02T03:04:05.000Z',
      })),
    );

    expect((await remove(team.workspaceId, team.viewer.cookie, ops)).statusCode).toBe(403);
    expect((await remove(team.workspaceId, undefined, ops)).statusCode).toBe(401);
    // Another workspace's address is not this workspace's to take off the list.
    const foreign = await remove(team.workspaceId, team.manager.cookie, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(await findEmailSuppression(stranger)).not.toBeNull();
    expect((await remove(team.workspaceId, team.manager.cookie, 'not an address')).statusCode).toBe(
      400,
    );

    const removed = await remove(team.workspaceId, team.manager.cookie, ops.toUpperCase());
    expect(removed.statusCode).toBe(200);
    expect((removed.json as AlertSettings).bounced_addresses.map((entry) => entry.address)).toEqual(
      [team.admin.email.toLowerCase()],
    );
    expect(await findEmailSuppression(ops)).toBeNull();
    expect((await remove(team.workspaceId, team.manager.cookie, ops)).statusCode).toBe(404);
    const [event] = await auditOf(team.workspaceId);
    expect(event).toMatchObject({
      action: 'alert_settings.bounced_address_removed',
      actor: { id: team.manager.userId },
      metadata: { address: ops },
    });
  });
});
