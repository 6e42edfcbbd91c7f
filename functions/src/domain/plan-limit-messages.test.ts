import { memberLimitMessage, workspaceLimitMessage } from './plan-limit-messages';

describe('plan limit messages', () => {
  it('names the plan, the limit and the way out', () => {
    expect(workspaceLimitMessage('free')).toBe(
      'Your Free plan allows 1 workspace. Upgrade your plan to create more workspaces.',
    );
    expect(workspaceLimitMessage('team')).toContain('10 workspaces');
    expect(memberLimitMessage('pro')).toBe(
      'A workspace on the Pro plan can have 5 members (pending invitations included). Upgrade the plan to add more members.',
    );
  });
});
