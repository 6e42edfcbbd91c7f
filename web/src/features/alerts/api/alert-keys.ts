/** Query keys of the alert queue (general -> specific). */
export const alertKeys = {
  all: ['alert-queue'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  recent: (workspaceId: string) => [...alertKeys.lists(), 'recent', workspaceId] as const,
};
