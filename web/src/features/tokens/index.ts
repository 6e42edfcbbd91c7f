/**
 * The tokens feature's public entry: the token queries (lists, facets, contact groups, the admin's
 * address, the transfer picker's list), changes, the export and the certificate reading; the
 * dashboard shows them, and a change to workspaces drops or reloads them through `tokenKeys`.
 */
export {
  useCreateTokenMutation,
  useDeleteTokenMutation,
  useReloadTokenMutation,
  useUpdateTokenMutation,
} from './api/token-mutations';
export {
  isTokenChangedMeanwhile,
  isTokenDeleted,
  TOKEN_DELETED_MESSAGE,
} from './api/token-refusals';
export { useParseCertificateMutation } from './api/certificate-parse';
export { useProbeEndpointMutation } from './api/endpoint-probe';
export { useExportTokensMutation } from './api/token-export';
export { tokenKeys, type TokenListFilters } from './api/token-keys';
export { useTokensUpdatedReload } from './hooks/use-tokens-updated-reload';
export {
  contactGroupsQueryOptions,
  ownerOptionsQueryOptions,
  tokenByIdQueryOptions,
  tokenListQueryOptions,
  sumSectionFacets,
  tokenSummaryFromCategoryPages,
  tokenSummaryQueryOptions,
  transferableTokensQueryOptions,
  workspaceAdminEmailQueryOptions,
  type ContactGroupOption,
  type OwnerOption,
  type TokenSummary,
} from './api/token-queries';
