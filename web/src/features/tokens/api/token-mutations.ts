import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityTagOf } from '@expiry-radar/shared/api/entity-tags';
import type { CreateTokenData } from '@expiry-radar/shared/domain/create-token-schema';
import { withRegistrationDomain } from '@expiry-radar/shared/domain/domain-registrations';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenUpdate } from '@expiry-radar/shared/domain/update-token-schema';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';
import { dispatchTokensUpdated } from '../../../lib/tokens-updated';
import { removeTokenFromLists, replaceTokenInLists } from './token-cache';
import { tokenKeys } from './token-keys';
import { isTokenDeleted } from './token-refusals';

/**
 * The token changes. Each says so in a toast and raises tokens-updated for its workspace (every
 * list of it reloads); an edit or a deletion also updates the loaded lists at once.
 */

/**
 * Creates a token from the create form's fields in the workspace. Silent: the form shows a
 * refusal (at its fields, else as a toast).
 */
export function useCreateTokenMutation(workspaceId: string) {
  return useMutation({
    mutationFn: (fields: CreateTokenData) =>
      call(
        'createToken',
        { body: { ...withRegistrationDomain(fields), workspace_id: workspaceId } },
        { silent: true },
      ),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.tokenCreated);
      dispatchTokensUpdated({ workspaceId });
    },
  });
}

export interface TokenChange {
  /** The token as shown before the change. */
  readonly token: Token;
  /** An edit, or a renewal (`{ expiresAt }`). */
  readonly update: TokenUpdate;
  /**
   * Saved only while the token is still as `token` (If-Match its `updated_at`), else refused
   * with 412: the edit dialog's whole form, which would put back what another member changed.
   */
  readonly onlyIfUnchanged?: boolean;
}

/**
 * Saves an edit or a renewal; the saved token (as the server answered) takes its row's place.
 * `silent`: the caller shows the failure itself (no toast from the client). `renewal`: the Renew
 * dialog's save, which says "Token renewed successfully" rather than "Token updated successfully".
 * A token deleted meanwhile (404) leaves the lists, which reload.
 */
export function useUpdateTokenMutation({
  silent = false,
  renewal = false,
}: { silent?: boolean; renewal?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, update, onlyIfUnchanged = false }: TokenChange) =>
      call(
        'updateToken',
        {
          params: { id: token.id },
          body: withRegistrationDomain(update, Boolean(token.registration)),
          ...(onlyIfUnchanged ? { ifMatch: entityTagOf(token.updated_at) } : {}),
        },
        { silent },
      ),
    onSuccess: (saved) => {
      showSuccessToast(renewal ? SUCCESS_MESSAGES.tokenRenewed : SUCCESS_MESSAGES.tokenUpdated);
      replaceTokenInLists(queryClient, saved);
      dispatchTokensUpdated({ workspaceId: saved.workspace_id });
    },
    onError: (error, { token }) => {
      if (!isTokenDeleted(error)) return;
      removeTokenFromLists(queryClient, token);
      void queryClient.invalidateQueries({ queryKey: tokenKeys.workspace(token.workspace_id) });
    },
  });
}

/**
 * Reads a token again (another member changed it): its rows take the answer. Null when it is not
 * there any more; it then leaves the lists.
 */
export function useReloadTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: Token): Promise<Token | null> => {
      const { items } = await call(
        'listTokens',
        { query: { workspace_id: token.workspace_id, id: token.id, limit: 1 } },
        { silent: true },
      );
      return items[0] ?? null;
    },
    onSuccess: (fresh, token) => {
      if (fresh) replaceTokenInLists(queryClient, fresh);
      else removeTokenFromLists(queryClient, token);
      void queryClient.invalidateQueries({ queryKey: tokenKeys.workspace(token.workspace_id) });
    },
  });
}

/** Deletes a token permanently; its row leaves the loaded lists at once. */
export function useDeleteTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: Token) => call('deleteToken', { params: { id: token.id } }),
    onSuccess: (_answer, token) => {
      showSuccessToast(SUCCESS_MESSAGES.tokenDeleted);
      removeTokenFromLists(queryClient, token);
      dispatchTokensUpdated({ workspaceId: token.workspace_id });
    },
  });
}
