import type { Category } from '@expiry-radar/shared/domain/categories';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';

/** What one category card asks for (the page offset is the infinite query's page parameter). */
export interface TokenListFilters {
  readonly category: Category;
  /** The search text, trimmed; empty for none. */
  readonly q: string;
  readonly sort: TokenSort;
  /** A section name, `__none__`, or `__all__`. */
  readonly section: string;
  /** Only the tokens the signed-in member owns ("Assigned to me"). */
  readonly assignedToMe?: boolean;
}

/** Query keys of tokens (general -> specific). */
export const tokenKeys = {
  all: ['tokens'] as const,
  workspace: (workspaceId: string) => [...tokenKeys.all, workspaceId] as const,
  lists: (workspaceId: string) => [...tokenKeys.workspace(workspaceId), 'list'] as const,
  list: (workspaceId: string, filters: TokenListFilters) =>
    [...tokenKeys.lists(workspaceId), filters] as const,
  /** Total and facets of the whole workspace (no search, category or section filter). */
  summary: (workspaceId: string) => [...tokenKeys.workspace(workspaceId), 'summary'] as const,
  /** The workspace's tokens by name, page by page, to choose what to transfer. */
  transferable: (workspaceId: string) =>
    [...tokenKeys.workspace(workspaceId), 'transferable'] as const,
  /** One token by id: what an alert's link opens. */
  byId: (workspaceId: string, tokenId: string) =>
    [...tokenKeys.workspace(workspaceId), 'by-id', tokenId] as const,
  /** The workspace admin's address, shown where contact groups need a paid plan. */
  adminEmail: (workspaceId: string) => [...tokenKeys.all, 'admin-email', workspaceId] as const,
  /** The workspace's members, offered as a token's owner. */
  members: (workspaceId: string) => [...tokenKeys.all, 'members', workspaceId] as const,
};
