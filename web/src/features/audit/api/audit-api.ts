import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import type { CallInput } from '../../../lib/api-call';
import { download, type DownloadedFile } from '../../../lib/api-download';

export type ExportAuditQuery = NonNullable<CallInput<'exportAudit'>['query']> & {
  format: ExportFormat;
};

/**
 * The events as a JSON or CSV file named by the server's content-disposition; the fallback name
 * only when the answer names none.
 */
export function exportAuditEvents(query: ExportAuditQuery): Promise<DownloadedFile> {
  return download(
    'exportAudit',
    { query },
    { fallbackFileName: `expiry-radar-audit.${query.format}` },
  );
}
