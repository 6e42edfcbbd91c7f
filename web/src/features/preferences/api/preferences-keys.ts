/** Query keys of the alert preferences (general -> specific). */
export const preferencesKeys = {
  all: ['preferences'] as const,
  alertSettings: (workspaceId: string) =>
    [...preferencesKeys.all, 'alert-settings', workspaceId] as const,
};
