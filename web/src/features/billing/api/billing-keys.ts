/** Query keys of plan and billing (general -> specific). */
export const billingKeys = {
  all: ['billing'] as const,
  plan: () => [...billingKeys.all, 'plan'] as const,
  usage: () => [...billingKeys.all, 'organization-usage'] as const,
};
