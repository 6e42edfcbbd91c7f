import ICAL from 'ical.js';
import type { CalendarFeedLink } from '@expiry-radar/shared/api/calendar-feed-api-schemas';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenToken } from '../../../test-support/token-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { listWorkspaceAuditEvents } from '../../data/audit-queries';
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

describe('the calendar feed routes', () => {
  it('gives every member the URL, whose feed holds one event per token with reminders', async () => {
    const team = await givenTeam();
    await givenToken(team.admin.cookie, team.workspaceId, { name: 'First' });
    await givenToken(team.admin.cookie, team.workspaceId, { name: 'Second' });
    const viewer = await linkOf(team.workspaceId, team.viewer.cookie);
    const admin = await linkOf(team.workspaceId, team.admin.cookie);
    expect(viewer).toEqual({ status: 200, link: { path: admin.link.path, canRotate: false } });
    expect(admin.link.canRotate).toBe(true);

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
      expect([answer.statusCode, answer.json]).toEqual([
        404,
        { error: 'Calendar not found.', code: 'NOT_FOUND' },
      ]);
    }
    expect((await fetchFeed(team.workspaceId, '')).statusCode).toBe(400);
  });

  it('lets admins and managers replace the key (audited); the old URL stops working', async () => {
    const team = await givenTeam();
    const before = (await linkOf(team.workspaceId, team.viewer.cookie)).link;
    const refused = await invoke(
      rotate,
      routeRequest('POST', `${LINK}/rotate`, {
        params: { id: team.workspaceId },
        cookie: team.viewer.cookie,
      }),
    );
    expect(refused.statusCode).toBe(403);
    const rotated = await invoke(
      rotate,
      routeRequest('POST', `${LINK}/rotate`, {
        params: { id: team.workspaceId },
        cookie: team.manager.cookie,
      }),
    );
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json as CalendarFeedLink;
    expect(after.path).not.toBe(before.path);
    expect((await linkOf(team.workspaceId, team.viewer.cookie)).link.path).toBe(after.path);
    expect((await fetchFeed(team.workspaceId, queryOf(before))).statusCode).toBe(404);
    expect((await fetchFeed(team.workspaceId, queryOf(after))).statusCode).toBe(200);
    const events = await listWorkspaceAuditEvents(team.workspaceId, {
      count: 100,
      now: new Date(),
    });
    expect(events.map((event) => event.action)).toContain('calendar_feed.rotated');
  });
});
