/**
 * The import's steps over the rows of a file: the preview (one dry run of every row), the writes
 * (the rows the preview found to create or update, in requests of IMPORT_CHUNK_ROWS rows, so the
 * progress bar moves and each request stays well inside the API's limits) and the refused rows'
 * CSV. Rows are numbered from 1 after the header, as the API numbers them.
 */
import type {
  ImportOutcome,
  ImportRowProblem,
  ImportTokensResponse,
} from '@expiry-radar/shared/api/inventory-api-schemas';
import { writeCsv } from '@expiry-radar/shared/domain/csv-text';
import type { TokenFileField } from '@expiry-radar/shared/domain/token-file';
import { IMPORT_FIELD_LABELS } from '@expiry-radar/shared/domain/token-import';
import type { ImportSource } from './import-source';
import type { NumericDateOrder, NumericDates } from '@expiry-radar/shared/domain/import-dates';

/** Rows written per request. */
export const IMPORT_CHUNK_ROWS = 500;

/** What the preview shows of a row: its outcome and why it is not imported, or what it leaves out. */
export interface PreviewRow {
  readonly row: number;
  readonly outcome: ImportOutcome;
  readonly reasons: readonly string[];
}

const isField = (field: string | null): field is TokenFileField =>
  field !== null && Object.hasOwn(IMPORT_FIELD_LABELS, field);

/** "Expiration Date: Expiration date must be in the future"; a row-wide reason as it is. */
export function problemText(problem: Pick<ImportRowProblem, 'field' | 'message'>): string {
  return isField(problem.field)
    ? `${IMPORT_FIELD_LABELS[problem.field]}: ${problem.message}`
    : problem.message;
}

/** Each row's outcome and reasons from an answer about rows `rowNumbers` (default 1…n). */
export function previewRows(
  answer: ImportTokensResponse,
  rowNumbers: readonly number[] = answer.outcomes.map((_, index) => index + 1),
): PreviewRow[] {
  const reasons = new Map<number, string[]>();
  const add = (row: number, reason: string) =>
    reasons.set(row, [...(reasons.get(row) ?? []), reason]);
  for (const problem of answer.invalid) add(problem.row, problemText(problem));
  for (const dropped of answer.dropped) {
    add(dropped.row, `Left out: ${problemText(dropped)}`);
  }
  for (const row of answer.expired) add(row, 'Already expired');
  for (const duplicate of answer.duplicates) {
    add(
      duplicate.row,
      `Same name and type as row ${rowNumbers[duplicate.firstRow - 1] ?? duplicate.firstRow}`,
    );
  }
  return answer.outcomes.map((outcome, index) => ({
    row: rowNumbers[index] ?? index + 1,
    outcome,
    reasons: reasons.get(index + 1) ?? [],
  }));
}

export const NOT_IMPORTED: ReadonlySet<ImportOutcome> = new Set([
  'invalid',
  'duplicate',
  'refused',
]);

/** The rows to write: those the preview found to create or update. */
export function rowsToWrite(preview: readonly PreviewRow[]): number[] {
  return preview
    .filter((row) => row.outcome === 'create' || row.outcome === 'update')
    .map((row) => row.row);
}

export function chunksOf<T>(items: readonly T[], size = IMPORT_CHUNK_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The JSON content of some rows of a source (rows numbered from 1). */
export function contentOf(source: ImportSource, rows: readonly number[]): string {
  return JSON.stringify(rows.map((row) => source.records[row - 1]));
}

export interface ImportTotals {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly notImported: number;
}

/** The file's rows after the writes: the preview's, with each written row's final outcome. */
export function finalRows(
  preview: readonly PreviewRow[],
  written: readonly PreviewRow[],
): PreviewRow[] {
  const byRow = new Map(written.map((row) => [row.row, row]));
  return preview.map((row) => byRow.get(row.row) ?? row);
}

export function totalsOf(rows: readonly PreviewRow[]): ImportTotals {
  const count = (outcome: ImportOutcome) => rows.filter((row) => row.outcome === outcome).length;
  return {
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    notImported: rows.filter((row) => NOT_IMPORTED.has(row.outcome)).length,
  };
}

/** A value of a row as text: lists joined with ", ", other objects as JSON, nothing as "". */
export function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(cellOf).join(', ');
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}

/** The rows not imported as CSV: their row number and reasons, then the file's own columns. */
export function refusedRowsCsv(source: ImportSource, rows: readonly PreviewRow[]): string {
  const refused = rows.filter((row) => NOT_IMPORTED.has(row.outcome));
  return writeCsv(
    ['row', 'reason', ...source.columns],
    refused.map((row) => [
      String(row.row),
      row.reasons.join('; '),
      ...source.columns.map((column) => cellOf(source.records[row.row - 1]?.[column])),
    ]),
  );
}

/** The order the browser's language writes numeric dates in (`5/1/2027` or `1/5/2027`). */
export function localeDateOrder(locale?: string): NumericDateOrder {
  const parts = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2027, 0, 5)));
  const position = (type: Intl.DateTimeFormatPartTypes) =>
    parts.findIndex((part) => part.type === type);
  return position('day') < position('month') ? 'day-month-year' : 'month-day-year';
}

const ORDER_WORDS: Readonly<Record<NumericDateOrder, string>> = {
  'day-month-year': 'day/month/year',
  'month-day-year': 'month/day/year',
};

/** How the preview says a file's numeric dates were read; null when the file has none. */
export function numericDatesText(numericDates: NumericDates | null): string | null {
  if (!numericDates) return null;
  const why =
    numericDates.from === 'file'
      ? 'as the file shows'
      : 'as your browser’s language writes them: no date of the file tells';
  return `Dates like 05/01/2027 are read as ${ORDER_WORDS[numericDates.order]}, ${why}.`;
}
