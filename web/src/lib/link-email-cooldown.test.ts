import { linkEmailCooldownUntil, rememberLinkEmailCooldown } from './link-email-cooldown';

beforeEach(() => window.sessionStorage.clear());

describe('link email cooldown', () => {
  it('holds for the address, without regard to case, until it ends', () => {
    rememberLinkEmailCooldown(' Ada@Example.com ', 60, 1_000);
    expect(linkEmailCooldownUntil('ada@example.com', 1_000)).toBe(61_000);
    expect(linkEmailCooldownUntil('ADA@example.com', 60_999)).toBe(61_000);
    expect(linkEmailCooldownUntil('ada@example.com', 61_000)).toBeNull();
    expect(linkEmailCooldownUntil('grace@example.com', 1_000)).toBeNull();
  });

  it('keeps the last address only, and ignores what it cannot read', () => {
    rememberLinkEmailCooldown('ada@example.com', 60, 0);
    rememberLinkEmailCooldown('grace@example.com', 30, 0);
    expect(linkEmailCooldownUntil('ada@example.com', 0)).toBeNull();
    expect(linkEmailCooldownUntil('grace@example.com', 0)).toBe(30_000);
    window.sessionStorage.setItem('expiry-radar:link-email-cooldown', '{not json');
    expect(linkEmailCooldownUntil('grace@example.com', 0)).toBeNull();
  });
});
