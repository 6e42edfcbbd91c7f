import { deleteTokenResponse, tokenResponse } from '@expiry-radar/shared/api/token-api-schemas';
import type { CreateTokenData } from '@expiry-radar/shared/domain/create-token-schema';
import type { TokenUpdate } from '@expiry-radar/shared/domain/update-token-schema';
import type { ApiRequestOptions } from '../../../lib/api-client';
import { apiRequest } from '../../../lib/api-client';
import { TOKENS_PATH } from './token-queries';

function tokenPath(id: string): string {
  return `${TOKENS_PATH}/${encodeURIComponent(id)}`;
}

/** `POST /api/tokens`: the create form's fields plus the selected workspace. */
export function createToken(workspaceId: string, fields: CreateTokenData) {
  return apiRequest(TOKENS_PATH, {
    method: 'POST',
    body: { ...fields, workspace_id: workspaceId },
    schema: tokenResponse,
  });
}

/** `PUT /api/tokens/{id}`: an edit, or a renewal (`{ expiresAt }`). */
export function updateToken(
  id: string,
  update: TokenUpdate,
  options: Pick<ApiRequestOptions<unknown>, 'silent'> = {},
) {
  return apiRequest(tokenPath(id), {
    method: 'PUT',
    body: update,
    schema: tokenResponse,
    ...options,
  });
}

/** `DELETE /api/tokens/{id}`. */
export function deleteToken(id: string) {
  return apiRequest(tokenPath(id), { method: 'DELETE', schema: deleteTokenResponse });
}
