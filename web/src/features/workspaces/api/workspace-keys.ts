/** Query keys of workspaces (general -> specific). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  lists: () => [...workspaceKeys.all, 'list'] as const,
  list: (page: { limit: number; offset: number }) => [...workspaceKeys.lists(), page] as const,
  detail: (id: string) => [...workspaceKeys.all, 'detail', id] as const,
  members: (id: string) => [...workspaceKeys.detail(id), 'members'] as const,
  memberPage: (id: string, page: { limit: number; offset: number; q?: string }) =>
    [...workspaceKeys.members(id), page] as const,
  /** The user's pending invitations: under the workspaces' key, so every refresh of the
   * workspaces loads them again too. */
  invitations: () => [...workspaceKeys.all, 'invitations'] as const,
};
