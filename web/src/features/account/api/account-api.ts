import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateAccountBody } from '@expiry-radar/shared/api/auth-schemas';
import { TOKEN_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { call } from '../../../lib/api-call';
import { accountKeys } from './account-keys';

/** The account calls (route table: updateAccount, deleteAccount, transferTokens). */

/** What the account form sends: only the fields that change. */
export type UpdateAccountRequest = z.input<typeof updateAccountBody>;

/** Answers with the updated user and whether the email needs verifying. */
export function updateAccount(body: UpdateAccountRequest) {
  return call('updateAccount', { body });
}

/** The password, unless the session signed in minutes ago. */
export function deleteAccount(password: string | undefined) {
  return call('deleteAccount', { body: password ? { password } : {} });
}

/** Moves tokens from another workspace into the target workspace. */
export function transferTokens(input: {
  targetWorkspaceId: string;
  fromWorkspaceId: string;
  tokenIds: string[];
}) {
  return call('transferTokens', {
    params: { id: input.targetWorkspaceId },
    body: { from_workspace_id: input.fromWorkspaceId, token_ids: input.tokenIds },
  });
}

/** A workspace's tokens by name, 100 per page, to choose what to transfer. */
export function transferableTokensQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: accountKeys.transferableTokens(workspaceId),
    queryFn: ({ pageParam, signal }) =>
      call(
        'listTokens',
        {
          query: {
            workspace_id: workspaceId,
            limit: TOKEN_PAGE_SIZE,
            offset: pageParam,
            sort: 'name_asc',
          },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
