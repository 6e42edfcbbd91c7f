import type { CreateTokenData } from '@expiry-radar/shared/domain/create-token-schema';
import type { TokenUpdate } from '@expiry-radar/shared/domain/update-token-schema';
import { call } from '../../../lib/api-call';
import type { ApiCallOptions } from '../../../lib/api-client';

/** The create form's fields plus the selected workspace. */
export function createToken(workspaceId: string, fields: CreateTokenData) {
  return call('createToken', { body: { ...fields, workspace_id: workspaceId } });
}

/** An edit, or a renewal (`{ expiresAt }`). */
export function updateToken(
  id: string,
  update: TokenUpdate,
  options: Pick<ApiCallOptions, 'silent'> = {},
) {
  return call('updateToken', { params: { id }, body: update }, options);
}

export function deleteToken(id: string) {
  return call('deleteToken', { params: { id } });
}
