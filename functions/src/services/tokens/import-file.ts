/**
 * An import request's file as rows: CSV with a header row, or a JSON array of objects; each
 * column mapped to the field it feeds. A file that cannot be read as a whole, or that has no
 * column for a required field, is refused (400) before any row is looked at.
 */
import { IMPORT_MAX_ROWS, type ImportFormat } from '@expiry-radar/shared/api/inventory-api-schemas';
import { readCsv } from '@expiry-radar/shared/domain/csv-text';
import type { TokenFileField } from '@expiry-radar/shared/domain/token-file';
import {
  IMPORT_FIELD_LABELS,
  doublyMappedFields,
  resolveColumnMapping,
  unmappedRequiredFields,
  type ColumnMapping,
  type ImportCell,
} from '@expiry-radar/shared/domain/token-import';
import { badRequest } from '../../platform/app-error';

export interface ImportFile {
  readonly columns: readonly string[];
  readonly records: readonly Readonly<Record<string, ImportCell>>[];
  readonly mapping: Readonly<Record<string, TokenFileField | null>>;
}

const fieldList = (fields: readonly TokenFileField[]) =>
  fields.map((field) => IMPORT_FIELD_LABELS[field]).join(', ');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(content: string): Pick<ImportFile, 'columns' | 'records'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw badRequest('The file is not valid JSON.');
  }
  if (!Array.isArray(parsed)) {
    throw badRequest('A JSON import is an array of token objects.');
  }
  const columns = new Set<string>();
  parsed.forEach((row, index) => {
    if (!isPlainObject(row)) {
      throw badRequest(`Row ${index + 1} of the JSON file is not an object.`);
    }
    for (const key of Object.keys(row)) columns.add(key);
  });
  return { columns: [...columns], records: parsed as Record<string, unknown>[] };
}

function readCsvFile(content: string): Pick<ImportFile, 'columns' | 'records'> {
  const table = readCsv(content);
  const problem = table.problems[0];
  if (problem) {
    throw badRequest(`Row ${problem.row} of the CSV file could not be read: check its quotes.`);
  }
  return table;
}

export function readImportFile(
  format: ImportFormat,
  content: string,
  given: ColumnMapping | undefined,
): ImportFile {
  const { columns, records } = format === 'csv' ? readCsvFile(content) : readJson(content);
  if (records.length === 0) throw badRequest('The file has no rows to import.');
  if (records.length > IMPORT_MAX_ROWS) {
    throw badRequest(
      `An import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; this file has ${records.length.toLocaleString('en-US')}. Split it and import each part.`,
    );
  }
  const mapping = resolveColumnMapping(columns, given);
  const doubled = doublyMappedFields(mapping)[0];
  if (doubled) {
    throw badRequest(
      `Columns ${doubled.columns.map((column) => `"${column}"`).join(' and ')} both feed ${IMPORT_FIELD_LABELS[doubled.field]}. Map only one of them to it.`,
    );
  }
  const missing = unmappedRequiredFields(mapping);
  if (missing.length > 0) {
    throw badRequest(`No column feeds ${fieldList(missing)}. Map a column to each.`);
  }
  return { columns, records, mapping };
}
