import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateAccountBody } from '@expiry-radar/shared/api/auth-schemas';
import { userResponse } from '@expiry-radar/shared/api/auth-schemas';
import { okResponse } from '@expiry-radar/shared/api/common-schemas';
import { listTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import { transferTokensResponse } from '@expiry-radar/shared/api/workspace-api-schemas';
import { TOKEN_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** The account calls of spec §7 (route table: updateAccount, deleteAccount, transferTokens). */

export const ACCOUNT_PATH = '/auth/account';

/** What the account form sends: only the fields that change. */
export type UpdateAccountRequest = z.input<typeof updateAccountBody>;

/** PUT /auth/account: answers with the updated user and whether the email needs verifying. */
export function updateAccount(body: UpdateAccountRequest) {
  return apiRequest(ACCOUNT_PATH, { method: 'PUT', body, schema: userResponse });
}

/** DELETE /auth/account: the password, unless the session signed in minutes ago. */
export function deleteAccount(password: string | undefined) {
  return apiRequest(ACCOUNT_PATH, {
    method: 'DELETE',
    body: password ? { password } : {},
    schema: okResponse,
  });
}

/** POST /api/v1/workspaces/{id}/transfer-tokens: moves tokens from another workspace into `{id}`. */
export function transferTokens(input: {
  targetWorkspaceId: string;
  fromWorkspaceId: string;
  tokenIds: string[];
}) {
  return apiRequest(
    `/api/v1/workspaces/${encodeURIComponent(input.targetWorkspaceId)}/transfer-tokens`,
    {
      method: 'POST',
      body: { from_workspace_id: input.fromWorkspaceId, token_ids: input.tokenIds },
      schema: transferTokensResponse,
    },
  );
}

/** A workspace's tokens by name, 100 per page (spec §9), to choose what to transfer. */
export function transferableTokensQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: accountKeys.transferableTokens(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/tokens', {
        query: {
          workspace_id: workspaceId,
          limit: TOKEN_PAGE_SIZE,
          offset: pageParam,
          sort: 'name_asc',
        },
        schema: listTokensResponse,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
