/** The token inventory's file routes: export (CSV or JSON download) and import. */
import * as z from 'zod';
import { EXPORT_FORMATS, type ExportFormat } from '../constants/paging';
import { NUMERIC_DATE_ORDERS } from '../domain/import-dates';
import { tokenSchema } from '../domain/token';
import { TOKEN_FILE_FIELDS } from '../domain/token-file';
import { multiLineText } from '../domain/text-rules';

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

/** Rows one import request takes; a larger file is split into several requests. */
export const IMPORT_MAX_ROWS = 5000;
/** Text of one import request (API Gateway and Lambda take 6 MB of body). */
export const IMPORT_CONTENT_MAX_LENGTH = 5_000_000;
export const IMPORT_FORMATS = ['csv', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const importTokensBody = z.object({
  format: z.enum(IMPORT_FORMATS, { error: 'Format must be csv or json' }),
  /** CSV text with a header row, or a JSON array of objects (XLSX is turned into rows in the browser). */
  content: multiLineText(
    z
      .string({ error: 'Content is required' })
      .max(
        IMPORT_CONTENT_MAX_LENGTH,
        'The file must be 5,000,000 characters or less. Split it and import each part.',
      ),
  ),
  /**
   * Which field each column (CSV header, JSON key) feeds, null to ignore it; columns it does not
   * name are matched by their name.
   */
  mapping: z
    .record(
      z.string().max(200, 'Column names must be 200 characters or less'),
      z
        .enum(TOKEN_FILE_FIELDS, { error: 'Map each column to a token field or to nothing' })
        .nullable(),
    )
    .optional(),
  /** Answers what would happen and writes nothing. */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
  /**
   * Rows whose expiration date has passed are imported as expired tokens instead of refused (an
   * old spreadsheet's expired rows are what needs attention first). Single creates keep the rule.
   */
  includeExpired: z.boolean({ error: 'includeExpired must be true or false' }).default(false),
  /**
   * How to read numeric dates ("05/01/2027") when no date of the file tells (the importer's
   * locale); a date whose first or second number is above 12 decides for the whole file.
   */
  dateOrder: z
    .enum(NUMERIC_DATE_ORDERS, { error: 'dateOrder must be day-month-year or month-day-year' })
    .optional(),
});
export type ImportTokensBody = z.input<typeof importTokensBody>;

/** What became of a row: written (or to be), left as it was, or not imported. */
export const IMPORT_OUTCOMES = [
  'create',
  'update',
  'unchanged',
  'invalid',
  'duplicate',
  'refused',
] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** Why a row was not imported: its values, or the workspace (plan limit, a change meanwhile, frozen). */
export const IMPORT_REFUSAL_CODES = [
  'VALIDATION_ERROR',
  'PLAN_LIMIT',
  'CONFLICT',
  'WORKSPACE_FROZEN',
] as const;

export const importRowProblemSchema = z.object({
  /** 1-based among the file's rows (the header row is not counted). */
  row: z.number().int().positive(),
  /** The token field at fault; null when the row as a whole is refused. */
  field: z.string().nullable(),
  message: z.string(),
  code: z.enum(IMPORT_REFUSAL_CODES),
});
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>;

export const importTokensResponse = z.object({
  dryRun: z.boolean(),
  /** Rows read from the file. */
  rows: z.number().int().nonnegative(),
  /** Tokens created (or, in a dry run, that would be). */
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Rows equal to their token already: nothing to write. */
  unchanged: z.number().int().nonnegative(),
  /** Every problem of every row not imported (a row may have several). */
  invalid: z.array(importRowProblemSchema),
  /**
   * Optional values that were not valid, left out of rows imported without them (an update
   * keeps the token's own value): the row, the field and what was wrong.
   */
  dropped: z.array(
    z.object({ row: z.number().int().positive(), field: z.string(), message: z.string() }),
  ),
  /** How the file's numeric dates were read, and what decided it; null when it has none. */
  numericDates: z
    .object({ order: z.enum(NUMERIC_DATE_ORDERS), from: z.enum(['file', 'locale']) })
    .nullable(),
  /** Rows imported (or to be) with an expiration date already past (`includeExpired`). */
  expired: z.array(z.number().int().positive()),
  /** Rows with the name and type of an earlier row of the file (that one is imported). */
  duplicates: z.array(
    z.object({ row: z.number().int().positive(), firstRow: z.number().int().positive() }),
  ),
  /** Each row's outcome, in file order (`outcomes[row - 1]`). */
  outcomes: z.array(z.enum(IMPORT_OUTCOMES)),
  /** The mapping used: each column and the field it fed. */
  columns: z.array(z.object({ column: z.string(), field: z.enum(TOKEN_FILE_FIELDS).nullable() })),
});
export type ImportTokensResponse = z.infer<typeof importTokensResponse>;

/**
 * The workspace's tokens as Prometheus metrics in the OpenMetrics 1.0 text format: each token's
 * expiry timestamp and days left, labelled by token id, name, category, type, section and source,
 * and the count of tokens in each expiry status.
 */
export const tokenMetricsResponse = z
  .string()
  .describe(
    'OpenMetrics text: expiry_radar_token_expiry_timestamp_seconds and expiry_radar_token_days_left per token, expiry_radar_tokens per status; ends with # EOF.',
  );
