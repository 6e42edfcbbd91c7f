import ICAL from 'ical.js';
import { buildCalendarFeed } from './calendar-feed';
import { calendarFeedKey, calendarFeedPath, verifyCalendarFeedKey } from './calendar-feed-key';

const tokens = [
  { id: 'ws-1.a', name: 'api.example.com', category: 'cert', expiresAt: '2027-03-01' },
  { id: 'ws-1.b', name: 'Deploy key', category: 'key_secret', expiresAt: '2027-04-15T22:30:00Z' },
  { id: 'ws-1.c', name: 'Broken date', category: 'general', expiresAt: 'not a date' },
] as const;

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

describe('buildCalendarFeed', () => {
  const text = buildCalendarFeed({
    workspaceId: 'ws-1',
    workspaceName: 'Main',
    tokens,
    thresholds: [30, 7, 0, 7],
    tokenUrl: (id) => `https://app.example/dashboard?token=${id}`,
    now: new Date('2026-11-26T00:00:00Z'),
  });
  const events = parse(text).getAllSubcomponents('vevent');

  it('has one all-day event per token with a readable date, on its expiry day', () => {
    expect(events).toHaveLength(2);
    const [first, second] = events.map((event) => new ICAL.Event(event));
    expect(first!.uid).toBe('ws-1.a@expiry-radar');
    expect(first!.startDate.isDate).toBe(true);
    expect(first!.startDate.toString()).toBe('2027-03-01');
    expect(first!.summary).toBe('api.example.com expires (Certificates)');
    expect(first!.description).toContain('https://app.example/dashboard?token=ws-1.a');
    expect(second!.startDate.toString()).toBe('2027-04-15');
    expect(second!.summary).toBe('Deploy key expires (Keys & Secrets)');
  });

  it('reminds at each threshold once, days before the expiry', () => {
    const alarms = events[0]!.getAllSubcomponents('valarm');
    const triggers = alarms.map((alarm) => String(alarm.getFirstPropertyValue('trigger')));
    expect(triggers).toEqual(['-P30D', '-P7D', 'PT0S']);
    expect(alarms.map((alarm) => alarm.getFirstPropertyValue('action'))).toEqual([
      'DISPLAY',
      'DISPLAY',
      'DISPLAY',
    ]);
  });
});

describe('calendar feed key', () => {
  it('verifies the current rotation under any key material in use, nothing else', () => {
    const key = calendarFeedKey('ws-1', 2, 'old-material');
    expect(verifyCalendarFeedKey(key, 'ws-1', 2, ['new-material', 'old-material'])).toBe(true);
    expect(verifyCalendarFeedKey(key, 'ws-1', 3, ['new-material', 'old-material'])).toBe(false);
    expect(verifyCalendarFeedKey(key, 'ws-2', 2, ['old-material'])).toBe(false);
    expect(verifyCalendarFeedKey(`${key}x`, 'ws-1', 2, ['old-material'])).toBe(false);
    expect(verifyCalendarFeedKey('', 'ws-1', 2, ['old-material'])).toBe(false);
    expect(calendarFeedPath('ws-1', key)).toBe(`/api/v1/workspaces/ws-1/calendar.ics?key=${key}`);
  });
});
