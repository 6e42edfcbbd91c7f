/** The token inventory's file routes: export (CSV or JSON download). */
import * as z from 'zod';
import { EXPORT_FORMATS, type ExportFormat } from '../constants/paging';
import { tokenSchema } from '../domain/token';

/** Spreadsheets are the usual destination, so CSV unless JSON is asked for. */
export const TOKEN_EXPORT_DEFAULT_FORMAT: ExportFormat = 'csv';

export const exportTokensQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: 'Format must be json or csv' })
    .default(TOKEN_EXPORT_DEFAULT_FORMAT),
});

/**
 * A file download (Content-Disposition names it): CSV text, or a JSON array of tokens with every
 * field in the file's column order (shared/src/domain/token-file).
 */
export const exportTokensResponse = z.union([z.array(tokenSchema), z.string()]);
