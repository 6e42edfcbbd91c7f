/** Query keys of the account view (general -> specific). */
export const accountKeys = {
  all: ['account'] as const,
  transferTokens: () => [...accountKeys.all, 'transfer-tokens'] as const,
  /** The tokens of a (frozen) workspace offered for transfer, page by page. */
  transferableTokens: (workspaceId: string) =>
    [...accountKeys.transferTokens(), workspaceId] as const,
};
