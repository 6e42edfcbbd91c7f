/** Query keys of the alert queue and statistics (general -> specific). */
export const alertKeys = {
  all: ['alert-queue'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  recent: (workspaceId: string) => [...alertKeys.lists(), 'recent', workspaceId] as const,
  queue: (workspaceId: string) => [...alertKeys.lists(), 'queue', workspaceId] as const,
  stats: (workspaceId: string) => [...alertKeys.all, 'stats', workspaceId] as const,
};
