import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import type { CallInput } from '../../../lib/api-call';
import { download } from '../../../lib/api-download';

export type ExportAuditQuery = NonNullable<CallInput<'exportAudit'>['query']> & {
  format: ExportFormat;
};

/**
 * Downloads the events as a JSON or CSV file named by the server's content-disposition (the
 * fallback name only when the answer names none). Failures show the error catalogue's toast.
 */
export function useExportAuditMutation() {
  return useMutation({
    mutationFn: (query: ExportAuditQuery) =>
      download(
        'exportAudit',
        { query },
        { fallbackFileName: `expiry-radar-audit.${query.format}` },
      ),
  });
}
