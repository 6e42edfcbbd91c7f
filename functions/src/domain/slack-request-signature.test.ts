import { checkSlackSignature, hasSlackSignature, slackSignature } from './slack-request-signature';
import { shortDay, slackUpdatedMessage, subjectBlockId } from './slack-alert-message';

const secret = 'signing-secret';
const body = 'payload=%7B%22type%22%3A%22block_actions%22%7D';
const now = new Date('2026-12-01T12:00:00.000Z');
const seconds = (offset: number) => String(Math.floor(now.getTime() / 1000) + offset);

describe("Slack's request signature", () => {
  const check = (timestamp: string | undefined, signature: string | undefined, raw = body) =>
    checkSlackSignature({ signingSecret: secret, timestamp, signature, rawBody: raw, now });

  it('takes a v0 signature of the exact body within 5 minutes either way', () => {
    for (const offset of [0, -300, 300]) {
      const timestamp = seconds(offset);
      expect(check(timestamp, slackSignature(secret, timestamp, body))).toBe('valid');
    }
  });

  it('calls a right signature older (or newer) than 5 minutes stale, anything else forged', () => {
    const old = seconds(-301);
    expect(check(old, slackSignature(secret, old, body))).toBe('stale');
    const ahead = seconds(360);
    expect(check(ahead, slackSignature(secret, ahead, body))).toBe('stale');
    const timestamp = seconds(0);
    expect(check(timestamp, slackSignature('another secret', timestamp, body))).toBe('forged');
    expect(check(timestamp, slackSignature(secret, timestamp, body), `${body}&x=1`)).toBe('forged');
    expect(check(timestamp, 'v0=short')).toBe('forged');
    expect(check(undefined, slackSignature(secret, timestamp, body))).toBe('forged');
    expect(check('12e3', slackSignature(secret, '12e3', body))).toBe('forged');
  });

  it('tells a request without a signature to check, refused before the secret is read', () => {
    expect(hasSlackSignature(seconds(0), 'v0=abc')).toBe(true);
    expect(hasSlackSignature(undefined, 'v0=abc')).toBe(false);
    expect(hasSlackSignature(seconds(0), undefined)).toBe(false);
    expect(hasSlackSignature('12e3', 'v0=abc')).toBe(false);
  });
});

describe('an alert message updated after an action', () => {
  const actions = {
    type: 'actions',
    block_id: subjectBlockId({ workspaceId: 'w', tokenId: 't', expiresAt: '2027-01-31' }),
    elements: [],
  };
  const posted = [{ type: 'header' }, actions];

  it('puts the status line before the buttons it keeps, replacing an earlier line', () => {
    const snoozed = slackUpdatedMessage({
      posted,
      fallbackText: 'API key expires in 7 days',
      status: 'Snoozed until 12 Dec by Ada',
      keepActions: true,
    });
    expect(snoozed.blocks.map((block) => block.type)).toEqual(['header', 'context', 'actions']);
    const acknowledged = slackUpdatedMessage({
      posted: snoozed.blocks,
      fallbackText: 'API key expires in 7 days',
      status: 'Acknowledged by Ada: no more alerts for this expiry',
      keepActions: false,
    });
    expect(acknowledged.blocks.map((block) => block.type)).toEqual(['header', 'context']);
    expect(JSON.stringify(acknowledged.blocks)).not.toContain('Snoozed');
  });

  it('writes days as Slack users read them: the year only when it is another', () => {
    expect(shortDay('2026-12-12', now)).toBe('12 Dec');
    expect(shortDay('2027-01-03', now)).toBe('3 Jan 2027');
  });
});
