import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ListTokensResponse } from '@expiry-radar/shared/api/token-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { tokenKeys } from './token-keys';

type TokenPages = InfiniteData<ListTokensResponse, number>;

function mapPages(
  data: TokenPages | undefined,
  change: (page: ListTokensResponse) => ListTokensResponse,
): TokenPages | undefined {
  return data ? { ...data, pages: data.pages.map(change) } : data;
}

/** Puts a saved token in place of its row in every loaded list of its workspace. */
export function replaceTokenInLists(queryClient: QueryClient, token: Token): void {
  queryClient.setQueriesData<TokenPages>(
    { queryKey: tokenKeys.lists(token.workspace_id) },
    (data) =>
      mapPages(data, (page) =>
        page.items.some((item) => item.id === token.id)
          ? { ...page, items: page.items.map((item) => (item.id === token.id ? token : item)) }
          : page,
      ),
  );
}

/** Takes a deleted token out of every loaded list of its workspace. */
export function removeTokenFromLists(queryClient: QueryClient, token: Token): void {
  queryClient.setQueriesData<TokenPages>(
    { queryKey: tokenKeys.lists(token.workspace_id) },
    (data) =>
      mapPages(data, (page) =>
        page.items.some((item) => item.id === token.id)
          ? {
              ...page,
              items: page.items.filter((item) => item.id !== token.id),
              total: Math.max(0, page.total - 1),
            }
          : page,
      ),
  );
}
