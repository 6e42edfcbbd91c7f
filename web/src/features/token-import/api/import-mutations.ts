import { useMutation } from '@tanstack/react-query';
import type {
  ImportTokensBody,
  ImportTokensResponse,
} from '@expiry-radar/shared/api/inventory-api-schemas';
import { call } from '../../../lib/api-call';

/**
 * One import request to the workspace (a dry run for the preview, or a chunk of rows to write).
 * Silent: the dialog shows a refusal itself.
 */
export function useImportTokensMutation(workspaceId: string) {
  return useMutation({
    mutationFn: (body: ImportTokensBody): Promise<ImportTokensResponse> =>
      call('importTokens', { params: { id: workspaceId }, body }, { silent: true }),
  });
}
