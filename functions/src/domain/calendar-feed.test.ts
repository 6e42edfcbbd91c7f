import { createHmac, hkdfSync } from 'node:crypto';
import ICAL from 'ical.js';
import { buildCalendarFeed } from './calendar-feed';
import {
  calendarFeedKey,
  calendarFeedKeyHolder,
  calendarFeedPath,
  verifyCalendarFeedKey,
} from './calendar-feed-key';

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
    thresholds: [30, 7, 1, 0, 7],
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
    expect(triggers).toEqual(['-P30D', '-P7D', '-P1D', 'PT0S']);
    expect(alarms.map((alarm) => alarm.getFirstPropertyValue('action'))).toEqual([
      'DISPLAY',
      'DISPLAY',
      'DISPLAY',
      'DISPLAY',
    ]);
    // Worded as the alerts word the days left.
    expect(alarms.map((alarm) => alarm.getFirstPropertyValue('description'))).toEqual([
      'api.example.com expires in 30 days',
      'api.example.com expires in 7 days',
      'api.example.com expires tomorrow',
      'api.example.com expires today',
    ]);
  });
});

/** A key as v1 built it: one per workspace, naming no member. */
function workspaceWideV1Key(workspaceId: string, rotation: number, keyMaterial: string): string {
  const key = hkdfSync('sha256', keyMaterial, '', 'expiry-radar calendar feed v1', 32);
  return createHmac('sha256', Buffer.from(key))
    .update(`${workspaceId}.${rotation}`)
    .digest('base64url');
}

describe('calendar feed key', () => {
  const userId = '5f0c2a3e-8d1b-4c6f-9a7e-2b4d6f8a0c1e';
  const otherUserId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('names the member and verifies their current rotation under any key material in use', () => {
    const key = calendarFeedKey('ws-1', userId, 2, 'old-material');
    const materials = ['new-material', 'old-material'];
    expect(calendarFeedKeyHolder(key)).toBe(userId);
    expect(verifyCalendarFeedKey(key, 'ws-1', 2, materials)).toBe(true);
    expect(verifyCalendarFeedKey(key, 'ws-1', 3, materials)).toBe(false);
    expect(verifyCalendarFeedKey(key, 'ws-2', 2, ['old-material'])).toBe(false);
    expect(verifyCalendarFeedKey(`${key}x`, 'ws-1', 2, ['old-material'])).toBe(false);
    expect(verifyCalendarFeedKey('', 'ws-1', 2, ['old-material'])).toBe(false);
    expect(calendarFeedPath('ws-1', key)).toBe(`/api/v1/workspaces/ws-1/calendar.ics?key=${key}`);
  });

  it('gives each member their own key, and refuses one whose user id was changed', () => {
    const key = calendarFeedKey('ws-1', userId, 0, 'material');
    const othersKey = calendarFeedKey('ws-1', otherUserId, 0, 'material');
    expect(othersKey).not.toBe(key);
    const mac = key.slice(key.lastIndexOf('.') + 1);
    const tampered = `${otherUserId}.${mac}`;
    expect(calendarFeedKeyHolder(tampered)).toBe(otherUserId);
    expect(verifyCalendarFeedKey(tampered, 'ws-1', 0, ['material'])).toBe(false);
  });

  it('finds no member in a workspace-wide key of v1 or a malformed key; verifies neither', () => {
    const v1Key = workspaceWideV1Key('ws-1', 0, 'material');
    expect(calendarFeedKeyHolder(v1Key)).toBeUndefined();
    expect(verifyCalendarFeedKey(v1Key, 'ws-1', 0, ['material'])).toBe(false);
    expect(calendarFeedKeyHolder(`.${v1Key}`)).toBeUndefined();
    expect(calendarFeedKeyHolder(`USER#x.${v1Key}`)).toBeUndefined();
  });
});
