import { freezeReasons, usageFreezeReason } from './workspace-freezing';

const small = { tokens: 3, members: 1 };

describe('freezeReasons', () => {
  it('keeps the oldest owned up to the plan limit and freezes the newest beyond it', () => {
    expect(freezeReasons('free', [small, small, small])).toEqual([
      null,
      'workspace_limit',
      'workspace_limit',
    ]);
    expect(freezeReasons('pro', [small, small, small, small])).toEqual([
      null,
      null,
      null,
      'workspace_limit',
    ]);
    expect(
      freezeReasons(
        'enterprise',
        Array.from({ length: 20 }, () => small),
      ),
    ).toEqual(Array.from({ length: 20 }, () => null));
  });

  it('freezes a workspace over the token or member limit, which then takes no active place', () => {
    expect(
      freezeReasons('free', [
        { tokens: 51, members: 1 },
        { tokens: 50, members: 2 },
        { tokens: 50, members: 1 },
        small,
      ]),
    ).toEqual(['token_limit', 'member_limit', null, 'workspace_limit']);
    expect(usageFreezeReason('pro', { tokens: 500, members: 5 })).toBeNull();
    expect(usageFreezeReason('pro', { tokens: 501, members: 5 })).toBe('token_limit');
    expect(usageFreezeReason('pro', { tokens: 0, members: 6 })).toBe('member_limit');
    expect(usageFreezeReason('enterprise', { tokens: 1e9, members: 1e9 })).toBeNull();
  });
});
