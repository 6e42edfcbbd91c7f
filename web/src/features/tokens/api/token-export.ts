import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import { download } from '../../../lib/api-download';

/**
 * Downloads every token of the workspace as a CSV or JSON file named by the server's
 * content-disposition. Failures show the error catalogue's toast.
 */
export function useExportTokensMutation(workspaceId: string) {
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      download(
        'exportTokens',
        { params: { id: workspaceId }, query: { format } },
        { fallbackFileName: `expiry-radar-tokens.${format}` },
      ),
  });
}
