/** Query keys of the user's plan and its usage (general -> specific). */
export const planKeys = {
  all: ['plan'] as const,
  current: () => [...planKeys.all, 'current'] as const,
  usage: () => [...planKeys.all, 'organization-usage'] as const,
  /** Outside `all`: a plan change leaves the prices as they are. */
  prices: () => ['plan-prices'] as const,
};
