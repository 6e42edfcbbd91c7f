import { createHmac, hkdfSync } from 'node:crypto';
import ICAL from 'ical.js';
import type { CalendarFeedLink } from '@expiry-radar/shared/api/calendar-feed-api-schemas';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenToken } from '../../../test-support/token-fixtures';
import { givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
import { handler as setTwoFactorRequirement } from '../workspaces/set-two-factor-requirement';
import { handler as removeMember } from '../workspaces/remove-member';
import { handler as getFeed } from './get-calendar-feed';
import { handler as getLink } from './get-calendar-feed-link';
import { handler as rotate } from './rotate-calendar-feed';

const FEED = '/api/v1/workspaces/{id}/calendar.ics';
const LINK = '/api/v1/workspaces/{id}/calendar-feed';

const linkOf = async (workspaceId: string, cookie: string) => {
  const answer = await invoke(
    getLink,
    routeRequest('GET', LINK, { params: { id: workspaceId }, cookie }),
  );
  return { status: answer.statusCode, link: answer.json as CalendarFeedLink };
};

/** The feed as a calendar app fetches it: no cookie, the key in the query. */
const fetchFeed = (workspaceId: string, query: string) =>
  invoke(getFeed, routeRequest('GET', FEED, { params: { id: workspaceId }, query }));

const queryOf = (link: CalendarFeedLink) => link.path.split('?')[1] ?? '';

const keyOf = (link: CalendarFeedLink) => new URLSearchParams(queryOf(link)).get('key') ?? '';

/** The feed's status for the link's key, as a calendar app would see it. */
const feedStatus = async (workspaceId: string, link: CalendarFeedLink) =>
  (await fetchFeed(workspaceId, queryOf(link))).statusCode;

const NOT_FOUND = { error: 'Calendar not found.', code: 'NOT_FOUND' };

const rotateAs = (workspaceId: string, cookie: string) =>
  invoke(rotate, routeRequest('POST', `${LINK}/rotate`, { params: { id: workspaceId }, cookie }));

const remove = (workspaceId: string, userId: string, cookie: string) =>
  invoke(
    removeMember,
    routeRequest('DELETE', '/api/v1/workspaces/{id}/members/{userId}', {
      params: { id: workspaceId, userId },
      cookie,
    }),
  );

/** The key v1 gave every member of a workspace alike (HMAC of the workspace id and rotation). */
async function workspaceWideKey(workspaceId: string): Promise<string> {
  const [keyMaterial] = await getAlertLinkKeys();
  const key = hkdfSync('sha256', keyMaterial!, '', 'expiry-radar calendar feed v1', 32);
  return createHmac('sha256', Buffer.from(key)).update(`${workspaceId}.0`).digest('base64url');
}

describe('the calendar feed routes', () => {
  it('gives each member their own URL; one event per token, with reminders', async () => {
    const team = await givenTeam();
    await givenToken(team.admin.cookie, team.workspaceId, { name: 'First' });
    await givenToken(team.admin.cookie, team.workspaceId, { name: 'Second' });
    const viewer = await linkOf(team.workspaceId, team.viewer.cookie);
    const admin = await linkOf(team.workspaceId, team.admin.cookie);
    expect(viewer.status).toBe(200);
    expect(viewer.link.canRotate).toBe(false);
    expect(admin.link.canRotate).toBe(true);
    // Each member's link is their own: it names them.
    expect(keyOf(viewer.link).startsWith(`${team.viewer.userId}.`)).toBe(true);
    expect(keyOf(admin.link).startsWith(`${team.admin.userId}.`)).toBe(true);
    expect(await linkOf(team.workspaceId, team.viewer.cookie)).toEqual(viewer);
    expect(await feedStatus(team.workspaceId, viewer.link)).toBe(200);

    const feed = await fetchFeed(team.workspaceId, queryOf(admin.link));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers?.['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(String(feed.body)) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((event) => new ICAL.Event(event).summary).sort()).toEqual([
      'First expires (Keys & Secrets)',
      'Second expires (Keys & Secrets)',
    ]);
    // The default thresholds: 30, 14, 7, 1 and 0 days before.
    expect(events[0]!.getAllSubcomponents('valarm')).toHaveLength(5);
  });

  it('refuses outsiders the URL and answers a wrong key as an unknown workspace', async () => {
    const team = await givenTeam();
    expect((await linkOf(team.workspaceId, team.outsider.cookie)).status).toBe(404);
    const { link } = await linkOf(team.workspaceId, team.admin.cookie);
    const wrong = await fetchFeed(team.workspaceId, `key=${'A'.repeat(43)}`);
    const unknown = await fetchFeed('no-such-workspace', queryOf(link));
    const otherWorkspace = await givenTeam();
    const elsewhere = await fetchFeed(otherWorkspace.workspaceId, queryOf(link));
    for (const answer of [wrong, unknown, elsewhere]) {
      expect([answer.statusCode, answer.json]).toEqual([404, NOT_FOUND]);
    }
    expect((await fetchFeed(team.workspaceId, '')).statusCode).toBe(400);
  });

  it('lets admins and managers replace every member’s key (audited): old URLs stop', async () => {
    const team = await givenTeam();
    const before = {
      admin: (await linkOf(team.workspaceId, team.admin.cookie)).link,
      viewer: (await linkOf(team.workspaceId, team.viewer.cookie)).link,
    };
    expect((await rotateAs(team.workspaceId, team.viewer.cookie)).statusCode).toBe(403);
    const rotated = await rotateAs(team.workspaceId, team.manager.cookie);
    expect(rotated.statusCode).toBe(200);
    const managerAfter = rotated.json as CalendarFeedLink;
    expect(keyOf(managerAfter).startsWith(`${team.manager.userId}.`)).toBe(true);
    const viewerAfter = (await linkOf(team.workspaceId, team.viewer.cookie)).link;
    expect(viewerAfter.path).not.toBe(before.viewer.path);
    expect(await feedStatus(team.workspaceId, before.viewer)).toBe(404);
    expect(await feedStatus(team.workspaceId, before.admin)).toBe(404);
    expect(await feedStatus(team.workspaceId, viewerAfter)).toBe(200);
    expect(await feedStatus(team.workspaceId, managerAfter)).toBe(200);
    const events = await listWorkspaceAuditEvents(team.workspaceId, {
      count: 100,
      now: new Date(),
    });
    expect(events.map((event) => event.action)).toContain('calendar_feed.rotated');
  });

  it('ends the link of a member who leaves or is removed; the others keep working', async () => {
    const team = await givenTeam();
    const links = {
      admin: (await linkOf(team.workspaceId, team.admin.cookie)).link,
      manager: (await linkOf(team.workspaceId, team.manager.cookie)).link,
      viewer: (await linkOf(team.workspaceId, team.viewer.cookie)).link,
    };
    const left = await remove(team.workspaceId, team.manager.userId, team.manager.cookie);
    expect(left.statusCode).toBe(200);
    const removed = await remove(team.workspaceId, team.viewer.userId, team.admin.cookie);
    expect(removed.statusCode).toBe(200);
    for (const link of [links.manager, links.viewer]) {
      const answer = await fetchFeed(team.workspaceId, queryOf(link));
      expect([answer.statusCode, answer.json]).toEqual([404, NOT_FOUND]);
    }
    expect(await feedStatus(team.workspaceId, links.admin)).toBe(200);
  });

  it('ends the link of a member without two-factor once the workspace requires it', async () => {
    const team = await givenTeam();
    await givenTwoFactor(team.admin.cookie);
    const adminLink = (await linkOf(team.workspaceId, team.admin.cookie)).link;
    const viewerLink = (await linkOf(team.workspaceId, team.viewer.cookie)).link;
    expect(await feedStatus(team.workspaceId, viewerLink)).toBe(200);
    const required = await invoke(
      setTwoFactorRequirement,
      routeRequest('PUT', '/api/v1/workspaces/{id}/two-factor-requirement', {
        params: { id: team.workspaceId },
        cookie: team.admin.cookie,
        body: { required: true },
      }),
    );
    expect(required.statusCode).toBe(200);
    const refused = await fetchFeed(team.workspaceId, queryOf(viewerLink));
    expect([refused.statusCode, refused.json]).toEqual([404, NOT_FOUND]);
    expect(await feedStatus(team.workspaceId, adminLink)).toBe(200);
  });

  it('refuses a key whose user id was changed, and the workspace-wide keys of before', async () => {
    const team = await givenTeam();
    const viewerKey = keyOf((await linkOf(team.workspaceId, team.viewer.cookie)).link);
    const mac = viewerKey.slice(viewerKey.lastIndexOf('.') + 1);
    const keys = [
      `${team.admin.userId}.${mac}`,
      `${team.outsider.userId}.${mac}`,
      mac,
      await workspaceWideKey(team.workspaceId),
    ];
    for (const key of keys) {
      const answer = await fetchFeed(team.workspaceId, new URLSearchParams({ key }).toString());
      expect([answer.statusCode, answer.json]).toEqual([404, NOT_FOUND]);
    }
  });
});
