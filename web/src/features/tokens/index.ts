/**
 * The tokens feature's public entry: the token queries (lists, facets, contact groups, the admin's
 * address, the transfer picker's list) and changes; the dashboard shows them, and a change to
 * workspaces drops or reloads them through `tokenKeys`.
 */
export {
  useCreateTokenMutation,
  useDeleteTokenMutation,
  useUpdateTokenMutation,
} from './api/token-mutations';
export { tokenKeys, type TokenListFilters } from './api/token-keys';
export { useTokensUpdatedReload } from './hooks/use-tokens-updated-reload';
export {
  contactGroupsQueryOptions,
  tokenByIdQueryOptions,
  tokenListQueryOptions,
  tokenSummaryQueryOptions,
  transferableTokensQueryOptions,
  workspaceAdminEmailQueryOptions,
  type ContactGroupOption,
} from './api/token-queries';
