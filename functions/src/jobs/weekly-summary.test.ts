import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WeeklySummarySettings } from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { apiGatewayEvent, invoke } from '../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../test-support/fixtures';
import { updateRequest } from '../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { givenWorkspace, routeEvent } from '../../test-support/workspace-fixtures';
import { listAlertEmailOptOuts } from '../data/alert-email-opt-outs';
import { weeklySummaryCodec } from '../data/entities/weekly-summary';
import { keys } from '../data/keys';
import type { EmailMessage } from '../domain/mailer';
import { nextWeeklySummaryAt } from '../domain/weekly-summary-schedule';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { logger } from '../platform/logger';
import { handler as getWeeklySummary } from '../http/account/get-weekly-summary';
import { handler as updateWeeklySummary } from '../http/account/update-weekly-summary';
import { handler as unsubscribe } from '../http/alert-emails/unsubscribe';
import { signWeeklySummaryUnsubscribe } from '../services/alerts/alert-unsubscribe';
import { runWeeklySummaries, sendWeeklySummaryPreviews } from './weekly-summary';

const ROUTE = '/api/account/weekly-summary';

const settingsOf = async (cookie: string) =>
  (await invoke(getWeeklySummary, routeEvent({ method: 'GET', path: ROUTE, cookie })))
    .json as WeeklySummarySettings;

const save = (cookie: string, body: unknown) =>
  invoke(updateWeeklySummary, routeEvent({ method: 'PUT', path: ROUTE, cookie, body }));

/** A run of the job (only this file runs it) with its emails kept, failing while `fail` says so. */
function job(fail: (to: string) => boolean = () => false) {
  const emails: EmailMessage[] = [];
  const ports = {
    appOrigin: 'http://localhost:4000',
    signUnsubscribe: signWeeklySummaryUnsubscribe,
    mailer: {
      send: (message: EmailMessage) =>
        fail(message.to)
          ? Promise.reject(new Error('Mailbox unavailable'))
          : Promise.resolve(void emails.push(message)),
    },
  };
  const run = (now: Date) => runWeeklySummaries(now, ports);
  const preview = (now: Date) => sendWeeklySummaryPreviews(now, ports);
  return { emails, run, preview };
}

describe('weekly summary', () => {
  it('is off until the user turns it on with a time zone, which must be a real one', async () => {
    const user = await givenSignedInUser();
    expect(await settingsOf(user.cookie)).toEqual({
      enabled: false,
      time_zone: null,
      next_send_at: null,
      last_sent_at: null,
    });
    const refused = await save(user.cookie, { enabled: true, time_zone: 'Mars/Olympus' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json)).toContain(
      'Time zone must be an IANA time zone such as Europe/Zurich',
    );
    expect((await save(user.cookie, { enabled: 'yes', time_zone: 'UTC' })).statusCode).toBe(400);
    const anonymous = await invoke(getWeeklySummary, routeEvent({ method: 'GET', path: ROUTE }));
    expect(anonymous.statusCode).toBe(401);

    const saved = await save(user.cookie, { enabled: true, time_zone: 'Europe/Zurich' });
    expect(saved.statusCode).toBe(200);
    const next = (saved.json as WeeklySummarySettings).next_send_at!;
    expect(new Date(next).getTime()).toBeGreaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Zurich',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(next)),
    ).toBe('Mon 08:00');
    expect(await settingsOf(user.cookie)).toEqual({
      enabled: true,
      time_zone: 'Europe/Zurich',
      next_send_at: next,
      last_sent_at: null,
    });
  });

  it('sends each user one email on their Monday morning: what expires across their workspaces, what was renewed', async () => {
    const ada = await givenSignedInUser({ plan: 'pro' });
    const other = await givenSignedInUser({ plan: 'pro' });
    const own = await givenWorkspace({ ownerId: ada.userId, name: 'Platform', plan: 'pro' });
    const shared = await givenWorkspace({
      ownerId: other.userId,
      name: 'Billing',
      plan: 'pro',
      members: [{ userId: ada.userId, role: 'viewer' }],
    });
    const elsewhere = await givenWorkspace({ ownerId: other.userId, name: 'Elsewhere' });
    const saved = await save(ada.cookie, { enabled: true, time_zone: 'America/New_York' });
    const sendAt = new Date((saved.json as WeeklySummarySettings).next_send_at!);
    const on = (days: number) => addCalendarDays(sendAt, days);
    await seedTokens(own, [
      buildToken(own, { name: 'Soon key', expiresAt: on(3) }),
      buildToken(own, { name: 'Later key', expiresAt: on(20) }),
      buildToken(own, { name: 'Far key', expiresAt: on(45) }),
      buildToken(own, { name: 'Lapsed key', expiresAt: on(-2) }),
      buildToken(own, { name: 'Long lapsed key', expiresAt: on(-20) }),
      // Gone from its source (the command-line tool's scan no longer finds it): not expiring.
      {
        ...buildToken(own, { name: 'Gone key', expiresAt: on(4) }),
        source: {
          kind: 'files',
          integration_id: 'files:build-host',
          external_id: '/etc/keys/gone.pem',
          removed_at: new Date().toISOString(),
        },
      },
    ]);
    const renewed = buildToken(own, {
      name: 'Renewed key',
      expiresAt: addCalendarDays(new Date(), 2),
    });
    await seedTokens(own, [renewed]);
    expect((await updateRequest(ada.cookie, renewed.id, { expiresAt: on(300) })).statusCode).toBe(
      200,
    );
    await seedTokens(shared, [
      buildToken(shared, { name: 'Billing cert', category: 'cert', expiresAt: on(10) }),
    ]);
    await seedTokens(elsewhere, [buildToken(elsewhere, { name: 'Not hers', expiresAt: on(5) })]);

    const { emails, run } = job();
    await run(new Date(sendAt.getTime() - 60_000));
    expect(emails.filter((email) => email.to === ada.email)).toEqual([]);
    await run(sendAt);
    const [email, ...more] = emails.filter((mail) => mail.to === ada.email);
    expect(more).toEqual([]);
    expect(email!.subject).toBe(
      'Weekly summary: 1 API key has expired; 2 API keys and 1 certificate expire in the next 30 days; 1 token was renewed last week',
    );
    const text = email!.text;
    // Workspaces by name; in each, the most urgent first.
    const order = [
      '\nBilling\n',
      'Billing cert',
      '\nPlatform\n',
      'Lapsed key',
      'Soon key',
      'Later key',
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const absent of ['Far key', 'Long lapsed key', 'Gone key', 'Not hers', 'Elsewhere']) {
      expect(text).not.toContain(absent);
    }
    expect(text).toContain(`  Renewed key: renewed until ${on(300)}`);
    expect(text).toContain(
      `Open Soon key: http://localhost:4000/dashboard?workspace=${own}&token=`,
    );
    expect(email!.html).toContain('Weekly summary: 1 API key has expired');
    expect(email!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Once: a later run the same morning sends nothing; the next one is due a week on.
    await run(new Date(sendAt.getTime() + 3_600_000));
    expect(emails.filter((mail) => mail.to === ada.email)).toHaveLength(1);
    expect(await settingsOf(ada.cookie)).toMatchObject({
      next_send_at: nextWeeklySummaryAt('America/New_York', sendAt).toISOString(),
      last_sent_at: sendAt.toISOString(),
    });
  });

  it('sends a preview at once when asked (npm run alerts:weekly-summary -- --now), leaving the Monday send as it was', async () => {
    const user = await givenSignedInUser({ plan: 'pro' });
    await save(user.cookie, { enabled: true, time_zone: 'Europe/Zurich' });
    const before = await settingsOf(user.cookie);
    const { emails, run, preview } = job();
    await run(new Date());
    expect(emails.filter((email) => email.to === user.email)).toEqual([]);
    await preview(new Date());
    const previews = emails.filter((email) => email.to === user.email);
    expect(previews).toHaveLength(1);
    expect(previews[0]!.subject).toMatch(/^Weekly summary/);
    expect(await settingsOf(user.cookie)).toEqual(before);
  });

  it('tries a failed send again at the next run; its one-click link stops the summary only', async () => {
    const bob = await givenSignedInUser();
    const workspace = await givenWorkspace({ ownerId: bob.userId });
    const saved = await save(bob.cookie, { enabled: true, time_zone: 'UTC' });
    const sendAt = new Date((saved.json as WeeklySummarySettings).next_send_at!);
    let failing = true;
    const { emails, run } = job((to) => to === bob.email && failing);
    expect((await run(sendAt)).failed).toBeGreaterThanOrEqual(1);
    expect(await settingsOf(bob.cookie)).toMatchObject({
      next_send_at: sendAt.toISOString(),
      last_sent_at: null,
    });
    failing = false;
    await run(new Date(sendAt.getTime() + 3_600_000));
    const [email] = emails.filter((mail) => mail.to === bob.email);
    expect(email!.subject).toBe('Weekly summary: Nothing expires in the next 30 days');

    const oneClick = new URL(/^<(.+)>$/.exec(email!.headers!['List-Unsubscribe']!)![1]!);
    const pageLink = /Stop the weekly summary: (\S+)/.exec(email!.text)![1]!;
    expect(pageLink).toMatch(/\/unsubscribe\?token=.+&about=weekly-summary$/);
    const stopped = await invoke(
      unsubscribe,
      apiGatewayEvent({
        method: 'POST',
        path: oneClick.pathname,
        query: oneClick.search.slice(1),
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(stopped.json).toEqual({
      kind: 'weekly_summary',
      address: bob.email,
      workspaces: [],
      subscribed: false,
    });
    expect(await settingsOf(bob.cookie)).toMatchObject({ enabled: false, next_send_at: null });
    // The workspace's alert emails to the address are not touched.
    expect([...(await listAlertEmailOptOuts(workspace))]).toEqual([]);
    const nextMonday = nextWeeklySummaryAt('UTC', sendAt);
    await run(nextMonday);
    expect(emails.filter((mail) => mail.to === bob.email)).toHaveLength(1);

    const resumed = await invoke(
      unsubscribe,
      apiGatewayEvent({
        method: 'POST',
        path: oneClick.pathname,
        query: `${oneClick.search.slice(1)}&resume=true`,
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(resumed.json).toMatchObject({ kind: 'weekly_summary', subscribed: true });
    expect(await settingsOf(bob.cookie)).toMatchObject({ enabled: true, time_zone: 'UTC' });
  });

  it('leaves a malformed summary out of the run and sends the others', async () => {
    const carol = await givenSignedInUser();
    const saved = await save(carol.cookie, { enabled: true, time_zone: 'UTC' });
    const sendAt = new Date((saved.json as WeeklySummarySettings).next_send_at!);
    const brokenUserId = randomUUID();
    // Due at the same time, but without the time zone every summary has.
    const { timeZone: _timeZone, ...broken } = weeklySummaryCodec.toItem({
      userId: brokenUserId,
      enabled: true,
      timeZone: 'UTC',
      nextSendAt: sendAt.toISOString(),
      lastSentAt: null,
      updatedAt: new Date().toISOString(),
    });
    const { tableName } = getConfig();
    await getDocumentClient().send(new PutCommand({ TableName: tableName, Item: broken }));
    try {
      const { emails, run } = job();
      await run(sendAt);
      expect(emails.filter((mail) => mail.to === carol.email)).toHaveLength(1);
    } finally {
      await getDocumentClient().send(
        new DeleteCommand({ TableName: tableName, Key: keys.weeklySummary(brokenUserId) }),
      );
    }
  });

  it('sends the summary without a workspace whose item cannot be read, naming it in the log', async () => {
    const dana = await givenSignedInUser({ plan: 'pro' });
    const readable = await givenWorkspace({ ownerId: dana.userId, name: 'Platform', plan: 'pro' });
    const broken = await givenWorkspace({ ownerId: dana.userId, name: 'Billing', plan: 'pro' });
    const saved = await save(dana.cookie, { enabled: true, time_zone: 'UTC' });
    const sendAt = new Date((saved.json as WeeklySummarySettings).next_send_at!);
    await seedTokens(readable, [
      buildToken(readable, { name: 'Readable key', expiresAt: addCalendarDays(sendAt, 3) }),
    ]);
    await seedTokens(broken, [
      buildToken(broken, { name: 'Billing key', expiresAt: addCalendarDays(sendAt, 4) }),
    ]);
    // Stored by hand or by an older version: a name that is not text, which its codec refuses.
    const { tableName } = getConfig();
    const { Item: workspace } = await getDocumentClient().send(
      new GetCommand({ TableName: tableName, Key: keys.workspace(broken) }),
    );
    await getDocumentClient().send(
      new PutCommand({ TableName: tableName, Item: { ...workspace, name: 404 } }),
    );

    const { emails, run } = job();
    const logged = jest.spyOn(logger, 'error');
    try {
      await run(sendAt);
      const [email, ...more] = emails.filter((mail) => mail.to === dana.email);
      expect(more).toEqual([]);
      expect(email!.text).toContain('Readable key');
      expect(email!.text).not.toContain('Billing key');
      expect(logged).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ job: 'weekly-summary', workspaceId: broken }),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('sends none to an address that is not verified, and moves on to the next week', async () => {
    const unverified = await givenSignedInUser({ emailVerified: false });
    const saved = await save(unverified.cookie, { enabled: true, time_zone: 'UTC' });
    const sendAt = new Date((saved.json as WeeklySummarySettings).next_send_at!);
    const { emails, run } = job();
    await run(sendAt);
    expect(emails.filter((mail) => mail.to === unverified.email)).toEqual([]);
    expect((await settingsOf(unverified.cookie)).next_send_at).toBe(
      nextWeeklySummaryAt('UTC', sendAt).toISOString(),
    );
  });
});
