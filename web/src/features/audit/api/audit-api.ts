import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import { apiDownload, type DownloadedFile, type QueryValue } from '../../../lib/api-client';

/**
 * GET /api/account/export-audit: the events as a JSON or CSV file named by the server's
 * content-disposition (spec §7); the fallback name only when the answer names none.
 */
export function exportAuditEvents(
  query: Record<string, QueryValue> & { format: ExportFormat },
): Promise<DownloadedFile> {
  return apiDownload('/api/account/export-audit', {
    query,
    fallbackFileName: `expiry-radar-audit.${query.format}`,
  });
}
