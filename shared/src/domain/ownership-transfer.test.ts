import { ownershipTransferLimitMessage } from './ownership-transfer';

describe('ownershipTransferLimitMessage', () => {
  it.each([
    [
      'free' as const,
      'workspace_limit' as const,
      "Dana's Free plan allows 1 workspace; they must upgrade before they can own this one.",
    ],
    [
      'pro' as const,
      'workspace_limit' as const,
      "Dana's Pro plan allows 3 workspaces; they must upgrade before they can own this one.",
    ],
    [
      'pro' as const,
      'token_limit' as const,
      "Dana's Pro plan allows 500 tokens per workspace and this one has 1,200; they must upgrade before they can own it.",
    ],
    [
      'team' as const,
      'member_limit' as const,
      "Dana's Team plan allows 50 members per workspace and this one has 51 (pending invitations included); they must upgrade before they can own it.",
    ],
  ])('names what is over on the %s plan (%s)', (plan, reason, message) => {
    expect(
      ownershipTransferLimitMessage({
        memberName: 'Dana',
        plan,
        reason,
        usage: { tokens: 1_200, members: 51 },
      }),
    ).toBe(message);
  });
});
