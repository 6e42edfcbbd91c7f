/** Query keys of audit events (general -> specific). */
export const auditKeys = {
  all: ['audit-events'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  organization: (page: { limit: number; offset: number }) =>
    [...auditKeys.lists(), 'organization', page] as const,
  own: (page: { limit: number; offset: number }) => [...auditKeys.lists(), 'own', page] as const,
  workspace: (workspaceId: string, page: { limit: number; offset: number }) =>
    [...auditKeys.lists(), 'workspace', workspaceId, page] as const,
};
